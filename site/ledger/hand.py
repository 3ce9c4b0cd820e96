"""The next-hand form: what it states, what it would change before it is added, and a hand
carried over from the calculator's link."""
import dom
import engine
from engine import ledger
from engine.query import parse
from ledger import tilebox
from ledger.form import carried, shown, stated
from ledger.model import model
from ledger.page import clear_errors, each, el, error_text, L, q, say, set_text, show_error, win
from amounts import signed
from ledger.present import broken_text, hand_title, named, where_text

TILE_FIELDS = ("hand", "agari", "melds", "dora", "ura", "kita")  # a calculator link's tile keys
ERROR_BOX = {"from": "from", "winners": "winner", "seat": "winner", "han": "winner",
             "fu": "winner", "yakuman": "winner", "pao": "winner", "tenpai": "tenpai",
             "nagashi": "nagashi", "riichi": "riichi"}
NOT_YET = {("no_winner", "winners"), ("missing", "from"), ("missing", "seat")}


def checked(name):
    return [int(box.value) for box in each(f'input[name="{name}"]:checked', el["hand_form"])]


def riichi_now():
    """This hand's riichi, as the model's draft holds it."""
    return [int(seat) for seat in model.draft.get("riichi", [])]


def read_form_hand():
    """The hand as the form states it, in the record's keys (values as the controls hold them);
    the engine checks it (ledger.form.stated)."""
    form = el["hand_form"]
    boxes = {}

    def winner_value(seat, name):
        if seat not in boxes:
            boxes[seat] = q(f'[data-ledger-winner="{seat}"]', form)
        return q(f'[name="{name}"]', boxes[seat]).value

    return stated(form.elements.namedItem("result").value, checked, winner_value,
                  lambda name: form.elements.namedItem(name).value)


def error_box(error, raw):
    """The box a hand's error shows in: a chombo's seat has a box of its own."""
    if raw["result"] == "chombo" and error.field == "seat":
        return "seat"
    return ERROR_BOX.get(error.field, "hand")


def no_preview(next_text=""):
    draw_change(None, None, None)
    say("[data-ledger-preview-note]", "")
    for seat in range(4):
        set_text(f'[data-ledger-preview="{seat}"]', "–")
    set_text("[data-ledger-preview-next]", next_text)


def by_tiles(record, before, editing, event, adding):
    """The winners given by their tiles get their value from the engine (ledger.tilebox), with
    the situation of the hand the form states. Whether every such hand has a value: a refused
    one says why next to its tiles; an empty one is a hint until the hand is added."""
    result = el["hand_form"].elements.namedItem("result").value
    seats = checked("winner") if result in ("ron", "tsumo") else []
    played = before["next"] if editing is None else before["hands"][editing]
    riichi = checked("riichi")

    def game_keys(seat):
        return tilebox.situation(seat, played["dealer"], played["round"], result, riichi,
                                 record["rules"])

    if tilebox.wanted() and not tilebox.page.get("failed"):
        dom.later(load_boxes())
    typed_in = getattr(getattr(event, "target", None), "id", None)
    refused = tilebox.settle(seats, game_keys, typed_in)
    for holder in tilebox.holders.values():  # one may be lent to the table view's sheet
        clear_errors(holder)
    for seat, text in refused.items():
        if seat not in tilebox.boxes:
            text = L["hand"]["tiles_unavailable"] if tilebox.page.get("failed") else ""
        elif not text and adding:
            text = tilebox.empty_text(tilebox.page["strings"])
        if text:
            show_error("tiles", text, tilebox.holders[seat])
    if refused:
        no_preview("" if any(refused.values()) or adding else L["hand"]["tiles_pending"])
    return not refused


async def load_boxes():
    """The calculator's tile box, read once a winner's "by tiles" is first ticked; then the
    preview again (with the box drawn, or saying it could not be read)."""
    if not await tilebox.load():
        tilebox.page["failed"] = True
    tilebox.page["changed"]()


def next_line(seen):
    """The previews' last line: the hand after this one (engine.ledger.preview's ``upcoming``),
    or the game's end."""
    upcoming = seen["upcoming"]
    if upcoming is None:
        return L["hand"]["preview_over"]
    sticks = L["hand"]["preview_sticks"].format(sticks=upcoming["sticks"]) if upcoming["sticks"] else ""
    return L["hand"]["preview_next"].format(round=where_text(L, upcoming), sticks=sticks)


