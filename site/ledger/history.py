"""The actions on the game's hands: the next hand added (by the form, or the table view through
it), a stored hand corrected or deleted (SPEC §10.3), the last hand or change undone, the game
ended by hand; and the hand in progress put back where a reload left it (ledger.draft)."""
import dom
from engine import ledger
from ledger import draft, hand, table, view
from ledger.model import model
from ledger.page import L, el, error_text, handlers, q, set_text, show_error
from ledger.present import broken_text, where_text
from ledger.screen import change, draw, forget_change


@handlers.on("submit", "#ledger-hand")
def on_add(event):
    event.preventDefault()
    seen = hand.preview(adding=True)
    if seen is not None:
        add_hand(seen)


def add_hand(seen):
    """A hand the form (or the table view through it) states, as its preview has it
    (engine.ledger.preview): added, or saved in place of the hand being changed. The preview's
    replay is the new record's: nothing is replayed again to draw it."""
    if model.editing is not None:
        save_change(model.record, model.editing, seen["hand"], "changed")
        return
    forget_change()
    hand.clear_form(preview_it=False)  # the next hand's form, empty, before the game is drawn
    model.remember(seen["record"], seen["after"])
    change(seen["record"])
    view.keep_draft()  # the next hand's, empty: the one just added is in the record


def edit_hand(index):
    """A history row's edit control: the form holds that hand; adding saves it in place."""
    record = model.record
    model.editing = index
    draw()
    hand.fill_form(record["hands"][index], index, model.played(record)["hands"][index])
    hand.preview()
    q("#ledger-hand-heading").scrollIntoView()


@handlers.on("click", "[data-ledger-history]")
def on_history_click(event):
    """The history's rows are drawn anew after every change: one listener on the table body
    takes their edit and delete controls."""
    button = event.target.closest("[data-ledger-edit], [data-ledger-delete]")
    if not button or model.following:
        return
    if button.hasAttribute("data-ledger-edit"):
        edit_hand(int(button.dataset.ledgerEdit))
    else:
        save_change(model.record, int(button.dataset.ledgerDelete), None, "deleted")


@handlers.on("click", "[data-ledger-edit-cancel]")
def on_edit_cancel(_event):
    hand.clear_form()
    draw()
    put_draft_back()


@handlers.on("input", "#ledger-hand")
@handlers.on("change", "#ledger-hand")
def on_form(event):
    """A control of the next-hand form changed: its preview, and the hand in progress kept."""
    hand.preview(event)
    view.keep_draft()


def put_draft_back(reopen=False):
    """The hand in progress as it was last kept with this game (ledger.draft): after a reload
    (`reopen`: the table view too, where it was) or after a stored hand was corrected."""
    kept = draft.load()
    if kept is None:
        return
    paused, model.paused = model.paused, True  # its own draws write nothing
    for seat, typed in sorted(draft.put_back(kept).items()):  # seat by seat, as on the page
        dom.later(hand.restore_tiles(typed, seat))
    hand.preview()
    if reopen and kept["table"].get("open") is True:
        table.reopen(kept["table"].get("entry"))
    model.paused = paused
    view.keep_draft()


def save_change(record, index, new_hand, done):
    """An earlier hand changed (new_hand) or deleted (None) through engine.ledger.edit; a change
    the game cannot take is refused with nothing changed. Returns whether it was saved."""
    show_error("hand", "", el["hand_form"])
    box = q("[data-ledger-history-error]")
    box.hidden = True
    try:
        saved = changed(record, index, new_hand)
    except ledger.RecordError as error:
        text = broken_text(L, error, model.played(record)["hands"]) \
            if error.code == "ends_before" else error_text(error)
        if new_hand is None:
            box.textContent = text
            box.hidden = False
        else:
            show_error("hand", text, el["hand_form"])
        return False
    model.before_change = record
    hand.clear_form()
    change(saved)
    put_draft_back()
    entry = model.played(record)["hands"][index]  # the hand named as the history row names it
    set_text("[data-ledger-history-done]", L["named"][done].format(n=index + 1, round=where_text(L, entry)))
    set_text("[data-ledger-undo]", L["named"]["undo_change" if new_hand is not None else "undo_delete"])
    return True


def changed(record, index, new_hand):
    """`record` with hand `index` replaced by `new_hand` (None: deleted), as engine.ledger.edit
    replays it (pure); raises ledger.RecordError for a change the game cannot take."""
    return dict(record, hands=ledger.edit(record, index, new_hand)["hands"])


def undone(record, before):
    """What one tap of undo makes of `record` (pure): the record `before` the last correction
    when there is one, else the game reopened where it was ended by hand, else its last hand
    taken back.

    >>> undone({"hands": [1, 2], "ended": True}, None), undone({"hands": [1, 2]}, None)
    ({'hands': [1, 2], 'ended': False}, {'hands': [1]})
    """
    if before is not None:
        return before
    record = dict(record)
    if record.get("ended"):
        record["ended"] = False
    elif record["hands"]:
        record["hands"] = record["hands"][:-1]
    return record


@handlers.on("click", "[data-ledger-undo]")
def on_undo(_event):
    set_text("[data-ledger-undo]", L["history"]["undo"])
    if model.before_change is not None:  # the last action was a change: one tap undoes it
        before, model.before_change = model.before_change, None
        change(undone(model.record, before))
        set_text("[data-ledger-history-done]", L["named"]["change_undone"])
        return
    change(undone(model.record, None))
    set_text("[data-ledger-history-done]", L["history"]["undone"])


@handlers.on("click", "[data-ledger-end]")
def on_end(_event):
    q("[data-ledger-end-sure]").hidden = False
    q("[data-ledger-end-sure]").focus()


@handlers.on("click", "[data-ledger-end-sure]")
def on_end_sure(_event):
    forget_change()
    change(dict(model.record, ended=True))
