"""The table view (SPEC §10.2): one phone lying flat in the middle of the table, a panel on each
edge turned to face its player. Seats sit in turn order counter-clockwise from the bottom: seat 0
at the bottom (upright), 1 on the right, 2 at the top, 3 on the left (none in three-player).

The view has no hand of its own: it writes the next-hand form's controls (result, winners, the
discarder, tenpai, nagashi, the chombo seat, riichi, each winner's han and fu) and confirms the
form's hand through the ledger's own add (`actions`), so what it records, previews and saves is
the form's. A winner valued by tiles ticks the form's "by tiles" box and has the form's own tile
box (ledger.tilebox) lent to the sheet while it is valued. The functions above the line are the
view's logic without a page, unit-tested.

>>> entry, problem = pick(begin("ron"), 1)
>>> entry["phase"], entry["winners"], problem
('from', [1], None)
>>> pick(entry, 1)[1], pick(entry, 2)[0]["phase"]
('from_winner', 'sheet')
"""
import dom
from engine import ledger
from conditions import present as need_words
from engine.conditions import Table, every_seat, read_rules
from ledger import board, conditions, draft, hand, tilebox
from ledger.game import current_game, standing
from ledger.page import L, doc, each, el, error_text, q, round_text, state, strings, update_text, win
from ledger.present import describe, hand_dealer, named, place_text, points_text, signed, signed_result

ROTATIONS = (0, 270, 180, 90)  # bottom, right, top, left: each panel's turn, in degrees clockwise
FIRST_PHASE = {"ron": "winner", "tsumo": "winner", "draw": "tenpai", "chombo": "seat"}  # abort: sheet
PHASES = ("winner", "from", "tenpai", "nagashi", "seat", "sheet")
LEVELS = (None, "table", "sheet")  # the browser history's entries the view adds: back closes them
HISTORY = "ledger-table:"  # + the level: the history state of an entry the view pushed


def begin(end):
    """The entry of one ending (ron, tsumo, draw, abort, chombo) before any tap."""
    return {"end": end, "phase": FIRST_PHASE.get(end, "sheet"), "winners": [], "from": None,
            "tenpai": [], "nagashi": [], "seat": None, "valuing": 0, "several": False}


def toggled(seats, seat):
    return sorted(set(seats) ^ {seat})


def pick(entry, seat, riichi=()):
    """The entry after a tap on `seat`'s pick target, and the problem to say (or None). Ron takes
    the winner, then the discarder (`more` goes back for a second or third winner; pressed before
    the first, ``several`` takes every winner until `next`); tsumo the winner; a draw its tenpai
    (or nagashi) seats until `next`, a seat in this hand's `riichi` being tenpai already; chombo
    the seat.

    >>> pick(begin("tsumo"), 3)[0]["phase"], pick(begin("chombo"), 2)[0]["seat"]
    ('sheet', 2)
    >>> entry = pick(pick(begin("draw"), 2)[0], 0)[0]
    >>> entry["tenpai"], pick(entry, 2)[0]["tenpai"]
    ([0, 2], [0])
    >>> pick(begin("draw"), 1, riichi=[1])[0]["tenpai"]
    []
    >>> several = pick(pick(dict(begin("ron"), several=True), 1)[0], 2)[0]
    >>> several["phase"], several["winners"]
    ('winner', [1, 2])
    """
    phase = entry["phase"]
    entry = dict(entry)
    if phase == "winner":
        winners = entry["winners"]
        entry["winners"] = [w for w in winners if w != seat] + [seat] * (seat not in winners)
        if entry["winners"] and not (entry["several"] and entry["end"] == "ron"):
            entry["phase"] = "sheet" if entry["end"] == "tsumo" else "from"
    elif phase == "from":
        if seat in entry["winners"]:
            return entry, "from_winner"
        entry.update({"from": seat, "phase": "sheet"})
    elif phase == "nagashi" or (phase == "tenpai" and seat not in riichi):
        entry[phase] = toggled(entry[phase], seat)
    elif phase == "seat":
        entry.update({"seat": seat, "phase": "sheet"})
    return entry, None


