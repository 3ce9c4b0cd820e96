"""The ledger page's glue: reads the forms, asks `engine.ledger`, writes with textContent.

The page's game is the record of SPEC §6.3 (``rules``, ``hands``: what the engine and the CLI
read, and what the page exports) plus what only the page needs: ``names`` (what the table calls
each seat) and ``ended`` (the game was ended by hand). All of it is saved in localStorage in a
versioned envelope after every change. A stored value this page cannot read is moved aside under
a key of its own and shown raw; it is never dropped.
"""
import json

import engine
from engine import ledger
from engine.presets import FIELDS, preset_rules
from engine.query import parse
from present import fmt
from pyodide.ffi import create_proxy, to_js
from pyscript import document, window

L = json.loads(document.getElementById("strings").textContent)["ledger"]
ROOT = document.documentElement
SETUP = document.querySelector("[data-ledger-setup]")
RULES_FORM = document.getElementById("ledger-rules")
GAME = document.querySelector("[data-ledger-game]")
BOARD = document.querySelector("[data-ledger-board]")
MAIN = document.querySelector("main.ledger")
HAND_FORM = document.getElementById("ledger-hand")
STORE = window.localStorage

KEY = "mahjong-ledger"
UNREADABLE = KEY + ".unreadable."  # + the time it was found; one key per damaged value
PREVIOUS = KEY + ".previous"  # the last finished game, kept when a new one starts
FORMAT, VERSION = "mahjong-ledger", 1
MINUS = "\u2212"

state = {"record": None, "ref": 0, "download": None, "blocked": False}


# ---------------------------------------------------------------- small helpers

def q(selector, scope=document):
    return scope.querySelector(selector)


def each(selector, scope=document):
    return list(scope.querySelectorAll(selector))


def set_text(selector, text, scope=document):
    for element in each(selector, scope):
        element.textContent = text


def signed(amount):
    if amount > 0:
        return "+" + fmt(amount)
    return MINUS + fmt(-amount) if amount < 0 else "0"


def signed_result(value):
    text = f"{value:+.1f}"
    return text.replace("-", MINUS)


def now_iso():
    return window.Date.new().toISOString()


def seat_name(record, seat):
    names = record.get("names") or []
    name = names[seat] if seat < len(names) else ""
    return name or L["seat"][str(seat)]


def round_text(code):
    """'E2' -> 동2 / 東2."""
    return L["wind"][code[0]] + code[1:]


def error_text(error, with_place=False):
    """A RecordError in the page's language, naming the field and, for a stored or pasted
    record, the hand."""
    words = L["error"]
    label = L["rule"].get(error.field) or L["field"].get(error.field) or error.field
    text = words.get(f"{error.code}_{error.field}", words[error.code]).format(label=label)
    if not with_place:
        return text
    place = L["where"]["rules"] if error.hand is None else L["where"]["hand"].format(n=error.hand + 1)
    return f"{place} — {text}"


def show_error(name, text, scope=document):
    """The message in the field's box, or in its form's general box (JavaScript's null is falsy,
    whether it arrives as None or as a JsNull)."""
    box = q(f'[data-ledger-error="{name}"]', scope) or q('[data-ledger-error="rules"]', scope) \
        or q('[data-ledger-error="hand"]', scope)
    box.textContent = text
    box.hidden = not text


def clear_errors(scope):
    for box in each("[data-ledger-error]", scope):
        box.textContent = ""
        box.hidden = True


# ---------------------------------------------------------------- storage

def stored(key):
    """localStorage's text under `key`, or None (JavaScript's null arrives as a JsNull)."""
    value = STORE.getItem(key)
    return value if isinstance(value, str) else None


def engine_record(game):
    """The record proper: what the engine and the CLI read."""
    return {"rules": game["rules"], "hands": game["hands"]}


def save(game):
    envelope = {"format": FORMAT, "version": VERSION, "saved": now_iso(),
                "record": engine_record(game), "names": game.get("names", []),
                "ended": bool(game.get("ended"))}
    STORE.setItem(KEY, json.dumps(envelope, ensure_ascii=False))


