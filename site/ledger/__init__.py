"""The ledger page: wires the page's controls to this package's modules (one concern each:
`store` localStorage, `listing` the games kept on this phone, `setup` the rules form, `hand` the
next hand, `tilebox` a winner's hand by its tiles, `board` the scores and the history,
`conditions` what each seat needs, `chart`, `final` the results and the export, `share` the link
and the QR code, `follow` a game opened from a link, `table` the table view; `page` the elements
and the state, `game` the page's game, `present` the wording) and holds the actions that change
the game. Every change goes through `change`: saved first, then drawn. A game followed from a link
is drawn, never saved, until it is kept. The page's script calls start(document); nothing touches
the page before that."""
from ledger import (board, chart, conditions, draft, final, follow, hand, listing, setup, share,
                    store, table, tilebox)
import dom
from engine import ledger
from ledger.page import (bind, copy_text, each, el, error_text, L, now_iso, q, set_text, show_error,
                         shown, state, win)
from ledger.game import current_game, engine_record
from ledger.present import broken_text, chombo_hint, hand_dealer, named


def change(record):
    """Every change of this phone's game goes through here: save first, then draw. A change made
    against a game another tab has changed since is not saved: the stored game is shown, and
    the page says so (security review F2-F4: never a silent overwrite)."""
    if not state["blocked"] and not store.save(record):
        another_game()
        if state["editing"] is not None:
            hand.clear_form()
        state["record"] = store.load_current()
        draw()
        store.say_moved(True)
        return
    state["record"] = record
    draw()


def draw():
    record = shown()
    listing.draw_list()
    el["main"].dataset.following = "1" if state["following"] else "0"
    el["setup"].hidden = record is not None
    el["game"].hidden = el["board"].hidden = record is None
    q("[data-ledger-export-box]").hidden = record is None
    if record is None:
        q("[data-ledger-chart-box]").hidden = q("[data-ledger-share-box]").hidden = True
        conditions.state["asked"] = None
        conditions.set_links()
        return
    game = current_game(record)
    el["main"].dataset.players = str(record["rules"]["players"])
    for option in each("option.lg-north"):  # CSS hides North; a picker that shows it anyway
        option.disabled = record["rules"]["players"] == 3  # cannot choose it
    el["main"].dataset.nagashi = str(record["rules"]["nagashi"])
    el["main"].dataset.aborts = str(record["rules"]["aborts"])
    el["main"].dataset.chombo = record["rules"]["chombo"]
    el["main"].dataset.oka = "0" if record["rules"]["return"] == record["rules"]["start"] else "1"
    set_text("[data-ledger-chombo-hint]", chombo_hint(L, record["rules"]))
    el["game"].dataset.over = "1" if game["over"] else "0"
    if state["following"]:  # a finished game has no next hand to rescan after
        set_text("[data-ledger-follow-hint]", L["follow"]["hint_over" if game["over"] else "hint"])
    editing = state["editing"] if state["editing"] is not None and not state["following"] \
        and state["editing"] < len(game["hands"]) else None
    dealer = hand_dealer(game) if editing is None else game["hands"][editing]["dealer"]
    for seat in range(4):  # the form's seats, with their winds in the hand it states
        set_text(f'[data-ledger-label="{seat}"]', named(L, record, seat, dealer))
    el["hand_form"].hidden = (game["over"] and editing is None) or bool(state["following"])
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
    if "qr_pending" in state:
        dom.later(share.after_change())
    hand.preview()
    table.draw()


# ---------------------------------------------------------------- actions

def on_start(event):
    event.preventDefault()
    record = setup.read_new_game()
    if record is None:
        return
    change(record)
    hand.carry_from_calculator()
    to_the_hand()