def target(entry, seat, riichi=()):
    """What `seat`'s pick target says in this phase, and whether it is chosen already (in a
    draw, a seat in this hand's `riichi` is tenpai).

    >>> entry = pick(begin("ron"), 1)[0]
    >>> target(entry, 1), target(entry, 0)
    (('winner', True), ('from', False))
    >>> target(begin("draw"), 2, riichi=[2])
    ('tenpai', True)
    """
    phase = entry["phase"]
    if phase in ("winner", "from") and seat in entry["winners"]:
        return "winner", True
    if phase in ("tenpai", "nagashi"):
        return phase, seat in (tenpai_of(entry, riichi) if phase == "tenpai" else entry[phase])
    return phase, False


def tenpai_of(entry, riichi):
    """A draw's tenpai seats: those tapped, and every seat in this hand's `riichi`, as the engine
    counts them (riichi means tenpai); none for any other ending.

    >>> tenpai_of(pick(begin("draw"), 3)[0], [0]), tenpai_of(begin("ron"), [0])
    ([0, 3], [])
    """
    if entry["end"] != "draw":
        return []
    return sorted(set(entry["tenpai"]) | set(riichi))


def entry_from(kept, players):
    """An entry kept with the hand in progress (ledger.draft), checked as this page's own; None
    for anything else.

    >>> entry = pick(begin("ron"), 2)[0]
    >>> entry_from(entry, 4) == entry, entry_from({**entry, "winners": [7]}, 4)
    (True, None)
    >>> entry_from({**begin("draw"), "phase": "sheet"}, 3)["phase"], entry_from("ron", 4)
    ('sheet', None)
    """
    if not isinstance(kept, dict) or set(kept) != set(begin("ron")):
        return None
    entry = begin(kept["end"]) if kept["end"] in ("ron", "tsumo", "draw", "abort", "chombo") else None
    if entry is None or kept["phase"] not in PHASES:
        return None

    def seats(value):
        return isinstance(value, list) and len(value) == len(set(value)) \
            and all(type(seat) is int and 0 <= seat < players for seat in value)

    def seat_or_none(value):
        return value is None or (type(value) is int and 0 <= value < players)

    if not all(seats(kept[name]) for name in ("winners", "tenpai", "nagashi")) \
            or not seat_or_none(kept["from"]) or not seat_or_none(kept["seat"]):
        return None
    valued = kept["end"] in ("ron", "tsumo") and kept["phase"] == "sheet"
    if type(kept["valuing"]) is not int or kept["valuing"] < 0 \
            or (valued and kept["valuing"] >= len(kept["winners"])) \
            or (valued and kept["end"] == "ron" and kept["from"] is None):
        return None
    entry.update(kept)
    return entry


def sheet_seat(entry, dealer):
    """The seat the value sheet turns toward: the winner being valued, the chombo's offender, else
    the dealer."""
    if entry["end"] in ("ron", "tsumo"):
        return entry["winners"][entry["valuing"]]
    return entry["seat"] if entry["end"] == "chombo" else dealer


def stated(entry, riichi=()):
    """The entry as a hand of the record's shape, with this hand's `riichi`, for its history line
    (present.describe).

    >>> stated(pick(pick(begin("ron"), 1)[0], 3)[0])["from"]
    3
    >>> stated(pick(begin("draw"), 1)[0], [0])["tenpai"]
    [0, 1]
    """
    return {"result": entry["end"], "winners": [{"seat": seat} for seat in entry["winners"]],
            "from": entry["from"], "tenpai": tenpai_of(entry, riichi), "nagashi": entry["nagashi"],
            "seat": entry["seat"], "riichi": list(riichi)}


def shown_scores(scores, riichi):
    """The scores with this hand's riichi deposits already on the table.

    >>> shown_scores([25000, 25000, 25000], [2])
    [25000, 25000, 24000]
    """
    return [score - 1000 * (seat in riichi) for seat, score in enumerate(scores)]


def differences(scores, seat):
    """Each seat's score minus `seat`'s, as the board's differences read ("" for the seat itself).

    >>> differences([30000, 25000, 22000, 23000], 1)
    ['+5,000', '', '−3,000', '−2,000']
    """
    return ["" if other == seat else signed(score - scores[seat]) for other, score in enumerate(scores)]


# ---------------------------------------------------------------- the page