def read_envelope(text):
    """The game inside a stored or pasted text, its record checked by the engine; raises
    ValueError with the sentence to show. A bare record ({"rules", "hands"}) is a game too."""
    try:
        data = json.loads(text)
    except ValueError:
        raise ValueError(L["store"]["bad_json"]) from None
    page = {}
    if isinstance(data, dict) and "format" in data:
        if data["format"] != FORMAT:
            raise ValueError(L["store"]["wrong_format"])
        if data.get("version") != VERSION:
            version = json.dumps(data.get("version"), ensure_ascii=False)
            raise ValueError(L["store"]["unknown_version"].format(version=version))
        page = {"names": data.get("names", []), "ended": data.get("ended", False)}
        data = data.get("record")
    if not isinstance(data, dict) or "hands" not in data:
        raise ValueError(L["store"]["wrong_format"])
    try:
        ledger.replay(data)
    except ledger.RecordError as error:
        raise ValueError(L["store"]["bad_record"].format(reason=error_text(error, True))) from None
    names = page.get("names", [])
    if not (isinstance(names, list) and all(isinstance(name, str) for name in names)):
        raise ValueError(L["store"]["bad_record"].format(reason=L["error"]["names"]))
    rules = ledger.rules_from(data.get("rules"))
    hands = [ledger.read_hand(hand, index, rules) for index, hand in enumerate(data["hands"])]
    return {"rules": rules, "hands": hands, "names": names, "ended": page.get("ended") is True}


def load():
    """The stored game, or None. A value that cannot be read is moved aside, never dropped."""
    text = stored(KEY)
    if text is None:
        return None
    try:
        return read_envelope(text)
    except ValueError as problem:
        aside = UNREADABLE + now_iso()
        try:
            STORE.setItem(aside, text)
        except Exception:  # storage full: leave it where it is, and do not save over it
            state["blocked"] = True
            show_damaged(KEY, text, str(problem))
            return None
        STORE.removeItem(KEY)
        show_damaged(aside, text, str(problem))
        return None


def unreadable_keys():
    keys = [STORE.key(index) for index in range(STORE.length)]
    return sorted(key for key in keys if isinstance(key, str) and key.startswith(UNREADABLE))


def show_damaged(key, text, problem):
    box = q("[data-ledger-damaged]")
    box.dataset.key = key
    set_text("[data-ledger-damaged-message]", problem)
    q("[data-ledger-damaged-raw]").value = text
    box.hidden = False


def show_older_damaged():
    """Values moved aside on an earlier visit stay on show until the user lets them go."""
    keys = unreadable_keys()
    if not q("[data-ledger-damaged]").hidden or not keys:
        return  # one moved aside just now is on show already, or there is none
    text = stored(keys[-1])
    try:
        read_envelope(text)
        problem = ""
    except ValueError as error:
        problem = str(error)
    show_damaged(keys[-1], text, problem)


# ---------------------------------------------------------------- setup

def setup_field(name):
    return RULES_FORM.elements.namedItem(name)


def setup_players():
    return int(setup_field("players").value)


def fill_uma(uma):
    for box, value in zip(each('input[name="uma"]', RULES_FORM), [*uma, ""]):
        box.value = str(value)


def fill_rules(rules):
    for field in FIELDS:
        if field in ("players", "uma"):
            continue
        element = setup_field(field)
        if element.type == "checkbox":
            element.checked = bool(rules[field])
        else:
            element.value = str(rules[field])
    fill_uma(rules["uma"])


def on_preset(_event=None):
    """A preset fills every rule for the chosen player count; "custom" keeps the rules as they
    are and takes only the player-dependent start, return and uma from the defaults."""
    name = setup_field("preset").value
    players = setup_players()
    clear_errors(RULES_FORM)
    if name != "custom":
        try:
            fill_rules(preset_rules(name, players))
            return
        except ValueError:  # a rule set played by four only
            setup_field("preset").value = "custom"
            show_error("rules", L["setup"]["three_not_offered"], RULES_FORM)
    seats = ledger.rules_from({"players": players})
    setup_field("start").value = str(seats["start"])
    setup_field("return").value = str(seats["return"])
    fill_uma(seats["uma"])


