"""The table view (SPEC §10.2): one phone lying flat in the middle of the table, a panel on each
edge turned to face its player. Seats sit in turn order counter-clockwise from the bottom: seat 0
at the bottom (upright), 1 on the right, 2 at the top, 3 on the left (none in three-player).

The view has no hand of its own: it writes the next-hand form's controls (result, winners, the
discarder, tenpai, nagashi, the chombo seat, riichi, each winner's han and fu) and confirms the
form's hand through the ledger's own add (`actions`), so what it records, previews and saves is
the form's. The functions above the line are the view's logic without a page, unit-tested.

>>> entry, problem = pick(begin("ron"), 1)
>>> entry["phase"], entry["winners"], problem
('from', [1], None)
>>> pick(entry, 1)[1], pick(entry, 2)[0]["phase"]
('from_winner', 'sheet')
"""
import asyncio
import contextlib

import dom
from calculator.present import fmt
from engine import ledger
from ledger import board, hand
from ledger.game import current_game, standing
from ledger.page import L, doc, each, el, error_text, q, round_text, state, win
from ledger.present import describe, hand_dealer, named, signed

ROTATIONS = (0, 270, 180, 90)  # bottom, right, top, left: each panel's turn, in degrees clockwise
RIICHI = 1000
FIRST_PHASE = {"ron": "winner", "tsumo": "winner", "draw": "tenpai", "abort": "sheet",
               "chombo": "seat"}
PROMPT = {"winner": "pick_winner", "from": "pick_from", "tenpai": "pick_tenpai",
          "nagashi": "pick_nagashi", "seat": "pick_seat"}


def begin(end):
    """The entry of one ending (ron, tsumo, draw, abort, chombo) before any tap."""
    return {"end": end, "phase": FIRST_PHASE[end], "winners": [], "from": None, "tenpai": [],
            "nagashi": [], "seat": None, "valuing": 0}


def toggled(seats, seat):
    return [other for other in seats if other != seat] if seat in seats else sorted([*seats, seat])


def pick(entry, seat):
    """The entry after a tap on `seat`'s pick target, and the problem to say (or None). Ron takes
    the winner, then the discarder (`more` goes back for a second or third winner); tsumo the
    winner; a draw its tenpai (or nagashi) seats until `next`; chombo the seat.

    >>> pick(begin("tsumo"), 3)[0]["phase"], pick(begin("chombo"), 2)[0]["seat"]
    ('sheet', 2)
    >>> entry = pick(pick(begin("draw"), 2)[0], 0)[0]
    >>> entry["tenpai"], pick(entry, 2)[0]["tenpai"]
    ([0, 2], [0])
    """
    phase = entry["phase"]
    entry = dict(entry)
    if phase == "winner":
        entry["winners"] = [w for w in entry["winners"] if w != seat] \
            if seat in entry["winners"] else [*entry["winners"], seat]
        if entry["winners"]:
            entry["phase"] = "sheet" if entry["end"] == "tsumo" else "from"
    elif phase == "from":
        if seat in entry["winners"]:
            return entry, "from_winner"
        entry.update({"from": seat, "phase": "sheet"})
    elif phase in ("tenpai", "nagashi"):
        entry[phase] = toggled(entry[phase], seat)
    elif phase == "seat":
        entry.update({"seat": seat, "phase": "sheet"})
    return entry, None


def target(entry, seat):
    """What `seat`'s pick target says in this phase, and whether it is chosen already.

    >>> entry = pick(begin("ron"), 1)[0]
    >>> target(entry, 1), target(entry, 0)
    (('winner', True), ('from', False))
    """
    phase = entry["phase"]
    if phase in ("winner", "from") and seat in entry["winners"]:
        return "winner", True
    if phase in ("tenpai", "nagashi"):
        return phase, seat in entry[phase]
    return phase, False


def sheet_seat(entry, dealer):
    """The seat the value sheet turns toward: the winner being valued, the chombo's offender, else
    the dealer."""
    if entry["end"] in ("ron", "tsumo"):
        return entry["winners"][entry["valuing"]]
    return entry["seat"] if entry["end"] == "chombo" else dealer


def stated(entry, riichi=()):
    """The entry as a hand of the record's shape, for its history line (present.describe).

    >>> stated(pick(pick(begin("ron"), 1)[0], 3)[0])["from"]
    3
    """
    return {"result": entry["end"], "winners": [{"seat": seat} for seat in entry["winners"]],
            "from": entry["from"], "tenpai": entry["tenpai"], "nagashi": entry["nagashi"],
            "seat": entry["seat"], "riichi": list(riichi)}