view = {"entry": None, "lock": None, "told": False, "game": (None, None), "lent": None}
actions = {}  # the ledger's add and undo (given to start)
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


def flag(selector, name, on):
    q(selector).setAttribute(name, "true" if on else "false")


def draw():
    """The view as the game and the form's riichi stand (nothing while it is closed); the hand
    in progress kept either way."""
    if not is_open():
        keep_draft()
        return
    record = state["record"]
    game = game_of(record)
    over = game["over"]
    dealer = hand_dealer(game)
    now = board.now_of(game)
    riichi = [] if over else hand.checked("riichi")
    scores = shown_scores(standing(game), riichi)
    update_text("[data-table-round]", round_text(now["round"]))
    update_text("[data-table-honba]", str(now["honba"]))
    update_text("[data-table-sticks]", str(now["sticks"] + len(riichi)))
    q("[data-table-over]").hidden = not over
    entry = view["entry"]
    picking = entry is not None and entry["phase"] != "sheet"
    for seat in range(record["rules"]["players"]):
        name = named(L, record, seat, dealer)
        update_text(f'[data-table-name="{seat}"]', name)
        update_text(f'[data-table-score="{seat}"]', points_text(scores[seat]))
        q(f'[data-table-dealer="{seat}"]').hidden = over or seat != dealer
        riichi_button = f'[data-table-riichi="{seat}"]'
        flag(riichi_button, "aria-pressed", seat in riichi)
        q(riichi_button).disabled = over
        update_text(riichi_button, L["table"]["riichi_on" if seat in riichi else "riichi"])
        q(f'[data-table-pick="{seat}"]').hidden = not picking
        if picking:
            what, chosen = target(entry, seat, riichi)
            update_text(f'[data-table-pick-what="{seat}"]', L["table"]["target"][what])
            update_text(f'[data-table-pick-name="{seat}"]', name)
            flag(f'[data-table-pick="{seat}"]', "aria-pressed", chosen)
            # a seat in riichi is tenpai in a draw: its tap changes nothing
            flag(f'[data-table-pick="{seat}"]', "aria-disabled", what == "tenpai" and seat in riichi)
    for seat, note in enumerate(seat_notes(record, game)):
        update_text(f'[data-table-note="{seat}"]', note)
        q(f'[data-table-note="{seat}"]').hidden = not note
    el["view"].dataset.mode = "idle" if entry is None else entry["phase"]
    q("[data-table-ends]").hidden = entry is not None or over
    q("[data-table-steps]").hidden = q("[data-table-prompt]").hidden = not picking
    if picking:
        phase = entry["phase"]
        several = entry["end"] == "ron" and phase == "winner" and entry["several"]
        update_text("[data-table-prompt]", L["table"]["pick_winners" if several else "pick_" + phase])
        # A double ron is offered from the start of a ron: pressed, every winner is tapped first.
        more = entry["end"] == "ron" and (phase == "winner" or (
            phase == "from" and len(entry["winners"]) < record["rules"]["players"] - 1))
        q("[data-table-more]").hidden = not more
        flag("[data-table-more]", "aria-pressed", several)
        q("[data-table-nagashi]").hidden = phase not in ("tenpai", "nagashi")
        q("[data-table-next]").hidden = phase not in ("tenpai", "nagashi") and not (
            several and entry["winners"])
        flag("[data-table-nagashi]", "aria-pressed", phase == "nagashi")
    q("[data-table-undo]").disabled = not (record["hands"] or record.get("ended"))
    # Four people share the phone: taking a hand back asks for a second tap, until anything else
    # is drawn.
    view["undo_armed"] = view.pop("arming", False)
    update_text("[data-table-undo]", L["table"]["undo_sure"] if view["undo_armed"] else L["history"]["undo"])
    keep_draft()


def keep_draft():
    """The hand in progress saved with its game (ledger.draft): the form as it stands, and the
    view's entry while the view is open and a hand is being entered."""
    entry = view["entry"] if is_open() and sheet_kind() != "diffs" else None
    draft.save({"open": is_open(), "entry": entry})


def sheet_kind():
    return None if q("[data-table-sheet-box]").hidden else el["sheet"].dataset.kind