def on_rule_edit(event):
    name = event.target.name
    if name == "players":
        on_preset()
    elif name not in ("preset", "name"):
        setup_field("preset").value = "custom"


def read_rules():
    mapping = {}
    for field in FIELDS:
        if field == "uma":
            boxes = each('input[name="uma"]', RULES_FORM)[:setup_players()]
            mapping["uma"] = [box.value.strip() for box in boxes]
            continue
        element = setup_field(field)
        if field == "players":
            mapping[field] = element.value
        elif element.type == "checkbox":
            mapping[field] = 1 if element.checked else 0
        else:
            mapping[field] = element.value.strip()
    return ledger.rules_from(mapping)


def on_start(event):
    event.preventDefault()
    clear_errors(RULES_FORM)
    try:
        rules = read_rules()
    except ledger.RecordError as error:
        show_error(error.field, error_text(error), RULES_FORM)
        q("#ledger-rule-list").open = True
        return
    names = [box.value.strip() for box in each('input[name="name"]', RULES_FORM)]
    record = {"rules": rules, "hands": [], "names": names[:rules["players"]]}
    change(record)
    carry_from_calculator()
    q("#ledger-board").focus()


# ---------------------------------------------------------------- the next hand

def checked(name):
    return [int(box.value) for box in each(f'input[name="{name}"]:checked', HAND_FORM)]


def read_form_hand():
    """The hand as the form states it, in the record's keys (values as the controls hold them);
    the engine checks it."""
    result = HAND_FORM.elements.namedItem("result").value
    hand = {"result": result, "riichi": checked("riichi")}
    if result in ("ron", "tsumo"):
        hand["winners"] = []
        for seat in checked("winner"):
            box = q(f'[data-ledger-winner="{seat}"]', HAND_FORM)
            winner = {"seat": seat, "yakuman": q('[name="yakuman"]', box).value}
            if winner["yakuman"] == "0":
                winner.update(han=q('[name="han"]', box).value, fu=q('[name="fu"]', box).value)
            elif q('[name="pao"]', box).value:
                winner["pao"] = q('[name="pao"]', box).value
            hand["winners"].append(winner)
        if result == "ron":
            hand["from"] = HAND_FORM.elements.namedItem("from").value or None
            if hand["from"] is None:
                del hand["from"]
    elif result == "draw":
        hand["tenpai"] = checked("tenpai")
        hand["nagashi"] = checked("nagashi")
    return hand


ERROR_BOX = {"from": "from", "winners": "winner", "seat": "winner", "han": "winner",
             "fu": "winner", "yakuman": "winner", "pao": "winner", "tenpai": "tenpai",
             "nagashi": "nagashi", "riichi": "riichi"}


NOT_YET = {("no_winner", "winners"), ("missing", "from")}


def standing(game):
    return game["final"]["scores"] if game["over"] else game["next"]["scores"]


def preview(_event=None, adding=False):
    """What the hand in the form would change, before it is added. A choice still to make is a
    hint while the form is filled in, and an error when the hand is added."""
    record = state["record"]
    clear_errors(HAND_FORM)
    if record is None or current_game(record)["over"]:
        return None
    raw = read_form_hand()
    index = len(record["hands"])
    try:
        hand = ledger.read_hand(raw, index, ledger.rules_from(record["rules"]))
        before = current_game(record)
        after = ledger.replay({**engine_record(record), "hands": [*record["hands"], hand]})
    except ledger.RecordError as error:
        if (error.code, error.field) in NOT_YET and not adding:  # not a mistake yet
            set_text("[data-ledger-preview-next]", error_text(error))
        else:
            show_error(ERROR_BOX.get(error.field, "hand"), error_text(error), HAND_FORM)
            set_text("[data-ledger-preview-next]", "")
        for seat in range(4):
            set_text(f'[data-ledger-preview="{seat}"]', "–")
        return None
    for seat, (old, new) in enumerate(zip(standing(before), standing(after))):
        set_text(f'[data-ledger-preview="{seat}"]', signed(new - old))
    if after["over"]:
        line = L["hand"]["preview_over"]
    else:
        upcoming = after["next"]
        line = L["hand"]["preview_next"].format(round=round_text(upcoming["round"]),
                                                honba=upcoming["honba"], sticks=upcoming["sticks"])
    set_text("[data-ledger-preview-next]", line)
    return hand


