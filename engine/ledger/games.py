"""The games kept on one device (SPEC §6.4, §10.4): the shelf, an index (order, current) and one
key per game (engine.ledger.storage), each game in its envelope (engine.ledger.envelope) with
the summary the season reads beside it (engine.ledger.summary); export and import.

The shelf is given its storage (``localStorage``, or a ``MemoryStorage``: the tests' dict).
``open_shelf`` moves the games of version 1 in (engine.ledger.legacy) and rebuilds a damaged
index; values it cannot read go under ``mahjong-ledger.unreadable.*``, never away. A write the
storage refuses raises ``ShelfError("refused")`` with every value as it was before the call.

>>> from engine.ledger.envelope import new_game
>>> from engine.ledger.storage import MemoryStorage
>>> storage = MemoryStorage()
>>> shelf = open_shelf(storage, "2026-12-02T10:00:00.000Z")
>>> first = shelf.add(new_game(), "2026-12-02T10:00:00.000Z")
>>> shelf.current(), [entry["id"] for entry in shelf.entries()]
('1', ['1'])
>>> [(game_id, summary["hands"]) for game_id, summary in shelf.summaries()]
[('1', 0)]
"""
from ..inputs import EngineError, read_json
from . import legacy
from .envelope import (BUNDLE, VERSION, ShelfError, envelope, games_in_text, late_uid,
                       read_envelope, valid_id)
from .storage import (GAME, INDEX, SUMMARY, UNREADABLE, aside, get_stamps, get_text, get_texts,
                      put_text, read_index, rebuilt_index, stored_keys, try_put)
from .summary import read_summary, summarise, summary_text
from .wire import dumps