def shown_scores(scores, riichi):
    """The scores with this hand's riichi deposits already on the table.

    >>> shown_scores([25000, 25000, 25000], [2])
    [25000, 25000, 24000]
    """
    return [score - RIICHI * (seat in riichi) for seat, score in enumerate(scores)]


def differences(scores, seat):
    """Each other seat's score minus `seat`'s, as the board's differences read.

    >>> differences([30000, 25000, 22000, 23000], 1)
    [(0, '+5,000'), (2, '−3,000'), (3, '−2,000')]
    """
    return [(other, signed(score - scores[seat])) for other, score in enumerate(scores) if other != seat]


# ---------------------------------------------------------------- the page

view = {"entry": None, "lock": None, "told": False, "game": (None, None), "fullscreen": False}
actions = {}  # the ledger's add and undo (set by the package's start)
proxies = {}


def game_of(record):
    """The record's replay, kept while the record stays the same object: a riichi tap replays
    nothing."""
    kept, game = view["game"]
    if kept is not record:
        game = current_game(record)
        view["game"] = (record, game)
    return game


def is_open():
    return "view" in el and not el["view"].hidden


def form():
    return el["hand_form"]


def riichi_seats():
    return hand.checked("riichi")


def set_rotation(node, seat):
    node.dataset.tableRotation = str(ROTATIONS[seat])


def put(selector, text, scope=None):
    for node in each(selector, scope):
        if node.textContent != text:
            node.textContent = text


def draw():
    """The view as the game and the form's riichi stand (nothing while it is closed)."""
    if not is_open():
        return
    record = state["record"]
    game = game_of(record)
    players = record["rules"]["players"]
    dealer = hand_dealer(game)
    now = board.now_of(game)
    riichi = [] if game["over"] else riichi_seats()
    scores = shown_scores(standing(game), riichi)
    put("[data-table-round]", round_text(now["round"]))
    put("[data-table-honba]", str(now["honba"]))
    put("[data-table-sticks]", str(now["sticks"] + len(riichi)))
    q("[data-table-over]").hidden = not game["over"]
    el["view"].dataset.over = "1" if game["over"] else "0"
    entry = view["entry"]
    for seat in range(players):
        name = named(L, record, seat, dealer)
        put(f'[data-table-name="{seat}"]', name)
        put(f'[data-table-score="{seat}"]', fmt(scores[seat]))
        q(f'[data-table-dealer="{seat}"]').hidden = game["over"] or seat != dealer
        button = q(f'[data-table-riichi="{seat}"]')
        on = seat in riichi
        button.setAttribute("aria-pressed", "true" if on else "false")
        button.disabled = game["over"]
        put(f'[data-table-riichi="{seat}"]', L["table"]["riichi_on" if on else "riichi"])
        pick_button = q(f'[data-table-pick="{seat}"]')
        picking = entry is not None and entry["phase"] != "sheet"
        pick_button.hidden = not picking
        if picking:
            what, chosen = target(entry, seat)
            put(f'[data-table-pick-what="{seat}"]', L["table"]["target"][what])
            put(f'[data-table-pick-name="{seat}"]', name)
            pick_button.setAttribute("aria-pressed", "true" if chosen else "false")
    draw_centre(entry, players, game["over"])
    q("[data-table-undo]").disabled = not (record["hands"] or record.get("ended"))


def draw_centre(entry, players, over):
    picking = entry is not None and entry["phase"] != "sheet"
    el["view"].dataset.mode = "idle" if entry is None else entry["phase"]
    q("[data-table-ends]").hidden = entry is not None or over
    q("[data-table-steps]").hidden = not picking
    prompt = q("[data-table-prompt]")
    prompt.hidden = not picking
    if picking:
        put("[data-table-prompt]", L["table"][PROMPT[entry["phase"]]])
        q("[data-table-more]").hidden = not (entry["phase"] == "from" and len(entry["winners"]) < players - 1)
        q("[data-table-next]").hidden = entry["phase"] not in ("tenpai", "nagashi")
        nagashi = q("[data-table-nagashi]")
        nagashi.hidden = entry["phase"] not in ("tenpai", "nagashi")
        nagashi.setAttribute("aria-pressed", "true" if entry["phase"] == "nagashi" else "false")


def say(text):
    box = q("[data-table-error]")
    box.textContent = text
    box.hidden = not text


# ---------------------------------------------------------------- the form, driven

def write_form(entry):
    """The entry into the next-hand form's controls (riichi and the winners' values stay)."""
    box = form()
    box.elements.namedItem("result").value = entry["end"]
    for name, seats in (("winner", entry["winners"]), ("tenpai", entry["tenpai"]),
                        ("nagashi", entry["nagashi"])):
        for check in each(f'input[name="{name}"]', box):
            check.checked = int(check.value) in seats
    box.elements.namedItem("from").value = "" if entry["from"] is None else str(entry["from"])
    box.elements.namedItem("seat").value = "" if entry["seat"] is None else str(entry["seat"])