def on_add(event):
    event.preventDefault()
    hand = preview(adding=True)
    if hand is None:
        return
    record = state["record"]
    change({**record, "hands": [*record["hands"], hand]})
    HAND_FORM.reset()
    set_text("[data-ledger-carried]", "")
    q("[data-ledger-carried]").hidden = True
    preview()


def carry_from_calculator():
    """A calculator link (?han=4&fu=40&win=tsumo&seat=dealer) fills the next-hand form once."""
    params = window.URLSearchParams.new(window.location.search)
    mapping = {name: params.get(name) for name in engine.KEYS if params.has(name)}
    if not mapping or state["record"] is None:
        return  # kept in the address until a game is running
    window.history.replaceState(None, "", window.location.pathname)
    try:
        values = parse(mapping)
        result = engine.calculate_values(values)
    except engine.InputError:
        return
    if values["rule"] != "riichi":
        return
    HAND_FORM.elements.namedItem("result").value = values["win"]
    for box in each("[data-ledger-winner]", HAND_FORM):
        q('[name="yakuman"]', box).value = str(values["yakuman"])
        if not values["yakuman"]:
            q('[name="han"]', box).value = str(values["han"])
            q('[name="fu"]', box).value = str(result["fu"])
    game = current_game(state["record"])
    if values["seat"] == "dealer" and not game["over"]:
        q(f'#lh-winner-{game["next"]["dealer"]}').checked = True
    if values["yakuman"]:
        hand = L["hand"]["carried_yakuman"].format(k=values["yakuman"])
    else:
        hand = L["hand"]["carried_hand"].format(han=values["han"], fu=result["fu"])
    words = L["hand"]["carried"].format(hand=f'{hand}, {L["choice"]["result"][values["win"]]}')
    set_text("[data-ledger-carried]", words)
    q("[data-ledger-carried]").hidden = False


# ---------------------------------------------------------------- the game

def current_game(record):
    if record.get("ended"):
        return ledger.end(engine_record(record))
    return ledger.replay(engine_record(record))


def change(record):
    """Every change goes through here: save first, then draw."""
    if not state["blocked"]:
        save(record)
    state["record"] = record
    draw()


def describe(hand, record):
    """One history line for a stored hand."""
    words = L["history"]
    join = words["joiner"].join
    if hand["result"] in ("ron", "tsumo"):
        winners = join(seat_name(record, w["seat"]) for w in hand["winners"])
        if hand["result"] == "ron":
            return words["ron"].format(winners=winners, **{"from": seat_name(record, hand["from"])})
        return words["tsumo"].format(winners=winners)
    if hand["result"] == "draw":
        text = words["draw"].format(count=len(set(hand.get("tenpai", [])) | set(hand["riichi"])))
        if hand.get("nagashi"):
            text += " · " + words["nagashi"].format(
                seats=join(seat_name(record, seat) for seat in hand["nagashi"]))
        return text
    return words["abort"]


