"""The ledger page: one model (`model`: what is stored, on show and being entered, and the game
replayed once per record), drawn by `screen` after every change, and this package's modules, one
concern each: `store` localStorage, `listing` the games kept on this phone, `setup` the rules form,
`hand` the next-hand form (`form` its controls as a hand, without a page), `history` the actions on
the game's hands, `tilebox` a winner's hand by its tiles, `board` the scores and the history,
`conditions` what each seat needs, `chart`, `final` the results and the export, `share` the link
and the QR code, `follow` a game opened from a link, `table` the table view (`entry` its taps,
`sheet` its value sheet, `view` its drawing), `page` the elements and the strings, `present` the
words, `drawing` the chart's and the QR code's geometry. This module holds the game-wide actions
(start, new, resume, import, keep) and start(document), which the page's script calls: every
module's handlers are named where each is defined (ledger.page.handlers) and bound there; nothing
touches the page before that."""
from ledger import (board, conditions, draft, final, follow, hand, history, listing, setup,  # noqa: F401
                    share, store, table, tilebox)  # each module's handlers register as it is imported
from engine.ledger.envelope import FORMAT, ShelfError
from engine.ledger.storage import GAME, UNREADABLE
from ledger.history import add_hand, on_undo, put_draft_back
from ledger.model import model
from ledger.page import bind, copy_text, each, el, handlers, L, now_iso, q, set_text, show_error, win
from ledger.screen import another_game, change, draw, forget_change, show_current, to_the_hand


# ---------------------------------------------------------------- actions


@handlers.on("submit", "#ledger-rules")
def on_start(event):
    event.preventDefault()
    record = setup.read_new_game()
    if record is None:
        return
    change(record)
    hand.carry_from_calculator()
    to_the_hand()


@handlers.on("click", "[data-ledger-new], [data-games-new]")
def on_new(_event):
    """A new game: the setup, with the current game kept in the list (SPEC §10.4)."""
    if model.following:
        follow.leave_link()
    another_game()
    hand.clear_form()
    store.leave()
    model.record = None
    draw()
    q("#ledger-setup-heading").scrollIntoView()


@handlers.on("click", "[data-games]")
def on_games_click(event):
    """The list's items are drawn anew after every change: one listener on the list takes
    their resume, delete and its confirmation."""
    button = event.target.closest("button")
    item = event.target.closest("[data-game]")
    if not button or not item:
        return
    game_id = item.dataset.game
    if button.hasAttribute("data-game-delete"):
        listing.ask_delete(item, True)
    elif button.hasAttribute("data-game-delete-cancel"):
        listing.ask_delete(item, False)
        q("[data-game-delete]", item).focus()
    elif button.hasAttribute("data-game-delete-sure"):
        if listing.delete(game_id) and game_id == model.game_id:
            model.game_id = None
        show_current()
        q("[data-games-undo]").focus()
    elif button.hasAttribute("data-game-resume"):
        resume(game_id)


def resume(game_id):
    if item_unreadable(game_id):
        store.show_damaged(GAME + game_id, store.shelf().raw(game_id),
                           L["games"]["unreadable"])
        q("[data-ledger-damaged]").scrollIntoView()
        return
    if game_id != model.game_id and not model.blocked:
        store.write(store.shelf().resume, game_id)
    show_current()
    if model.record is not None:
        to_the_hand()
    else:
        q("#ledger-setup-heading").scrollIntoView()


def item_unreadable(game_id):
    item = q(f'[data-game="{game_id}"]')
    return bool(item) and item.hasAttribute("data-unreadable")


@handlers.on("click", "[data-games-undo]")
def on_games_undo(_event):
    listing.undo_delete()
    show_current()


@handlers.on("click", "[data-ledger-damaged-forget]")
def on_forget(_event):
    """The user copied the text: a value kept aside goes, an unreadable listed game leaves the
    list (its undo as any delete), version 1's game under a full storage stays."""
    box = q("[data-ledger-damaged]")
    key = box.getAttribute("data-key") or ""
    if key.startswith(GAME):
        listing.delete(key[len(GAME):])
    elif key.startswith(UNREADABLE):
        store.storage().removeItem(key)
    box.hidden = True
    store.show_older_damaged()
    draw()