def reset_form():
    """The form as it starts, but for this hand's riichi."""
    riichi = riichi_seats()
    form().reset()
    for seat in riichi:
        q(f"#lh-riichi-{seat}").checked = True


def winner_box(seat):
    return q(f'[data-ledger-winner="{seat}"]', form())


def open_sheet():
    """The value sheet, turned toward the seat it is for, its controls holding the form's."""
    entry = view["entry"]
    record = state["record"]
    game = game_of(record)
    dealer = hand_dealer(game)
    write_form(entry)
    sheet = q("[data-table-sheet]")
    set_rotation(sheet, sheet_seat(entry, dealer))
    put("[data-table-sheet-heading]", describe(L, stated(entry), record, dealer))
    valued = entry["end"] in ("ron", "tsumo")
    q("[data-table-value]").hidden = not valued
    if valued:
        seat = entry["winners"][entry["valuing"]]
        put("[data-table-value-heading]", L["table"]["value"].format(name=named(L, record, seat, dealer)))
        for name in ("han", "fu", "yakuman"):
            q(f'[name="{name}"]', sheet).value = q(f'[name="{name}"]', winner_box(seat)).value
    last = not valued or entry["valuing"] == len(entry["winners"]) - 1
    put("[data-table-confirm]", L["hand"]["add"] if last else L["table"]["confirm_next"])
    for seat in range(record["rules"]["players"]):
        put(f'[data-table-preview-name="{seat}"]', named(L, record, seat, dealer))
    q("[data-table-sheet-box]").hidden = False
    preview_sheet()
    draw()


def preview_sheet(adding=False):
    """The sheet's preview, as the form's: every seat's change and the next hand; the hand when
    it can be added."""
    record = state["record"]
    entry = view["entry"]
    sheet = q("[data-table-sheet]")
    if entry["end"] in ("ron", "tsumo"):
        box = winner_box(entry["winners"][entry["valuing"]])
        for name in ("han", "fu", "yakuman"):
            q(f'[name="{name}"]', box).value = q(f'[name="{name}"]', sheet).value
        sheet.dataset.yakuman = q('[name="yakuman"]', sheet).value
    raw = hand.read_form_hand()
    problem = q("[data-table-sheet-error]")
    try:
        added, before, after = hand.outcome(record, raw)
    except ledger.RecordError as error:
        refused = hand.refusal(error, raw, game_of(record))
        problem.textContent = refused[1] if refused else error_text(error)
        problem.hidden = False
        for seat in range(4):
            put(f'[data-table-preview="{seat}"]', "–")
        put("[data-table-preview-next]", "")
        return None
    problem.hidden = True
    for seat, text in enumerate(hand.changes(before, after)):
        put(f'[data-table-preview="{seat}"]', text)
    put("[data-table-preview-next]", hand.next_line(after))
    return added


def end_entry():
    view["entry"] = None
    q("[data-table-sheet-box]").hidden = True
    say("")


# ---------------------------------------------------------------- actions

def on_open(_event):
    if state["record"] is None or state["following"]:
        return
    if state["editing"] is not None:
        hand.clear_form()
    el["view"].hidden = False
    doc().body.classList.add("table-open")
    end_entry()
    draw()
    q("[data-table-no-wake]").hidden = True
    asyncio.ensure_future(enter())


async def enter():
    """Full screen where the browser has it, and the screen kept awake; a refusal of either
    leaves the view as it is."""
    node = el["view"]
    if hasattr(node, "requestFullscreen"):
        try:
            await node.requestFullscreen()
            view["fullscreen"] = True
        except Exception:
            view["fullscreen"] = False
    await keep_awake()


async def keep_awake():
    navigator = win().navigator
    if not hasattr(navigator, "wakeLock"):
        if not view["told"]:  # said once
            view["told"] = True
            q("[data-table-no-wake]").hidden = False
        return
    try:
        view["lock"] = await navigator.wakeLock.request("screen")
    except Exception:
        view["lock"] = None


def on_visible(_event):
    """The page shown again: the browser dropped the wake lock when it was hidden."""
    if is_open() and doc().visibilityState == "visible":
        asyncio.ensure_future(keep_awake())


def on_close(_event):
    end_entry()
    reset_form()
    el["view"].hidden = True
    doc().body.classList.remove("table-open")
    lock, view["lock"] = view["lock"], None
    if lock is not None:
        asyncio.ensure_future(release(lock))
    if dom.found(doc().fullscreenElement) and hasattr(doc(), "exitFullscreen"):
        asyncio.ensure_future(leave_fullscreen())
    hand.preview()