def refusal(error, raw, before):
    """(error box, sentence) for a hand the engine refused; None for a choice still to make."""
    if (error.code, error.field) in NOT_YET:
        return None
    if error.code == "ends_before":
        return "hand", broken_text(L, error, before["hands"])
    return error_box(error, raw), error_text(error)


def preview(event=None, adding=False):
    """What the hand in the form would change, before it is added (engine.ledger.preview, through
    the model: once per record and hand). A choice still to make is a hint while the form is
    filled in, and an error when the hand is added. Returns the preview of a hand that can be
    added, else None."""
    record = model.record
    clear_errors(el["hand_form"])
    editing = model.editing
    live = record is not None and (editing is not None or not model.played(record)["over"])
    settled = live and by_tiles(record, model.played(record), editing, event, adding)
    # Read once, whatever comes of the preview: the form, a winner's tiles' values in, is the draft.
    raw = model.draft = read_form_hand()
    if not settled:
        return None
    before = model.played(record)
    try:
        seen = model.preview(raw, editing)
    except ledger.RecordError as error:
        refused = refusal(error, raw, before)
        if refused is None and not adding:  # not a mistake yet
            no_preview(error_text(error))
        else:
            box, text = refused or (error_box(error, raw), error_text(error))
            show_error(box, text, el["hand_form"])
            no_preview()
        return None
    for seat, delta in enumerate(seen["moved"]):
        set_text(f'[data-ledger-preview="{seat}"]', signed(delta))
    set_text("[data-ledger-preview-next]", next_line(seen))
    dealer = before["next"]["dealer"] if editing is None else before["hands"][editing]["dealer"]
    say("[data-ledger-preview-note]", notes_text(record, seen, dealer))
    draw_change(record, seen, editing)
    return seen


def notes_text(record, seen, dealer):
    """What the preview says beside its figures (engine.ledger.preview's notes): the winners a
    head bump leaves unpaid, and a winner's han and fu that no real hand has."""
    said = []
    if seen["unpaid"]:
        paid = [w["seat"] for w in seen["hand"]["winners"] if w["seat"] not in seen["unpaid"]]
        said.append(L["hand"]["head_only"].format(
            seat=named(L, record, paid[0], dealer),
            others=L["joiner"]["kept_names"].join(named(L, record, seat, dealer) for seat in seen["unpaid"])))
    for seat, codes in seen["cannot"]:
        why = L["joiner"]["sentences"].join(L["impossible"][code] for code in codes)
        said.append(L["hand"]["impossible"].format(seat=named(L, record, seat, dealer), why=why))
    return L["joiner"]["sentences"].join(said)


def change_against(record, seen, editing):
    """The correction's second line: each seat whose movement in the corrected hand differs from
    the stored hand's, by how much; None when not correcting."""
    if editing is None:
        return None
    dealer = seen["before"]["hands"][editing]["dealer"]  # seats named with their wind in that hand
    moved = [f"{named(L, record, seat, dealer)} {signed(delta)}" for seat, delta in seen["differs"]]
    if not moved:
        return L["hand"]["preview_same"]
    return L["hand"]["preview_change"].format(changes=L["joiner"]["preview_change"].join(moved))


def draw_change(record, seen, editing):
    line = None if seen is None else change_against(record, seen, editing)
    heading = "preview" if model.editing is None else "preview_edit"
    set_text("[data-ledger-preview-heading]", L["hand"][heading])
    box = q("[data-ledger-preview-change]")
    box.textContent = line or ""
    box.hidden = line is None


def write_form(draft):
    """`draft` (a hand in the record's keys: the model's draft, or a stored hand) into the form's
    controls, each written only where it differs: the ending, the seats ticked, the winners'
    values (a winner without them keeps its box as it is), the discarder and the chombo seat. The
    form and the table view are two editors of the model's draft; this is how the form shows it."""
    form = el["hand_form"]
    wanted = shown(draft)
    if form.elements.namedItem("result").value != wanted["result"]:
        form.elements.namedItem("result").value = wanted["result"]
    for name, seats in wanted["checked"].items():
        for check in each(f'input[name="{name}"]', form):
            if check.checked != (int(check.value) in seats):
                check.checked = not check.checked
    for seat, values in wanted["winners"]:
        box = q(f'[data-ledger-winner="{seat}"]', form)
        for name, value in values.items():
            control = q(f'[name="{name}"]', box)
            if control.value != value:
                control.value = value
    for name, value in wanted["fields"].items():
        if form.elements.namedItem(name).value != value:
            form.elements.namedItem(name).value = value
    model.draft = read_form_hand()


