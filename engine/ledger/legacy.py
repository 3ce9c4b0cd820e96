"""Version 1's games moved onto the shelf (SPEC §6.4): a module to delete once no phone keeps
them.

Version 1 (one game) kept the game under ``mahjong-ledger`` as {"format": "mahjong-ledger",
"version": 1, "saved", "record", "names", "ended"} and the game a new one replaced under
``mahjong-ledger.previous`` (the same envelope, or ""). engine.ledger.games.open_shelf moves both
in the first time it meets them (and again whenever a page of the old version writes them).
"""
from ..compat import WHITESPACE
from .envelope import ShelfError, read_envelope
from .storage import GAME, aside, get_text

LEGACY = "mahjong-ledger"  # version 1's one game
LEGACY_PREVIOUS = "mahjong-ledger.previous"  # version 1's replaced game


def move_in(shelf, index, now):
    """Version 1's games in as games of their own, the replaced one first, the current one
    current; each legacy key goes only once its game is kept (or its unreadable text is kept
    aside). A write the storage refuses takes back what this call wrote and raises ShelfError."""
    storage = shelf.storage
    moved, written = [], []
    try:
        for key in (LEGACY_PREVIOUS, LEGACY):
            text = get_text(storage, key)
            if text is None:
                continue
            moved.append(key)
            if all(char in WHITESPACE for char in text):
                continue  # "": version 1 kept nothing there
            try:
                game, meta = read_envelope(text)
            except ShelfError:
                written.append(aside(storage, text, now))
                continue
            game_id = shelf.new_id(index)
            saved = meta["saved"] or now
            written.append(GAME + game_id)
            shelf.put(game_id, game, meta["started"] or saved, saved, count=False)
            index["order"].append(game_id)
            if key == LEGACY:
                index["current"] = game_id
        if moved:
            shelf.write_index(index)
    except ShelfError:
        for key in written:
            storage.removeItem(key)
        raise
    for key in moved:
        storage.removeItem(key)