async def release(lock):
    with contextlib.suppress(Exception):  # released already by the browser
        await lock.release()


async def leave_fullscreen():
    with contextlib.suppress(Exception):
        await doc().exitFullscreen()


def on_riichi(event):
    """A seat's riichi: its 1,000 on the table at once; a second tap within the hand takes it
    back. The form's riichi box is the hand's riichi list."""
    seat = event.currentTarget.dataset.tableRiichi
    check = q(f"#lh-riichi-{seat}")
    check.checked = not check.checked
    draw()
    if view["entry"] is not None and view["entry"]["phase"] == "sheet":
        preview_sheet()


def on_end(event):
    end = event.currentTarget.dataset.tableEnd
    view["entry"] = begin(end)
    say("")
    if view["entry"]["phase"] == "sheet":
        open_sheet()
        return
    draw()


def on_pick(event):
    seat = int(event.currentTarget.dataset.tablePick)
    entry, problem = pick(view["entry"], seat)
    view["entry"] = entry
    say(L["table"][problem] if problem else "")
    if entry["phase"] == "sheet":
        open_sheet()
        return
    draw()


def on_more(_event):
    view["entry"] = {**view["entry"], "phase": "winner"}
    say("")
    draw()


def on_nagashi(_event):
    entry = view["entry"]
    view["entry"] = {**entry, "phase": "tenpai" if entry["phase"] == "nagashi" else "nagashi"}
    draw()


def on_next(_event):
    view["entry"] = {**view["entry"], "phase": "sheet"}
    open_sheet()


def on_cancel(_event):
    end_entry()
    reset_form()
    draw()


def on_sheet_input(_event):
    preview_sheet()


def on_confirm(event):
    event.preventDefault()
    entry = view["entry"]
    added = preview_sheet(adding=True)
    if added is None:
        return
    if entry["end"] in ("ron", "tsumo") and entry["valuing"] < len(entry["winners"]) - 1:
        view["entry"] = {**entry, "valuing": entry["valuing"] + 1}
        open_sheet()
        return
    end_entry()
    actions["add"](added)  # saved and drawn; then the form starts the next hand afresh
    draw()


def on_undo(event):
    end_entry()
    actions["undo"](event)


def on_look(event):
    """A panel tapped: the differences to the others from that seat, turned toward its player."""
    seat = int(event.currentTarget.dataset.tableLook)
    record = state["record"]
    game = game_of(record)
    dealer = hand_dealer(game)
    scores = shown_scores(standing(game), [] if game["over"] else riichi_seats())
    box = q("[data-table-diffs]")
    set_rotation(box, seat)
    put("[data-table-diffs-heading]", L["table"]["diffs"].format(name=named(L, record, seat, dealer)))
    for row in each("[data-table-diff-row]"):
        row.hidden = True
    for other, text in differences(scores, seat):
        q(f'[data-table-diff-row="{other}"]').hidden = False
        put(f'[data-table-diff-name="{other}"]', named(L, record, other, dealer))
        put(f'[data-table-diff="{other}"]', text)
    q("[data-table-diffs-box]").hidden = False


def on_diffs_close(_event):
    q("[data-table-diffs-box]").hidden = True


HANDLERS = {
    "open": ("[data-table-open]", "click", on_open), "close": ("[data-table-close]", "click", on_close),
    "riichi": ("[data-table-riichi]", "click", on_riichi), "end": ("[data-table-end]", "click", on_end),
    "pick": ("[data-table-pick]", "click", on_pick), "more": ("[data-table-more]", "click", on_more),
    "nagashi": ("[data-table-nagashi]", "click", on_nagashi),
    "next": ("[data-table-next]", "click", on_next), "cancel": ("[data-table-cancel]", "click", on_cancel),
    "sheet_cancel": ("[data-table-sheet-cancel]", "click", on_cancel),
    "sheet_input": ("[data-table-sheet]", "change", on_sheet_input),
    "confirm": ("[data-table-sheet]", "submit", on_confirm), "undo": ("[data-table-undo]", "click", on_undo),
    "look": ("[data-table-look]", "click", on_look),
    "diffs_close": ("[data-table-diffs-box]", "click", on_diffs_close)}


def start(document, add, undo):
    """Wire the view's controls; `add` and `undo` are the ledger's (saved, then drawn)."""
    actions.update(add=add, undo=undo)
    el["view"] = document.querySelector("[data-table-view]")
    for name, (selector, event, handler) in HANDLERS.items():
        proxies[name] = dom.proxy(handler)
        for node in document.querySelectorAll(selector):
            node.addEventListener(event, proxies[name])
    proxies["visible"] = dom.proxy(on_visible)
    document.addEventListener("visibilitychange", proxies["visible"])