def to_the_hand():
    """After a start or a resume: the way to record the next hand in view (the table view's
    button, the form below it), not the bottom of the page."""
    opener = q("[data-table-open]")
    if opener is not None and opener.offsetParent is not None:
        opener.scrollIntoView()  # below the sticky board: the page's scroll-padding-top (draw)
        opener.focus()
    else:
        q("#ledger-board").focus()


def on_add(event):
    event.preventDefault()
    added = hand.preview(adding=True)
    if added is not None:
        add_hand(added)


def add_hand(added):
    """A hand the form (or the table view through it) states, added, or saved in place of the
    hand being changed."""
    record = state["record"]
    if state["editing"] is not None:
        save_change(record, state["editing"], added, "changed")
        return
    forget_change()
    change(dict(record, hands=list(record["hands"]) + [added]))
    hand.clear_form()
    table.keep_draft()  # the next hand's, empty: the one just added is in the record


def forget_change():
    """Another change than an edit: the undo is the last hand's again."""
    state["before_change"] = None
    set_text("[data-ledger-undo]", L["history"]["undo"])


def another_game():
    """Another game on show: nothing said of the last one's hands follows it."""
    forget_change()
    set_text("[data-ledger-history-done]", "")
    q("[data-ledger-history-error]").hidden = True


def on_edit(event):
    """A history row's edit control: the form holds that hand; adding saves it in place."""
    index = int(event.currentTarget.dataset.ledgerEdit)
    record = state["record"]
    state["editing"] = index
    draw()
    hand.fill_form(record["hands"][index], index, current_game(record)["hands"][index])
    hand.preview()
    q("#ledger-hand-heading").scrollIntoView()


def on_history_click(event):
    """The history's rows are drawn anew after every change: one listener on the table body
    takes their edit and delete controls."""
    button = event.target.closest("[data-ledger-edit], [data-ledger-delete]")
    if not button or state["following"]:
        return
    if button.hasAttribute("data-ledger-edit"):
        on_edit(Target(button))
    else:
        on_delete(Target(button))


class Target:
    """An event's stand-in naming the control that was tapped."""

    def __init__(self, button):
        self.currentTarget = button


def on_edit_cancel(_event):
    hand.clear_form()
    draw()
    put_draft_back()


def on_form(event):
    """A control of the next-hand form changed: its preview, and the hand in progress kept."""
    hand.preview(event)
    table.keep_draft()


def put_draft_back(reopen=False):
    """The hand in progress as it was last kept with this game (ledger.draft): after a reload
    (`reopen`: the table view too, where it was) or after a stored hand was corrected."""
    kept = draft.load()
    if kept is None:
        return
    paused, draft.keeping["paused"] = draft.keeping["paused"], True  # its own draws write nothing
    for seat, typed in sorted(draft.put_back(kept).items()):  # seat by seat, as on the page
        dom.later(hand.restore_tiles(typed, seat))
    hand.preview()
    if reopen and kept["table"].get("open") is True:
        table.reopen(kept["table"].get("entry"))
    draft.keeping["paused"] = paused
    table.keep_draft()


def save_change(record, index, new_hand, done):
    """An earlier hand changed (new_hand) or deleted (None) through engine.ledger.edit; a change
    the game cannot take is refused with nothing changed. Returns whether it was saved."""
    show_error("hand", "", el["hand_form"])
    box = q("[data-ledger-history-error]")
    box.hidden = True
    try:
        edited = ledger.edit(engine_record(record), index, new_hand)
    except ledger.RecordError as error:
        text = broken_text(L, error, current_game(record)["hands"]) \
            if error.code == "ends_before" else error_text(error)
        if new_hand is None:
            box.textContent = text
            box.hidden = False
        else:
            show_error("hand", text, el["hand_form"])
        return False
    state["before_change"] = record
    hand.clear_form()
    change(dict(record, hands=edited["hands"]))
    put_draft_back()
    set_text("[data-ledger-history-done]", L["named"][done].format(n=index + 1))
    set_text("[data-ledger-undo]", L["named"]["undo_change"])
    return True