@handlers.on("click", "[data-ledger-import-go]")
def on_import(_event):
    text = q("[data-ledger-import]").value
    show_error("import", "")
    set_text("[data-ledger-import-done]", "")
    if not text.strip():  # nothing pasted: no format to blame
        show_error("import", L["store"]["empty_paste"])
        return
    try:
        done = store.shelf().import_games(text, now_iso())
        store.give_uids()
    except ShelfError as problem:
        show_error("import", L["store"]["import_failed"].format(reason=store.problem_text(problem, True)))
        return
    ids, aside = done["ids"], done["aside"]
    store.say_refused(False)
    show_current()
    q("[data-ledger-import]").value = ""
    said = []
    if ids:
        said.append(L["store"]["imported"] if len(ids) == 1
                    else L["games"]["imported_all"].format(n=len(ids)))
    if aside:  # kept, never dropped: on show with the other values set aside
        said.append(L["games"]["imported_aside"].format(n=len(aside)))
        store.show_older_damaged()
    set_text("[data-ledger-import-done]", L["joiner"]["sentences"].join(said))


@handlers.on("click", "[data-ledger-damaged-copy]")
async def on_copy_damaged(_event):
    await copy_text(q("[data-ledger-damaged-raw]").value, "[data-ledger-damaged-done]")


@handlers.on("storage", "window")
def on_storage(event):
    """Another tab of this site saved the game: follow it, so neither tab writes over the other's
    hands with an older copy."""
    key = None if event.key is None else str(event.key)
    if key is not None and key.startswith(draft.PREFIX):
        return  # the other tab's hand in progress: its own
    if key is None or key.startswith(FORMAT):
        forget_change()  # an undo or a correction armed here is against the game as it was
        if model.editing is not None:
            hand.clear_form()
        model.record = store.load_current()
        draw()


@handlers.on("click", "[data-ledger-keep]")
def on_keep(_event):
    another_game()  # the undo armed by a change of the other game must not write over this one
    others = bool(store.shelf().ids())
    change(follow.keep_followed())
    # Said only when it is so: a refused write (said beside the board) kept nothing (F16); an
    # ended game is not offered its next hand (ja F14).
    kept = ""
    if model.game_id is not None:
        says = L["follow"]
        said = [says["kept_over" if model.played()["over"] else "kept"]]
        kept = L["joiner"]["sentences"].join(said + ([says["kept_others"]] if others else []))
    set_text("[data-ledger-kept]", kept)
    q("#ledger-board").focus()


@handlers.on("click", "[data-ledger-leave]")
def on_leave(_event):
    follow.leave_link()
    draw()


@handlers.on("hashchange", "window")
def on_hash(_event=None):
    """A link opened in this tab: follow its game (or say why not); nothing is stored."""
    follow.open_link()
    draw()


def backstop(step):
    """A start step whose failure must not keep the page from going live (the readers raise only
    their own errors; this is the last line, security review F5-F7)."""
    try:
        return step()
    except Exception:  # noqa: BLE001
        return None


def start(document):
    """Wire the page's controls to the game (every module's handlers, named where each is
    defined: ledger.page.handlers); called by the page's script."""
    bind(document)
    tilebox.mount(document, win(), {int(block.dataset.ledgerWinner): block
                                    for block in each("[data-ledger-winner]", el["hand_form"])},
                  table.tiles_changed)
    table.start(document, add_hand, on_undo)  # its panels placed before the handlers are bound
    handlers.bind(document, win())
    model.record = backstop(store.open_games)  # whatever storage holds, the page comes live
    backstop(store.show_older_damaged)
    backstop(follow.open_link)
    draw()
    if not model.following:
        put_draft_back(reopen=True)
    model.paused = False
    hand.carry_from_calculator()
    hand.preview()
    q("[data-ledger-loading]").hidden = True
    el["root"].dataset.engine = "ready"