def draw_history(record, game):
    body = q("[data-ledger-history]")
    body.replaceChildren()
    for hand, entry in zip(record["hands"], game["hands"]):
        row = document.createElement("tr")
        head = document.createElement("th")
        head.scope = "row"
        head.textContent = f'{round_text(entry["round"])} {entry["honba"]}{L["board"]["honba_unit"]}'
        row.appendChild(head)
        what = document.createElement("td")
        what.textContent = describe(hand, record)
        row.appendChild(what)
        for seat, delta in enumerate(entry["deltas"]):
            cell = document.createElement("td")
            cell.textContent = signed(delta)
            cell.className = "plus" if delta > 0 else "minus" if delta < 0 else ""
            if seat == 3:
                cell.classList.add("lg-north")
            row.appendChild(cell)
        body.appendChild(row)
    q("[data-ledger-history-empty]").hidden = bool(record["hands"])
    q("[data-ledger-undo]").disabled = not (record["hands"] or record.get("ended"))


def draw_board(record, game):
    scores = standing(game)
    if game["over"]:
        last = game["hands"][-1] if game["hands"] else {"round": "E1", "honba": 0, "sticks": 0}
        now = {"round": last["round"], "honba": last["honba"], "sticks": 0, "dealer": None}
    else:
        now = game["next"]
    set_text("[data-ledger-round]", round_text(now["round"]))
    set_text("[data-ledger-honba]", str(now["honba"]))
    set_text("[data-ledger-sticks]", str(now["sticks"]))
    q("[data-ledger-over]").hidden = not game["over"]
    ref = state["ref"] if state["ref"] < len(scores) else 0
    for seat, score in enumerate(scores):
        set_text(f'[data-ledger-score="{seat}"]', fmt(score))
        q(f'[data-ledger-dealer="{seat}"]').hidden = seat != now["dealer"]
        diff = L["board"]["reference"] if seat == ref else signed(score - scores[ref])
        set_text(f'[data-ledger-diff="{seat}"]', diff)
        q(f'[data-ledger-ref="{seat}"]').setAttribute("aria-pressed", "true" if seat == ref else "false")


def draw_final(record, game):
    box = q("[data-ledger-final]")
    box.hidden = not game["over"]
    if not game["over"]:
        return
    final = game["final"]
    body = q("[data-ledger-final-rows]")
    body.replaceChildren()
    order = sorted(range(len(final["ranks"])), key=lambda seat: final["ranks"][seat])
    for seat in order:
        rank = final["ranks"][seat]
        cells = [str(rank), seat_name(record, seat), fmt(final["scores"][seat]),
                 signed(final["uma"][seat]),
                 signed_result(final["oka"][seat]) if final["oka"][seat] else "",
                 signed_result(final["results"][seat])]
        row = document.createElement("tr")
        for index, text in enumerate(cells):
            cell = document.createElement("th" if index == 0 else "td")
            cell.textContent = text
            if index == 5:
                cell.dataset.ledgerResult = str(seat)
            row.appendChild(cell)
        body.appendChild(row)
    set_text("[data-ledger-final-note]", L["final"]["ended_by_hand"] if record.get("ended") else "")


def draw_export(record):
    text = json.dumps(engine_record(record), ensure_ascii=False)
    q("[data-ledger-export]").value = text
    if state["download"] is not None:
        window.URL.revokeObjectURL(state["download"])
    options = window.Object.fromEntries(to_js([["type", "application/json"]]))
    state["download"] = window.URL.createObjectURL(window.Blob.new(to_js([text]), options))
    q("[data-ledger-download]").href = state["download"]


def draw():
    record = state["record"]
    SETUP.hidden = record is not None
    GAME.hidden = BOARD.hidden = record is None
    q("[data-ledger-export-box]").hidden = record is None
    if record is None:
        return
    game = current_game(record)
    MAIN.dataset.players = str(record["rules"]["players"])
    MAIN.dataset.nagashi = str(record["rules"]["nagashi"])
    GAME.dataset.over = "1" if game["over"] else "0"
    for seat in range(4):
        set_text(f'[data-ledger-label="{seat}"]', seat_name(record, seat))
    HAND_FORM.hidden = game["over"]
    q("[data-ledger-end]").hidden = game["over"]
    q("[data-ledger-end-sure]").hidden = True
    draw_board(record, game)
    draw_history(record, game)
    draw_final(record, game)
    draw_export(record)
    preview()


# ---------------------------------------------------------------- buttons