def on_delete(event):
    save_change(state["record"], int(event.currentTarget.dataset.ledgerDelete), None, "deleted")


def on_undo(_event):
    set_text("[data-ledger-undo]", L["history"]["undo"])
    if state["before_change"] is not None:  # the last action was a change: one tap undoes it
        before, state["before_change"] = state["before_change"], None
        change(before)
        set_text("[data-ledger-history-done]", L["named"]["change_undone"])
        return
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
    forget_change()
    change(dict(state["record"], ended=True))


def on_new(_event):
    """A new game: the setup, with the current game kept in the list (SPEC §10.4)."""
    if state["following"]:
        follow.leave_link()
    another_game()
    hand.clear_form()
    store.leave()
    state["record"] = None
    draw()
    q("#ledger-setup-heading").scrollIntoView()


def show_current():
    """The kept game that is now current (or the setup when none is), drawn afresh."""
    if state["following"]:
        follow.leave_link()
    another_game()
    hand.clear_form()
    state["record"] = store.load_current()
    draw()


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
        if listing.delete(game_id) and game_id == state["game_id"]:
            state["game_id"] = None
        show_current()
        q("[data-games-undo]").focus()
    elif button.hasAttribute("data-game-resume"):
        resume(game_id)


def resume(game_id):
    if item_unreadable(game_id):
        store.show_damaged(store.games.GAME + game_id, store.shelf().raw(game_id),
                           L["games"]["unreadable"])
        q("[data-ledger-damaged]").scrollIntoView()
        return
    if game_id != state["game_id"] and not state["blocked"]:
        store.write(store.shelf().resume, game_id)
    show_current()
    if state["record"] is not None:
        to_the_hand()
    else:
        q("#ledger-setup-heading").scrollIntoView()


def item_unreadable(game_id):
    item = q(f'[data-game="{game_id}"]')
    return bool(item) and item.hasAttribute("data-unreadable")


def on_games_undo(_event):
    listing.undo_delete()
    show_current()


def on_forget(_event):
    """The user copied the text: a value kept aside goes, an unreadable listed game leaves the
    list (its undo as any delete), version 1's game under a full storage stays."""
    box = q("[data-ledger-damaged]")
    key = box.getAttribute("data-key") or ""
    if key.startswith(store.games.GAME):
        listing.delete(key[len(store.games.GAME):])
    elif key.startswith(store.games.UNREADABLE):
        store.storage().removeItem(key)
    box.hidden = True
    store.show_older_damaged()
    draw()


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
    except store.games.ShelfError as problem:
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


async def on_copy_damaged(_event):
    await copy_text(q("[data-ledger-damaged-raw]").value, "[data-ledger-damaged-done]")


def on_storage(event):
    """Another tab of this site saved the game: follow it, so neither tab writes over the other's
    hands with an older copy."""
    key = None if event.key is None else str(event.key)
    if key is not None and key.startswith(draft.PREFIX):
        return  # the other tab's hand in progress: its own
    if key is None or key.startswith(store.games.FORMAT):
        forget_change()  # an undo or a correction armed here is against the game as it was
        if state["editing"] is not None:
            hand.clear_form()
        state["record"] = store.load_current()
        draw()


def on_keep(_event):
    another_game()  # the undo armed by a change of the other game must not write over this one
    others = bool(store.shelf().ids())
    change(follow.keep_followed())
    # Said only when it is so: a refused write (said beside the board) kept nothing (F16).
    kept = "" if state["game_id"] is None else L["follow"]["kept_beside" if others else "kept"]
    set_text("[data-ledger-kept]", kept)
    q("#ledger-board").focus()


def on_leave(_event):
    follow.leave_link()
    draw()


def on_hash(_event=None):
    """A link opened in this tab: follow its game (or say why not); nothing is stored."""
    follow.open_link()
    draw()