def seat_notes(record, game):
    """Each seat's line on its own panel: the game over, its place and result; in the last round,
    its place now and what it needs for first by tsumo (the ledger's conditions, SPEC §7, before
    this hand's riichi); else none. Kept while the record is the same object."""
    kept = view.get("notes")
    if kept is not None and kept[0] is record:
        return kept[1]
    players = record["rules"]["players"]
    notes = [""] * players
    if game["over"]:
        final = game["final"]
        notes = [L["table"]["final_note"].format(place=place_text(L, final["places"][seat]),
                                                 result=signed_result(final["results"][seat]))
                 for seat in range(players)]
    else:
        rules = read_rules(record["rules"])
        upcoming = game["next"]
        if conditions.last_round(rules, upcoming):
            table = Table(tuple(upcoming["scores"]), upcoming["dealer"], upcoming["honba"],
                          upcoming["sticks"], rules)
            for answer in every_seat(table, 1, 0):
                texts = need_words.view(answer, table.scores, table.dealer, strings,
                                        lambda seat: named(L, record, seat, upcoming["dealer"]))
                notes[answer["seat"]] = need_words.table_need(answer, table.scores, texts["tsumo"][0],
                                                              strings, rules["ties"])
    view["notes"] = (record, notes)
    return notes


def say(text, box="[data-table-error]"):
    update_text(box, text)
    q(box).hidden = not text


# ---------------------------------------------------------------- the form, driven

def write_form(entry, riichi):
    """The entry into the next-hand form's controls, a draw's tenpai with this hand's `riichi`
    (riichi and the winners' values stay)."""
    form = el["hand_form"]
    form.elements.namedItem("result").value = entry["end"]
    chosen = {"winner": entry["winners"], "tenpai": tenpai_of(entry, riichi), "nagashi": entry["nagashi"]}
    for name, seats in chosen.items():
        for check in each(f'input[name="{name}"]', form):
            check.checked = int(check.value) in seats
    for name in ("from", "seat"):
        form.elements.namedItem(name).value = "" if entry[name] is None else str(entry[name])


def write_hand(entry, record, dealer):
    """The entry into the form with this hand's riichi, and the sheet's heading: the hand's
    history line (a draw counting the riichi seats as tenpai, as the engine does)."""
    riichi = hand.checked("riichi")
    write_form(entry, riichi)
    update_text("[data-table-sheet-heading]", describe(L, stated(entry, riichi), record, dealer))


def reset_form():
    """The form as it starts, but for this hand's riichi."""
    riichi = hand.checked("riichi")
    el["hand_form"].reset()
    tilebox.reset()
    for seat in riichi:
        q(f"#lh-riichi-{seat}").checked = True


def copy_value(source, target):
    """The han, fu and yakuman of one of the two (the sheet, a winner's box in the form) into the
    other."""
    for name in ("han", "fu", "yakuman"):
        q(f'[name="{name}"]', target).value = q(f'[name="{name}"]', source).value


def valued_seat(entry):
    return entry["winners"][entry["valuing"]]


def winner_box(entry):
    return q(f'[data-ledger-winner="{valued_seat(entry)}"]', el["hand_form"])


def lend_tiles(seat):
    """`seat`'s tile box, out of its block in the form into the sheet (the same controls, moved)."""
    q("[data-table-value]").appendChild(tilebox.holders[seat])
    view["lent"] = seat
    el["sheet"].dataset.tiles = "1"  # the whole screen, turned to the winner (CSS)


def return_tiles():
    """The lent tile box back to the end of its block in the form."""
    seat, view["lent"] = view["lent"], None
    el["sheet"].dataset.tiles = "0"
    if seat is not None:
        tilebox.blocks[seat].appendChild(tilebox.holders[seat])


def tiles_changed():
    """A tap in a tile box, or the boxes read: the sheet's preview while it holds one, else the
    form's."""
    if view["lent"] is None:
        hand.preview()
    else:
        preview_sheet()
    keep_draft()