class Shelf:
    """The games on one device: an index (order, current) and one key per game. Every method
    reads the index afresh, so another tab's change is never written over."""

    def __init__(self, storage):
        self.storage = storage

    # -- the index

    def index(self):
        """The index; one that cannot be read (another tab's, since open_shelf set it aside) is
        read as the games' keys say, and written right with the next change."""
        text = get_text(self.storage, INDEX)
        if text is None:  # nothing kept yet: the index is written with the first game
            return {"current": None, "order": [], "next": 1}
        try:
            return read_index(text)
        except ShelfError:
            return rebuilt_index(self.storage)

    def write_index(self, index):
        written = {"format": BUNDLE, "version": VERSION}
        written.update(index)
        put_text(self.storage, INDEX, dumps(written, ascii_only=True))

    def current(self):
        return self.index()["current"]

    def ids(self):
        return self.index()["order"]

    def new_id(self, index):  # a new game's id (index["next"] moved past it)
        number = index["next"]
        while get_text(self.storage, GAME + str(number)) is not None:
            number += 1
        index["next"] = number + 1
        return str(number)

    # -- one game

    def raw(self, game_id):  # a kept game's stored text, or None
        return get_text(self.storage, GAME + game_id) if isinstance(game_id, str) else None

    def load(self, game_id):
        """(game, meta) of a kept game; ShelfError if it is gone or cannot be read."""
        text = self.raw(game_id)
        if text is None:
            raise ShelfError("no_such_game")
        return read_envelope(text)

    def put(self, game_id, game, started, saved, count=True):
        """Writes a game's envelope under its id, and beside it its summary (``count``), or,
        not counted now, no summary: the season counts it when it first needs it. A summary the
        storage refuses is left out the same way; a refused envelope raises ShelfError."""
        text = envelope(game, game_id, started, saved)
        put_text(self.storage, GAME + game_id, text)
        if count:
            self.keep_summary(game_id, game, started, text)
        else:
            self.storage.removeItem(SUMMARY + game_id)

    def keep_summary(self, game_id, game, started, text):
        """The summary of `game`, kept in `text` under `game_id`, counted and kept beside it;
        None for a game the ledger cannot replay (only a caller's unchecked game)."""
        try:
            summary = summarise(game, started, text)
            put_text(self.storage, SUMMARY + game_id, summary_text(summary))
        except ShelfError:
            self.storage.removeItem(SUMMARY + game_id)  # never one of the game as it was
        except EngineError:
            self.storage.removeItem(SUMMARY + game_id)
            return None
        return summary

    def take_out(self, game_id):  # a game's keys: its envelope and its summary
        self.storage.removeItem(GAME + game_id)
        self.storage.removeItem(SUMMARY + game_id)

    def save(self, game_id, game, now, count=True):
        """Writes a kept game after a change, counted for the season (``count``: False leaves
        that to the season, for a game still in play). Its start time stays; a value under its
        key that cannot be read is moved aside first, never written over."""
        started = now
        text = self.raw(game_id)
        if text is not None:
            try:
                started = read_envelope(text)[1]["started"] or now
            except ShelfError:
                aside(self.storage, text, now)
        self.put(game_id, game, started, now, count)

    def add(self, game, now, started=None, current=True):
        """Keeps a new game, the current one unless `current` is False (a game the season page
        brings in); returns its id."""
        index = self.index()
        game_id = self.new_id(index)
        self.put(game_id, game, started or now, now)
        index["order"].append(game_id)
        if current:
            index["current"] = game_id
        self._write_index_keeping(index, game_id)
        return game_id

    def _write_index_keeping(self, index, game_id):
        """The index, listing `game_id`; refused, the game's keys go back out: none half kept."""
        try:
            self.write_index(index)
        except ShelfError:
            self.take_out(game_id)
            raise

    def resume(self, game_id):
        index = self.index()
        if game_id not in index["order"]:
            raise ShelfError("no_such_game")
        index["current"] = game_id
        self.write_index(index)

    def leave(self):
        """No current game (the page shows the setup); every game stays kept."""
        index = self.index()
        index["current"] = None
        self.write_index(index)

    def delete(self, game_id):
        """Removes a game; returns what ``restore`` needs to undo it: (id, text, place,
        whether it was the current one, its summary's text)."""
        index = self.index()
        if game_id not in index["order"]:
            raise ShelfError("no_such_game")
        text, summary = self.raw(game_id), get_text(self.storage, SUMMARY + game_id)
        place = index["order"].index(game_id)
        was_current = index["current"] == game_id
        index["order"].remove(game_id)
        if was_current:
            index["current"] = None
        self.write_index(index)
        self.take_out(game_id)
        return game_id, text, place, was_current, summary

    def restore(self, deleted):
        """Undoes ``delete``: the game (and its summary) back under its id, at its place."""
        game_id, text, place, was_current, summary = deleted
        index = self.index()
        if text is not None:
            put_text(self.storage, GAME + game_id, text)
            if summary is not None:  # refused: counted again when the season needs it
                try_put(self.storage, SUMMARY + game_id, summary)
        index["order"].insert(min(place, len(index["order"])), game_id)
        if was_current:
            index["current"] = game_id
        self._write_index_keeping(index, game_id)

    def entries(self):
        """Every kept game for the list, in order: {"id", "game", "started", "saved",
        "problem" (a ShelfError code, None when readable), "raw" (the stored text)}."""
        listed = []
        for game_id in self.index()["order"]:
            text = self.raw(game_id)
            entry = {"id": game_id, "game": None, "started": None, "saved": None,
                     "problem": None, "raw": text}
            try:
                game, meta = self.load(game_id)
                entry.update(game=game, started=meta["started"], saved=meta["saved"])
            except ShelfError as error:
                entry["problem"] = error.code
            listed.append(entry)
        return listed

    def summaries(self):
        """(id, summary) of every kept game that can be read, in the list's order: the summary
        kept beside it where it was counted from the game as it is stored now, else counted now
        and kept (engine.ledger.summary). A game that cannot be read is left out (the ledger's
        list shows it)."""
        found, ids = [], self.index()["order"]
        stamps = get_stamps(self.storage, [GAME + game_id for game_id in ids])
        kept = get_texts(self.storage, [SUMMARY + game_id for game_id in ids])
        for game_id, stamp, summary in zip(ids, stamps, kept):
            summary = read_summary(summary, stamp)
            text = self.raw(game_id) if summary is None else None
            if summary is None and text is not None:
                try:
                    game, meta = read_envelope(text)
                except ShelfError:
                    continue
                summary = self.keep_summary(game_id, game, meta["started"], text)
            if summary is not None:
                found.append((game_id, summary))
        return found

    def give_uids(self, random_bytes, ids=None):
        """Gives every kept game without a uid one (``late_uid``; ``random_bytes()`` draws
        UID_BYTES random bytes each time), its times and everything else as they were; returns
        the ids of the games given one. ``ids``: only these games are looked at. A game that
        cannot be read is left as it is; a write the storage refuses stops here (the others get
        theirs at the next open)."""
        given = []
        for game_id in self.index()["order"] if ids is None else ids:
            text = self.raw(game_id)
            if text is None or '"uid": "' in text:  # as envelope() writes it: read no further
                continue
            try:
                game, meta = read_envelope(text)
            except ShelfError:
                continue
            if "uid" in game:
                continue
            game["uid"] = late_uid(random_bytes())
            try:
                self.put(game_id, game, meta["started"] or meta["saved"], meta["saved"],
                         count=False)
            except ShelfError:
                break
            given.append(game_id)
        return given

    # -- export and import

    def export_all(self, now):
        """Every kept game in one text; one that cannot be read travels as its raw text."""
        games = []
        for entry in self.entries():
            if entry["problem"] is None:
                games.append(read_json(entry["raw"]))
            elif entry["raw"] is not None:
                games.append({"unreadable": entry["raw"]})
        return dumps({"format": BUNDLE, "version": VERSION, "exported": now, "games": games})

    def import_text(self, text, now):
        """Keeps the games of an exported or pasted text (one game, a bare record, or every
        game of ``export_all``) as new games beside the others; returns their ids. One game
        becomes the current one. All is checked before anything is written; a refused write
        takes back what this call wrote."""
        return self.import_games(text, now)["ids"]

    def import_games(self, text, now):
        """As ``import_text``; returns {"ids": the games kept, "aside": the keys of the
        "unreadable" items of an export of every game that still cannot be read, kept aside
        (unreadable_keys) as the device that exported them kept them}. An "unreadable" item
        that reads now is kept as a game. The games are not counted for the season here
        (many may come at once): the season counts each once, when it first needs it."""
        found = games_in_text(text)
        written, index = [], self.index()
        ids = []
        try:
            for game, meta, raw in found:
                if raw is not None:
                    written.append(aside(self.storage, raw, now))
                    continue
                game_id = self.new_id(index)
                written.append(GAME + game_id)
                self.put(game_id, game, meta["started"] or now, meta["saved"] or now,
                         count=False)
                index["order"].append(game_id)
                ids.append(game_id)
            if len(ids) == 1 or index["current"] is None and ids:
                index["current"] = ids[-1] if len(ids) == 1 else ids[0]
            self.write_index(index)
        except ShelfError:
            for key in written:
                self.storage.removeItem(key)
            raise
        return {"ids": ids, "aside": [key for key in written if key.startswith(UNREADABLE)]}