def fill_form(hand, index, entry):
    """The form holding a stored hand, to change it in place (SPEC §10.3)."""
    el["hand_form"].reset()
    write_form(hand)
    set_text("[data-ledger-hand-heading]", hand_title(L, index, entry))
    set_text("[data-ledger-add]", L["named"]["edit_save"])
    q("[data-ledger-editing]").hidden = False


def clear_form(preview_it=True):
    """The form as it starts, after a hand is added or a change saved or cancelled (previewed,
    unless the page is drawn next)."""
    model.editing = None
    set_text("[data-ledger-hand-heading]", L["hand"]["heading"])
    set_text("[data-ledger-add]", L["hand"]["add"])
    q("[data-ledger-editing]").hidden = True
    el["hand_form"].reset()
    tilebox.reset()
    set_text("[data-ledger-carried]", "")
    q("[data-ledger-carried]").hidden = True
    model.draft = read_form_hand()
    if preview_it:
        preview()


def carry_from_calculator():
    """A calculator link (?han=4&fu=40&win=tsumo&seat=dealer) fills the next-hand form once."""
    params = win().URLSearchParams.new(win().location.search)
    mapping = {name: params.get(name) for name in engine.KEYS if params.has(name)}
    if not mapping or model.record is None:
        return  # kept in the address until a game is running
    win().history.replaceState(None, "", win().location.pathname)
    try:
        values = parse(mapping)
        result = engine.calculate_values(values)
    except engine.InputError as error:  # said, never dropped without a word (security review F18)
        say_carried(L["hand"]["carried_bad_tiles"] if error.field in TILE_FIELDS
                    else L["hand"]["carried_bad"].format(reason=error_text(error)))
        return
    if values["rule"] != "riichi":
        return
    if values["fumode"] == "tiles":
        if "waits" in result.get("tiles", {}):  # 13 tiles: no win to record
            say_carried(L["hand"]["carried_waits"])
            return
        carry_tiles(values, mapping)
        return
    game = model.played(model.record)
    given = carried(values, result.get("fu"), game)
    el["hand_form"].elements.namedItem("result").value = given["result"]
    for box in each("[data-ledger-winner]", el["hand_form"]):
        for name, text in given["values"].items():
            q(f'[name="{name}"]', box).value = text
    chosen = given["winner"] is not None  # the dealer: the winner is known
    if chosen:
        q(f'#lh-winner-{given["winner"]}').checked = True
    if values["yakuman"]:
        hand = L["yakuman"][str(values["yakuman"])]
    else:
        hand = L["hand"]["carried_hand"].format(han=values["han"], fu=result["fu"])
    words = L["hand"]["carried_check" if chosen else "carried"].format(
        hand=L["joiner"]["carried"].join((hand, L["choice"]["result"][values["win"]])))
    set_text("[data-ledger-carried]", words)
    q("[data-ledger-carried]").hidden = False


def say_carried(text):
    set_text("[data-ledger-carried]", text)
    q("[data-ledger-carried]").hidden = not text


def carry_tiles(values, mapping):
    """A calculator's tile hand goes to the seat that has its seat wind in the hand about to be
    played, in that winner's tile box; its value is this game's (the preview counts it with the
    game's winds and rules)."""
    record = model.record
    game = model.played(record)
    if game["over"]:
        return
    dealer = game["next"]["dealer"]
    seat = tilebox.carried_seat(values, dealer, record["rules"]["players"])
    if seat is None:
        return
    el["hand_form"].elements.namedItem("result").value = values["win"]
    q(f"#lh-winner-{seat}").checked = True
    if "1" in (mapping.get("riichi"), mapping.get("doubleriichi")):
        q(f"#lh-riichi-{seat}").checked = True
    q(f"#lh-bytiles-{seat}").checked = True
    set_text("[data-ledger-carried]",
             L["hand"]["carried_tiles"].format(seat=named(L, record, seat, dealer)))
    q("[data-ledger-carried]").hidden = False
    dom.later(carry_later(mapping, seat))


async def restore_tiles(typed, seat):
    """A winner's tiles kept with the hand in progress (ledger.draft), back in its box."""
    if await tilebox.load():
        tilebox.carry(typed, seat)
    else:
        tilebox.page["failed"] = True
    tilebox.page["changed"]()


async def carry_later(mapping, seat):
    if await tilebox.load():
        tilebox.carry(mapping, seat)
    else:
        tilebox.page["failed"] = True
    preview()
