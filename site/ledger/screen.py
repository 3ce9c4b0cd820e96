"""The ledger page drawn from its model (ledger.model): the setup or the game, the board, the
history, the conditions panel, the chart, the final results, the link, the next-hand form's
preview and the table view. Every change of this phone's game goes through `change`: saved first,
then drawn. A game followed from a link is drawn, never saved, until it is kept."""
import dom
from ledger import board, chart, conditions, final, follow, hand, listing, share, store, view
from ledger.model import model
from ledger.page import L, each, el, q, set_text
from ledger.present import chombo_hint, hand_dealer, named


def change(record):
    """Every change of this phone's game goes through here: save first, then draw. A change made
    against a game another tab has changed since is not saved: the stored game is shown, and
    the page says so (security review F2-F4: never a silent overwrite)."""
    if not model.blocked and not store.save(record):
        another_game()
        if model.editing is not None:
            hand.clear_form()
        model.record = store.load_current()
        draw()
        store.say_moved(True)
        return
    model.record = record
    draw()


def draw():
    record = model.shown()
    listing.draw_list()
    el["main"].dataset.following = "1" if model.following else "0"
    el["setup"].hidden = record is not None
    el["game"].hidden = el["board"].hidden = record is None
    q("[data-ledger-export-box]").hidden = record is None
    if record is None:
        q("[data-ledger-chart-box]").hidden = q("[data-ledger-share-box]").hidden = True
        model.asked = None
        conditions.set_links()
        return
    game = model.played(record)
    el["main"].dataset.players = str(record["rules"]["players"])
    for option in each("option.lg-north"):  # CSS hides North; a picker that shows it anyway
        option.disabled = record["rules"]["players"] == 3  # cannot choose it
    el["main"].dataset.nagashi = str(record["rules"]["nagashi"])
    el["main"].dataset.aborts = str(record["rules"]["aborts"])
    el["main"].dataset.chombo = record["rules"]["chombo"]
    el["main"].dataset.oka = "0" if record["rules"]["return"] == record["rules"]["start"] else "1"
    set_text("[data-ledger-chombo-hint]", chombo_hint(L, record["rules"]))
    el["game"].dataset.over = "1" if game["over"] else "0"
    if model.following:  # a finished game has no next hand to rescan after
        set_text("[data-ledger-follow-hint]", L["follow"]["hint_over" if game["over"] else "hint"])
    editing = model.editing if model.editing is not None and not model.following \
        and model.editing < len(game["hands"]) else None
    dealer = hand_dealer(game) if editing is None else game["hands"][editing]["dealer"]
    for seat in range(4):  # the form's seats, with their winds in the hand it states
        set_text(f'[data-ledger-label="{seat}"]', named(L, record, seat, dealer))
    el["hand_form"].hidden = form_hidden(game, editing, model.following)
    q("[data-ledger-end]").hidden = game["over"]
    q("[data-ledger-end-sure]").hidden = True
    board.draw_board(record, game)
    # Headings and controls scrolled to land below the sticky board, whatever its height now.
    el["root"].style.scrollPaddingTop = f'{el["board"].offsetHeight + 8}px'

    conditions.draw(record, game)
    board.draw_history(record, game)
    chart.draw_chart(record, game)
    final.draw_final(record, game)
    final.draw_export(record)
    share.draw_link(record)
    if model.qr_pending is not None:
        dom.later(share.after_change())
    hand.preview()
    view.draw()


def form_hidden(game, editing, following):
    """Whether the next-hand form is hidden (pure): the game is over and no hand of it is being
    corrected, or the game on show is followed from a link.

    >>> form_hidden({"over": True}, None, None), form_hidden({"over": True}, 2, None)
    (True, False)
    """
    return (game["over"] and editing is None) or bool(following)


def to_the_hand():
    """After a start or a resume: the way to record the next hand in view (the table view's
    button, the form below it), not the bottom of the page."""
    opener = q("[data-table-open]")
    if opener is not None and opener.offsetParent is not None:
        opener.scrollIntoView()  # below the sticky board: the page's scroll-padding-top (draw)
        opener.focus()
    else:
        q("#ledger-board").focus()


def forget_change():
    """Another change than an edit: the undo is the last hand's again, and what was said of the
    last undo or correction is no longer so."""
    model.before_change = None
    set_text("[data-ledger-undo]", L["history"]["undo"])
    set_text("[data-ledger-history-done]", "")


def another_game():
    """Another game on show: nothing said of the last one's hands follows it."""
    forget_change()
    set_text("[data-ledger-history-done]", "")
    q("[data-ledger-history-error]").hidden = True


def show_current():
    """The kept game that is now current (or the setup when none is), drawn afresh."""
    if model.following:
        follow.leave_link()
    another_game()
    hand.clear_form()
    model.record = store.load_current()
    draw()