HANDLERS = {
    "preset": setup.on_preset, "rule_edit": setup.on_rule_edit, "start": on_start,
    "preview": on_form, "add": on_add, "ref": board.on_ref, "undo": on_undo, "end": on_end,
    "end_sure": on_end_sure, "new": on_new, "import": on_import, "copy": final.on_copy,
    "copy_damaged": on_copy_damaged, "forget": on_forget, "games_click": on_games_click,
    "games_undo": on_games_undo, "export_all": listing.on_export_all, "copy_all": listing.on_copy_all,
    "storage": on_storage,
    "need": conditions.on_change, "need_links": conditions.set_links, "keep": on_keep,
    "leave": on_leave, "hash": on_hash,
    "history_click": on_history_click, "edit": on_edit, "delete": on_delete, "edit_cancel": on_edit_cancel,
    "share": share.on_share_toggle, "copy_link": share.on_copy_link, "paste": share.on_paste}
proxies = {}  # kept for as long as the page listens (start)


def backstop(step):
    """A start step whose failure must not keep the page from going live (the readers raise only
    their own errors; this is the last line, security review F5-F7)."""
    try:
        return step()
    except Exception:  # noqa: BLE001
        return None


def listen(selector, event, name):
    for element in each(selector):
        element.addEventListener(event, proxies[name])


def start(document):
    """Wire the page's controls to the game; called by the page's script."""
    bind(document)
    tilebox.mount(document, win(), {int(block.dataset.ledgerWinner): block
                                    for block in each("[data-ledger-winner]", el["hand_form"])},
                  table.tiles_changed)
    proxies.update({name: dom.proxy(handler) for name, handler in HANDLERS.items()})
    state["record"] = backstop(store.open_games)  # whatever storage holds, the page comes live
    backstop(store.show_older_damaged)
    listen("#lr-preset", "change", "preset")
    listen("#ledger-rules", "change", "rule_edit")
    listen("#ledger-rules", "submit", "start")
    listen("#ledger-hand", "input", "preview")
    listen("#ledger-hand", "change", "preview")
    listen("#ledger-hand", "submit", "add")
    listen("[data-ledger-ref]", "click", "ref")
    listen("[data-need-place]", "input", "need")
    listen("[data-need-riichi]", "input", "need")
    listen(conditions.LINKS, "click", "need_links")
    listen("[data-ledger-undo]", "click", "undo")
    listen("[data-ledger-edit-cancel]", "click", "edit_cancel")
    listen("[data-ledger-history]", "click", "history_click")
    listen("[data-ledger-end]", "click", "end")
    listen("[data-ledger-end-sure]", "click", "end_sure")
    listen("[data-ledger-new], [data-games-new]", "click", "new")
    listen("[data-games]", "click", "games_click")
    listen("[data-games-undo]", "click", "games_undo")
    listen("[data-games-export-all]", "click", "export_all")
    listen("[data-games-copy]", "click", "copy_all")
    listen("[data-ledger-import-go]", "click", "import")
    listen("[data-ledger-copy]", "click", "copy")
    listen("[data-ledger-damaged-copy]", "click", "copy_damaged")
    listen("[data-ledger-damaged-forget]", "click", "forget")
    listen("[data-ledger-keep]", "click", "keep")
    listen("[data-ledger-leave]", "click", "leave")
    listen("[data-ledger-share-box]", "toggle", "share")
    listen("[data-ledger-copy-link]", "click", "copy_link")
    listen("[data-ledger-paste]", "click", "paste")
    win().addEventListener("storage", proxies["storage"])
    win().addEventListener("hashchange", proxies["hash"])
    table.start(document, add_hand, on_undo)
    backstop(follow.open_link)
    draw()
    if not state["following"]:
        put_draft_back(reopen=True)
    draft.keeping["paused"] = False
    hand.carry_from_calculator()
    hand.preview()
    q("[data-ledger-loading]").hidden = True
    el["root"].dataset.engine = "ready"