def open_sheet(seat=None):
    """The sheet, turned toward the seat it is for: the entry's value and preview, or, with
    `seat`, the differences to the others from that seat."""
    entry = view["entry"]
    record = state["record"]
    dealer = hand_dealer(game_of(record))
    sheet = el["sheet"]
    valued = seat is None and entry["end"] in ("ron", "tsumo")
    sheet.dataset.kind = "diffs" if seat is not None else "hand"
    return_tiles()
    update_text("[data-table-sheet-cancel]", L["table"]["cancel" if seat is None else "diffs_close"])
    q("[data-table-value]").hidden = not valued
    for other in range(record["rules"]["players"]):
        update_text(f'[data-table-preview-name="{other}"]', named(L, record, other, dealer))
    if seat is not None:
        sheet.dataset.tableRotation = str(ROTATIONS[seat])
        heading = L["table"]["diffs"].format(name=named(L, record, seat, dealer))
        update_text("[data-table-sheet-heading]", heading)
        game = game_of(record)
        scores = shown_scores(standing(game), [] if game["over"] else hand.checked("riichi"))
        for other, text in enumerate(differences(scores, seat)):
            update_text(f'[data-table-preview="{other}"]', text)
        say("", "[data-table-sheet-error]")
        update_text("[data-table-preview-next]", "")
    else:
        write_hand(entry, record, dealer)
        sheet.dataset.tableRotation = str(ROTATIONS[sheet_seat(entry, dealer)])
        if valued:
            update_text("[data-table-value-heading]", L["table"]["value"].format(
                name=named(L, record, entry["winners"][entry["valuing"]], dealer)))
            copy_value(winner_box(entry), sheet)
            on = tilebox.is_open(valued_seat(entry))
            q("[data-table-bytiles]").checked = on
            if on:
                lend_tiles(valued_seat(entry))
        last = not valued or entry["valuing"] == len(entry["winners"]) - 1
        update_text("[data-table-confirm]", L["hand"]["add"] if last else L["table"]["confirm_next"])
        preview_sheet()
    for row in each("[data-table-preview-row]"):
        row.hidden = row.dataset.tablePreviewRow == str(seat)
    q("[data-table-sheet-box]").hidden = False
    to_level("sheet")
    draw()


def preview_sheet(event=None, adding=False):
    """The sheet's preview, as the form's: every seat's change and the next hand; the hand when
    it can be added. A winner by tiles has the value of its tiles, as in the form."""
    entry = view["entry"]
    sheet = el["sheet"]
    valued = entry["end"] in ("ron", "tsumo")
    if valued:
        tiles = tilebox.is_open(valued_seat(entry))
        for name in ("han", "fu", "yakuman"):
            q(f'[name="{name}"]', sheet).disabled = tiles
        if not tiles:
            copy_value(sheet, winner_box(entry))
    record = state["record"]
    settled = hand.by_tiles(record, game_of(record), None, event, adding)
    if valued:
        copy_value(winner_box(entry), sheet)
        sheet.dataset.yakuman = q('[name="yakuman"]', sheet).value
    if not settled:
        say("", "[data-table-sheet-error]")
        update_text("[data-table-preview]", "–")
        update_text("[data-table-preview-next]", "")
        return None
    raw = hand.read_form_hand()
    try:
        added, before, after = hand.outcome(record, raw)
    except ledger.RecordError as error:
        refused = hand.refusal(error, raw, game_of(record))
        say(refused[1] if refused else error_text(error), "[data-table-sheet-error]")
        update_text("[data-table-preview]", "–")
        update_text("[data-table-preview-next]", "")
        return None
    say("", "[data-table-sheet-error]")
    for seat, text in enumerate(hand.changes(before, after)):
        update_text(f'[data-table-preview="{seat}"]', text)
    update_text("[data-table-preview-next]", hand.next_line(after))
    return added


def end_entry():
    return_tiles()
    view["entry"] = None
    q("[data-table-sheet-box]").hidden = True
    say("")


# ---------------------------------------------------------------- the back gesture

def level_now():
    """How deep the browser's current history entry is in the view: None, "table" or "sheet"."""
    kept = win().history.state
    if not isinstance(kept, str) or not kept.startswith(HISTORY):
        return None
    level = kept[len(HISTORY):]
    return level if level in LEVELS else None


def to_level(level):
    """The view's history entries as deep as what is on screen: one pushed for the view and one
    for its sheet (so the back gesture closes the sheet, then the view, and never leaves the page),
    taken back when they close by their own buttons."""
    now, wanted = LEVELS.index(level_now()), LEVELS.index(level)
    if wanted > now:
        for step_level in LEVELS[now + 1:wanted + 1]:
            win().history.pushState(HISTORY + step_level, "")
    elif wanted < now:
        view["pops"] = view.get("pops", 0) + 1
        win().history.go(wanted - now)