def on_ref(event):
    state["ref"] = int(event.currentTarget.dataset.ledgerRef)
    draw_board(state["record"], current_game(state["record"]))


def on_undo(_event):
    record = dict(state["record"])
    if record.get("ended"):
        record["ended"] = False
    elif record["hands"]:
        record["hands"] = record["hands"][:-1]
    change(record)
    set_text("[data-ledger-history-done]", L["history"]["undone"])


def on_end(_event):
    q("[data-ledger-end-sure]").hidden = False
    q("[data-ledger-end-sure]").focus()


def on_end_sure(_event):
    change({**state["record"], "ended": True})


def on_new(_event):
    STORE.setItem(PREVIOUS, stored(KEY) or "")
    STORE.removeItem(KEY)
    state["record"] = None
    draw()
    q("#ledger-setup-heading").scrollIntoView()


def on_import(_event):
    text = q("[data-ledger-import]").value
    show_error("import", "")
    set_text("[data-ledger-import-done]", "")
    try:
        record = read_envelope(text)
    except ValueError as problem:
        show_error("import", L["store"]["import_failed"].format(reason=str(problem)))
        return
    if state["record"] is not None:
        STORE.setItem(PREVIOUS, stored(KEY) or "")
    change(record)
    q("[data-ledger-import]").value = ""
    set_text("[data-ledger-import-done]", L["store"]["imported"])


async def copy_text(text, done_selector):
    try:
        await window.navigator.clipboard.writeText(text)
    except Exception:  # clipboard refused (no permission, insecure context)
        return
    set_text(done_selector, L["store"]["copied"])


async def on_copy(_event):
    await copy_text(q("[data-ledger-export]").value, "[data-ledger-copy-done]")


async def on_copy_damaged(_event):
    await copy_text(q("[data-ledger-damaged-raw]").value, "[data-ledger-damaged-done]")


def on_forget(_event):
    box = q("[data-ledger-damaged]")
    if box.dataset.key and box.dataset.key != KEY:
        STORE.removeItem(box.dataset.key)
    box.hidden = True
    show_older_damaged()


def on_storage(event):
    """Another tab of this site saved the game: follow it, so neither tab writes over the other's
    hands with an older copy."""
    if event.key == KEY:
        state["record"] = load()
        draw()


# Module globals keep the proxies alive for as long as the page listens.
proxies = {name: create_proxy(handler) for name, handler in {
    "preset": on_preset, "rule_edit": on_rule_edit, "start": on_start, "preview": preview,
    "add": on_add, "ref": on_ref, "undo": on_undo, "end": on_end, "end_sure": on_end_sure,
    "new": on_new, "import": on_import, "copy": on_copy, "copy_damaged": on_copy_damaged,
    "forget": on_forget, "storage": on_storage}.items()}


def listen(selector, event, name):
    for element in each(selector):
        element.addEventListener(event, proxies[name])


def start():
    state["record"] = load()
    show_older_damaged()
    listen("#lr-preset", "change", "preset")
    listen("#ledger-rules", "change", "rule_edit")
    listen("#ledger-rules", "submit", "start")
    listen("#ledger-hand", "input", "preview")
    listen("#ledger-hand", "change", "preview")
    listen("#ledger-hand", "submit", "add")
    listen("[data-ledger-ref]", "click", "ref")
    listen("[data-ledger-undo]", "click", "undo")
    listen("[data-ledger-end]", "click", "end")
    listen("[data-ledger-end-sure]", "click", "end_sure")
    listen("[data-ledger-new]", "click", "new")
    listen("[data-ledger-import-go]", "click", "import")
    listen("[data-ledger-copy]", "click", "copy")
    listen("[data-ledger-damaged-copy]", "click", "copy_damaged")
    listen("[data-ledger-damaged-forget]", "click", "forget")
    window.addEventListener("storage", proxies["storage"])
    draw()
    carry_from_calculator()
    preview()
    q("[data-ledger-loading]").hidden = True
    ROOT.dataset.engine = "ready"


start()