def open_shelf(storage, now):
    """The shelf of this storage, version 2 (its index written with the first game kept), with
    every game of version 1 moved in (engine.ledger.legacy), the replaced one first, and a
    damaged index rebuilt from the games' keys. Raises ShelfError("refused") when the storage
    will not take the move; every value is then as it was."""
    shelf = Shelf(storage)
    text = get_text(storage, INDEX)
    index = None
    if text is not None:
        try:
            index = read_index(text)
        except ShelfError:
            aside(storage, text, now)
    if index is None:
        index = rebuilt_index(storage)
        if index["order"] or text is not None:  # a storage with no game yet stays untouched
            shelf.write_index(index)
    _rehome(shelf, index, now)
    legacy.move_in(shelf, index, now)
    return shelf


def _rehome(shelf, index, now):
    """A game kept under an id outside ID_CHARACTERS (storage written by hand or by another
    program) moves to a new id of its own, at its place in the list; an unreadable one goes
    aside. Nothing is written when every id is good."""
    storage = shelf.storage
    listed = [game_id for game_id in index["order"] if not valid_id(game_id)]
    unlisted = [key[len(GAME):] for key in stored_keys(storage)
                if key.startswith(GAME) and not valid_id(key[len(GAME):])
                and key[len(GAME):] not in index["order"]]
    if not listed and not unlisted:
        return
    for game_id in listed + unlisted:
        text = get_text(storage, GAME + game_id)
        place = index["order"].index(game_id) if game_id in index["order"] else None
        if place is not None:
            index["order"].pop(place)
        if text is not None:
            try:
                game, meta = read_envelope(text)
            except ShelfError:
                aside(storage, text, now)
            else:
                new_id = shelf.new_id(index)
                saved = meta["saved"] or now
                shelf.put(new_id, game, meta["started"] or saved, saved, count=False)
                index["order"].insert(len(index["order"]) if place is None else place, new_id)
                if index["current"] == game_id:
                    index["current"] = new_id
        if index["current"] == game_id:
            index["current"] = None
        shelf.take_out(game_id)
    shelf.write_index(index)