def on_pop(_event):
    """Back (or forward) through the view's entries: the sheet closes, then the view."""
    if view.get("pops"):
        view["pops"] -= 1
        return
    level = LEVELS.index(level_now())
    if not is_open():
        return
    if sheet_kind() is not None and level < LEVELS.index("sheet"):
        cancel_sheet()
    if level < LEVELS.index("table"):
        close_view()


def on_key(event):
    """Escape closes the sheet, then the view, as the back gesture does."""
    if event.key != "Escape" or not is_open():
        return
    event.preventDefault()
    if sheet_kind() is not None:
        on_cancel(event)
    else:
        on_close(event)


# ---------------------------------------------------------------- actions

def on_open(_event):
    if state["record"] is None or state["following"]:
        return
    if state["editing"] is not None:
        hand.clear_form()
    show_view()
    dom.later(enter())


def show_view():
    el["view"].hidden = False
    doc().body.classList.add("table-open")
    end_entry()
    to_level("table")
    draw()
    q("[data-table-close]").focus()


def reopen(kept):
    """The view as a reload found it (ledger.draft): open, with the entry it was taking."""
    if state["record"] is None or state["following"] or game_of(state["record"])["over"]:
        return
    show_view()
    dom.later(keep_awake())
    entry = entry_from(kept, state["record"]["rules"]["players"])
    if entry is not None:
        step(entry)


async def enter():
    """Full screen where the browser has it, and the screen kept awake; a refusal of either
    leaves the view as it is."""
    if hasattr(el["view"], "requestFullscreen"):
        try:
            await el["view"].requestFullscreen()
        except Exception:  # noqa: BLE001 - refused: the view stays as it is
            pass
    await keep_awake()


async def keep_awake():
    navigator = win().navigator
    if not hasattr(navigator, "wakeLock"):
        q("[data-table-no-wake]").hidden = view["told"]  # said once
        view["told"] = True
        return
    try:
        view["lock"] = await navigator.wakeLock.request("screen")
    except Exception:
        view["lock"] = None


def on_visible(_event):
    """The page shown again: the browser dropped the wake lock when it was hidden."""
    if is_open() and doc().visibilityState == "visible":
        dom.later(keep_awake())


def on_close(_event):
    close_view()
    to_level(None)


def close_view():
    end_entry()
    reset_form()
    el["view"].hidden = True
    doc().body.classList.remove("table-open")
    lock, view["lock"] = view["lock"], None
    dom.later(leave(lock))
    hand.preview()
    keep_draft()
    opener = q("[data-table-open]")
    if opener is not None:
        opener.focus()


async def leave(lock):
    try:
        if lock is not None:
            await lock.release()
        if dom.found(doc().fullscreenElement):
            await doc().exitFullscreen()
    except Exception:  # noqa: BLE001 - released or left already by the browser
        pass


def on_riichi(event):
    """A seat's riichi: its 1,000 on the table at once; a second tap within the hand takes it
    back. The form's riichi box is the hand's riichi list; in a draw, a seat in riichi is tenpai."""
    check = q(f"#lh-riichi-{event.currentTarget.dataset.tableRiichi}")
    check.checked = not check.checked
    entry = view["entry"]
    if entry is not None and entry["phase"] == "sheet" and el["sheet"].dataset.kind == "hand":
        record = state["record"]
        write_hand(entry, record, hand_dealer(game_of(record)))
        preview_sheet()
    draw()


def step(entry, problem=None):
    """The entry moved on: the sheet once every seat it needs is tapped."""
    view["entry"] = entry
    say(L["table"][problem] if problem else "")
    if entry["phase"] == "sheet":
        open_sheet()
    else:
        draw()


def on_end(event):
    step(begin(event.currentTarget.dataset.tableEnd))


def on_pick(event):
    step(*pick(view["entry"], int(event.currentTarget.dataset.tablePick), hand.checked("riichi")))


