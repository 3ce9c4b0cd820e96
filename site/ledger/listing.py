"""The list of the games kept on this phone (SPEC §10.4): one item per game, `[data-game="ID"]`,
with its start, preset, names and the hand about to be played or its first place; a delete asks
once more inside the item, and can be undone while the page is open; every game exported at once.
The page's actions (resume, new, delete) are start()'s; this module draws and keeps the list."""
from engine.ledger.envelope import ShelfError, parsed, read_envelope
from ledger import final, store
from ledger.model import model
from ledger.page import handlers, copy_text, each, L, now_iso, q, set_text, win
from ledger.summary import game_summary

summaries = {}  # a game's stored text -> its summary, or None when it cannot be read


def started_on_this_clock(iso):
    """An ISO time as (year, month, day, hour, minute) on this phone's clock, or None."""
    if not iso:
        return None
    when = win().Date.new(iso)
    if when.getTime() != when.getTime():  # NaN: not a time
        return None
    return (int(when.getFullYear()), int(when.getMonth()) + 1, int(when.getDate()),
            int(when.getHours()), int(when.getMinutes()))


def summary(text, current=False):
    """The list's words for a stored game's text (None: it cannot be read), read once per text.
    The `current` game's text is the model's record as this tab saved it: its replay is the
    model's (nothing replayed again)."""
    if text not in summaries:
        try:
            if current and model.record is not None:
                data = parsed(text)
                game, started = model.record, data.get("started") if isinstance(data, dict) else None
            else:
                game, meta = read_envelope(text)
                started = meta["started"]
            summaries[text] = game_summary(L, game, model.played(game), started_on_this_clock(
                started if isinstance(started, str) else None))
        except ShelfError:
            summaries[text] = None
    return summaries[text]


def draw_list():
    """Every kept game, in the order they were kept; the current one marked."""
    listing = q("[data-games]")
    shelf = store.shelf()
    try:
        ids, current = shelf.ids(), model.game_id
    except (TypeError, ValueError, KeyError):  # another tab's write cut short: drawn next time
        return
    template = q("[data-games-item]").content.firstElementChild
    items = []
    for game_id in ids:
        text = shelf.raw(game_id)
        if text is None:
            continue
        item = template.cloneNode(True)
        item.dataset.game = game_id
        said = summary(text, game_id == current)
        if said is None:
            item.dataset.unreadable = "1"
            set_text("[data-game-what]", L["games"]["unreadable"], item)
        else:
            set_text("[data-game-when]", said["when"], item)
            set_text("[data-game-what]", said["what"], item)
            set_text("[data-game-names]", said["names"], item)
        is_current = game_id == current and not model.following  # a followed game is on show
        q("[data-game-current]", item).hidden = not is_current
        if is_current:
            q("[data-game-resume]", item).setAttribute("aria-current", "true")
        items.append(item)
    listing.replaceChildren(*items)
    q("[data-games-empty]").hidden = bool(items)
    q("[data-games-export-box]").hidden = not items


def ask_delete(item, asking):
    """The confirmation inside the item, in place of its delete button."""
    for other in each("[data-game-confirm]"):
        other.hidden = True
    for button in each("[data-game-delete]"):
        button.hidden = False
    q("[data-game-confirm]", item).hidden = not asking
    q("[data-game-delete]", item).hidden = asking
    if asking:
        q("[data-game-delete-sure]", item).focus()


def delete(game_id):
    """Deletes a kept game, its undo kept while the page is open. Returns whether it went."""
    deleted = store.write(store.shelf().delete, game_id)
    if deleted is None:
        return False
    model.deleted.append(deleted)
    set_text("[data-games-done]", L["games"]["deleted"])
    q("[data-games-undo]").hidden = False
    return True


def undo_delete():
    """The last deleted game back in its place (and current again if it was)."""
    if not model.deleted:
        return
    if store.write(store.shelf().restore, model.deleted[-1]) is None:
        return
    model.deleted.pop()
    set_text("[data-games-done]", L["games"]["undone"])
    q("[data-games-undo]").hidden = not model.deleted


@handlers.on("click", "[data-games-export-all]")
def on_export_all(_event):
    """Every kept game in one JSON text, to copy or download (import takes it back)."""
    text = store.shelf().export_all(now_iso())
    q("[data-games-export]").value = text
    q("[data-games-download]").href = final.blob_url(text, "download_all")
    q("[data-games-export-out]").hidden = False


@handlers.on("click", "[data-games-copy]")
async def on_copy_all(_event):
    await copy_text(q("[data-games-export]").value, "[data-games-copy-done]")
