"""The table view's value sheet (SPEC §10.2): the hand being entered, turned toward the player it
is for — the ending the view's taps give (ledger.entry), each winner's han and fu (or tiles, the
winner's own tile box lent from the form), every seat's change from the scores the panels show,
and the next hand; or, for a panel tapped, the differences to the others from that seat. The
sheet confirms the form's hand: it writes the entry into the next-hand form and previews it
through the model (engine.ledger.preview)."""
from engine import ledger
from engine.ledger.preview import on_the_table
from ledger import hand, tilebox
from ledger.entry import ROTATIONS, differences, draft_of, sheet_seat, stated
from ledger.form import VALUES, winner_values, with_values
from ledger.model import model
from ledger.page import L, each, el, error_text, q, say, update_text
from amounts import signed
from ledger.present import describe, hand_dealer, named


def sheet_kind():
    """What the sheet is open for ("hand" or "diffs"), or None while it is closed."""
    return None if q("[data-table-sheet-box]").hidden else el["sheet"].dataset.kind


def write_hand(entry, record, dealer):
    """The entry into the form with this hand's riichi, and the sheet's heading: the hand's
    history line (a draw counting the riichi seats as tenpai, as the engine does)."""
    riichi = hand.riichi_now()
    hand.write_form(draft_of(entry, riichi, model.draft))
    update_text("[data-table-sheet-heading]", describe(L, stated(entry, riichi), record, dealer))


def reset_form():
    """The form as it starts, but for this hand's riichi."""
    riichi = hand.riichi_now()
    el["hand_form"].reset()
    tilebox.reset()
    hand.write_form({"result": el["hand_form"].elements.namedItem("result").value, "riichi": riichi})


def valued_seat(entry):
    return entry["winners"][entry["valuing"]]


def put_values(entry):
    """The sheet's han, fu and yakuman as the model's draft has them for the winner it values."""
    for name, value in winner_values(model.draft, valued_seat(entry)).items():
        q(f'[name="{name}"]', el["sheet"]).value = value


def take_values(entry):
    """The sheet's han, fu and yakuman into the model's draft, for the winner it values (the form,
    the draft's other editor, shows them too)."""
    values = {name: q(f'[name="{name}"]', el["sheet"]).value for name in VALUES}
    hand.write_form(with_values(model.draft, valued_seat(entry), values))


def lend_tiles(seat):
    """`seat`'s tile box, out of its block in the form into the sheet (the same controls, moved)."""
    q("[data-table-value]").appendChild(tilebox.holders[seat])
    model.lent = seat
    el["sheet"].dataset.tiles = "1"  # the whole screen, turned to the winner (CSS)


def return_tiles():
    """The lent tile box back to the end of its block in the form."""
    seat, model.lent = model.lent, None
    el["sheet"].dataset.tiles = "0"
    if seat is not None:
        tilebox.blocks[seat].appendChild(tilebox.holders[seat])


def open_sheet(seat=None):
    """The sheet, turned toward the seat it is for: the entry's value and preview, or, with
    `seat`, the differences to the others from that seat."""
    entry = model.entry
    record = model.record
    dealer = hand_dealer(model.played(record))
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
        game = model.played(record)
        scores = on_the_table(ledger.standing(game), [] if game["over"] else hand.riichi_now())
        for other, text in enumerate(differences(scores, seat)):
            update_text(f'[data-table-preview="{other}"]', text)
        say("[data-table-sheet-error]", "")
        update_text("[data-table-preview-next]", "")
        say("[data-table-sheet-note]", "")
    else:
        write_hand(entry, record, dealer)
        sheet.dataset.tableRotation = str(ROTATIONS[sheet_seat(entry, dealer)])
        if valued:
            update_text("[data-table-value-heading]", L["table"]["value"].format(
                name=named(L, record, entry["winners"][entry["valuing"]], dealer)))
            put_values(entry)
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


def preview_sheet(event=None, adding=False):
    """The sheet's preview, as the form's: every seat's change and the next hand; the hand when
    it can be added. A winner by tiles has the value of its tiles, as in the form."""
    entry = model.entry
    sheet = el["sheet"]
    valued = entry["end"] in ("ron", "tsumo")
    if valued:
        tiles = tilebox.is_open(valued_seat(entry))
        for name in ("han", "fu", "yakuman"):
            q(f'[name="{name}"]', sheet).disabled = tiles
        if not tiles:
            take_values(entry)
    record = model.record
    settled = hand.by_tiles(record, model.played(record), None, event, adding)
    model.draft = hand.read_form_hand()  # a winner by tiles: its tiles' values, in the form
    if valued:
        put_values(entry)
        sheet.dataset.yakuman = q('[name="yakuman"]', sheet).value
    if not settled:
        say("[data-table-sheet-error]", "")
        update_text("[data-table-preview]", "–")
        say("[data-table-sheet-note]", "")
        update_text("[data-table-preview-next]", "")
        return None
    raw = model.draft
    try:
        seen = model.preview(raw, shown=True)  # from the scores the panels show: riichi paid
    except ledger.RecordError as error:
        refused = hand.refusal(error, raw, model.played(record))
        say("[data-table-sheet-error]", refused[1] if refused else error_text(error))
        update_text("[data-table-preview]", "–")
        say("[data-table-sheet-note]", "")
        update_text("[data-table-preview-next]", "")
        return None
    say("[data-table-sheet-error]", "")
    for seat, delta in enumerate(seen["moved"]):
        update_text(f'[data-table-preview="{seat}"]', signed(delta))
    update_text("[data-table-preview-next]", hand.next_line(seen))
    say("[data-table-sheet-note]", hand.notes_text(record, seen, hand_dealer(model.played(record))))
    return seen


def end_entry():
    return_tiles()
    model.entry = None
    q("[data-table-sheet-box]").hidden = True
    say("[data-table-error]", "")