def on_step(event):
    """The centre's steps: another winner (`more`), nagashi instead of tenpai, `next` to the sheet."""
    entry = view["entry"]
    button = event.currentTarget
    if button.hasAttribute("data-table-more"):
        if entry["phase"] == "winner":  # before the discarder: several winners, or one again
            step(dict(entry, several=not entry["several"]))
        else:
            step(dict(entry, phase="winner"))
    elif entry["phase"] == "winner":  # `next` after several winners: the discarder
        step(dict(entry, phase="from"))
    elif button.hasAttribute("data-table-nagashi"):
        step(dict(entry, phase="tenpai" if entry["phase"] == "nagashi" else "nagashi"))
    else:
        step(dict(entry, phase="sheet"))


def on_cancel(_event):
    cancel_sheet()
    to_level("table")


def cancel_sheet():
    end_entry()
    if el["sheet"].dataset.kind == "hand":
        reset_form()
    draw()


def on_sheet_input(event):
    """A value changed on the sheet; its "by tiles" box ticks the form's and lends the sheet the
    winner's tile box (or gives it back)."""
    if el["sheet"].dataset.kind != "hand":
        return
    if event.target.hasAttribute("data-table-bytiles"):
        seat = valued_seat(view["entry"])
        q(f"#lh-bytiles-{seat}").checked = event.target.checked
        return_tiles()
        if event.target.checked:
            lend_tiles(seat)
    preview_sheet(event)
    keep_draft()


def on_confirm(event):
    event.preventDefault()
    entry = view["entry"]
    added = preview_sheet(adding=True)
    if added is None:
        return
    if entry["end"] in ("ron", "tsumo") and entry["valuing"] < len(entry["winners"]) - 1:
        step(dict(entry, valuing=entry["valuing"] + 1))
        return
    end_entry()
    to_level("table")
    actions["add"](added)  # saved and drawn; then the form starts the next hand afresh
    draw()


def on_undo(event):
    if not view.get("undo_armed"):
        view["arming"] = True
        draw()
        return
    end_entry()
    to_level("table")
    actions["undo"](event)


def on_look(event):
    """A panel tapped: the differences to the others from that seat, turned toward its player."""
    open_sheet(int(event.currentTarget.dataset.tableLook))


HANDLERS = (
    ("[data-table-open]", "click", on_open), ("[data-table-close]", "click", on_close),
    ("[data-table-riichi]", "click", on_riichi), ("[data-table-end]", "click", on_end),
    ("[data-table-pick]", "click", on_pick), ("[data-table-steps] [data-table-step]", "click", on_step),
    ("[data-table-cancel]", "click", on_cancel), ("[data-table-sheet]", "change", on_sheet_input),
    ("[data-table-sheet]", "submit", on_confirm), ("[data-table-undo]", "click", on_undo),
    ("[data-table-look]", "click", on_look))


def start(document, add, undo):
    """Wire the view's controls; `add` and `undo` are the ledger's (saved, then drawn)."""
    actions.update(add=add, undo=undo)
    el.update(view=document.querySelector("[data-table-view]"),
              sheet=document.querySelector("[data-table-sheet]"))
    first = document.querySelector('[data-table-seat="0"]')
    for seat in (1, 2, 3):  # seat 0's panel, copied to the other edges with their seat and turn
        panel = first.cloneNode(True)
        for node in [panel] + list(panel.querySelectorAll("*")):
            for name in node.getAttributeNames():
                if name.startswith("data-table-") and node.getAttribute(name) == "0":
                    node.setAttribute(name, str(seat))
        panel.dataset.tableRotation = str(ROTATIONS[seat])
        panel.querySelector(".ledger-first").remove()
        document.querySelector(f'[data-table-edge="{seat}"]').appendChild(panel)
    for index, (selector, event, handler) in enumerate(HANDLERS):
        proxies[index] = dom.proxy(handler)
        for node in document.querySelectorAll(selector):
            node.addEventListener(event, proxies[index])
    proxies["visible"] = dom.proxy(on_visible)
    document.addEventListener("visibilitychange", proxies["visible"])
    proxies["pop"] = dom.proxy(on_pop)
    win().addEventListener("popstate", proxies["pop"])
    proxies["key"] = dom.proxy(on_key)
    document.addEventListener("keydown", proxies["key"])
