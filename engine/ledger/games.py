"""The games kept on one device (SPEC §6.4, §10.4): the storage format, versioned, its
migration from the format before it, export and import. Pure Python: every function takes the
storage (anything with ``getItem``, ``setItem``, ``removeItem``, ``key`` and ``length``, as the
browser's ``localStorage`` has) as an argument, so a dict-backed stand-in tests it.

Keys, version 2:

    mahjong-ledger.games        the index: {"format": "mahjong-ledger-games", "version": 2,
                                "current": ID or null, "order": [ID, ...], "next": N}
    mahjong-ledger.game.ID      one game: {"format": "mahjong-ledger", "version": 2, "id": ID,
                                "uid": UID, "started": ISO time, "saved": ISO time,
                                "record": {"rules", "hands"}, "names": [...], "ended": bool}
    mahjong-ledger.unreadable.T a value found that could not be read, kept as it was

Version 1 (one game) kept the game under ``mahjong-ledger`` as {"format": "mahjong-ledger",
"version": 1, "saved", "record", "names", "ended"} and the game a new one replaced under
``mahjong-ledger.previous`` (the same envelope, or ""). ``open_shelf`` moves both into version 2
the first time it meets them (and again whenever a page of the old version writes them);
values it cannot read go under ``mahjong-ledger.unreadable.*``, never away.

A game is the page's game: ``{"rules", "hands", "names", "ended"}``, rules filled and hands
checked by the record's reader, and ``uid`` where it has one (SPEC §11.1): an identity unique
across phones, given when the game starts (``new_uid``) and kept in storage, exports and links.
Games kept before there were uids have none; ``Shelf.give_uids`` gives them one (``late_uid``),
marked as given late, so that the same game given one on two phones is still found the same by
its hands (engine.season). A write the storage refuses (its quota, a DOMException from
``setItem``) raises ``ShelfError("refused")`` with every value as it was before the call.

>>> storage = MemoryStorage()
>>> shelf = open_shelf(storage, "2026-12-02T10:00:00.000Z")
>>> first = shelf.add(new_game(), "2026-12-02T10:00:00.000Z")
>>> shelf.current(), [entry["id"] for entry in shelf.entries()]
('1', ['1'])
"""
import base64
from collections import OrderedDict

from ..compat import WHITESPACE
from ..inputs import EngineError, InputError, read_json
from ..presets import NAMES, preset_rules
from . import RecordError, only_record_keys, read_hand, replay, rules_from
from .wire import dumps

FORMAT = "mahjong-ledger"
BUNDLE = "mahjong-ledger-games"  # the index, and an export of every game
VERSION = 2
READS = (1, 2)  # envelope versions a stored or pasted game may have
INDEX = "mahjong-ledger.games"
GAME = "mahjong-ledger.game."  # + the game's id
UNREADABLE = "mahjong-ledger.unreadable."  # + the time it was found
LEGACY = "mahjong-ledger"  # version 1's one game
LEGACY_PREVIOUS = "mahjong-ledger.previous"  # version 1's replaced game
CODES = ("bad_json", "wrong_format", "unknown_version", "bad_record", "names", "refused",
         "no_such_game")
MAX_NAME = 12  # characters: the setup form's maxlength, for a name from a link or a paste too
MAX_SEATS = 4  # names kept: one per seat of the largest table
# Bidi controls (embeddings, overrides, isolates, marks) in a name would turn the names after it
# around wherever names are joined on one line: they go on reading.
BIDI = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"
# A game's id goes into keys and the page's selectors ([data-game="ID"]): these characters only.
ID_CHARACTERS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_-"
MAX_ID = 40
# A uid: a letter saying how it was given, then URL-safe base64 of random bytes (UID_BYTES give
# 16 characters: 96 bits, so two phones' games never meet by chance).
UID_BYTES = 12
UID_FRESH = "g"  # given when the game started
UID_LATE = "o"  # given to a game kept before there were uids (or brought in without one)


class ShelfError(EngineError):
    """``code`` is one of CODES; ``record_error`` the RecordError behind a ``bad_record``;
    ``version`` the version a ``unknown_version`` envelope gave."""

    def __init__(self, code, record_error=None, version=None):
        super().__init__(code if record_error is None else f"{code}: {record_error}")
        self.code = code
        self.record_error = record_error
        self.version = version


class MemoryStorage:
    """A dict with localStorage's methods, its keys in the order they were first set (an
    OrderedDict: a MicroPython dict keeps no order); ``limit`` (characters of keys and values
    together) makes ``setItem`` refuse as a full browser storage does.

    >>> storage = MemoryStorage(limit=10)
    >>> storage.setItem("a", "12345")
    >>> storage.setItem("b", "123456789")
    Traceback (most recent call last):
    ...
    engine.ledger.games.QuotaExceeded: b
    >>> storage.getItem("b") is None, storage.length
    (True, 1)
    """

    def __init__(self, items=None, limit=None):
        self.items = OrderedDict(items or ())
        self.limit = limit

    @property
    def length(self):
        return len(self.items)

    def key(self, index):
        keys = list(self.items)
        return keys[index] if 0 <= index < len(keys) else None

    def getItem(self, key):  # noqa: N802 (localStorage's own names)
        return self.items.get(key)

    def setItem(self, key, value):  # noqa: N802
        value = str(value)
        after = OrderedDict(self.items)
        after[key] = value
        if self.limit is not None and sum(len(k) + len(v) for k, v in after.items()) > self.limit:
            raise QuotaExceeded(key)
        self.items = after

    def removeItem(self, key):  # noqa: N802
        self.items.pop(key, None)


class QuotaExceeded(Exception):
    """What MemoryStorage raises for a write over its limit (the browser: a DOMException)."""


# ---------------------------------------------------------------- reading one game

def new_game(rules=None, names=(), uid=None):
    """A game with no hands yet: rules checked and filled, names as given (a name left empty
    is the page's to suggest), and its ``uid`` where the caller gives one (``new_uid``)."""
    game = {"rules": rules_from(rules), "hands": [], "names": list(names), "ended": False}
    if valid_uid(uid):
        game["uid"] = uid
    return game


def _uid_text(mark, random_bytes):
    if not isinstance(random_bytes, (bytes, bytearray)) or len(random_bytes) < UID_BYTES:
        raise ValueError("random_bytes")
    text = base64.b64encode(bytes(random_bytes[:UID_BYTES])).decode("ascii")
    return mark + text.replace("+", "-").replace("/", "_").rstrip("=")


def new_uid(random_bytes):
    """A uid for a game starting now, from UID_BYTES random bytes the caller draws (the page:
    crypto.getRandomValues; CPython: os.urandom). MicroPython's ``random`` may start from the
    same seed on every phone, so the engine draws none itself.

    >>> new_uid(bytes(range(12)))
    'gAAECAwQFBgcICQoL'
    """
    return _uid_text(UID_FRESH, random_bytes)


def late_uid(random_bytes):
    """A uid for a game that had none (kept, exported or linked before there were uids).

    >>> late_uid(bytes([255] * 12))
    'o________________'
    """
    return _uid_text(UID_LATE, random_bytes)


def valid_uid(uid):
    """Whether `uid` can be a game's uid: 1 to MAX_ID characters of ID_CHARACTERS."""
    return valid_id(uid)


def given_late(uid):
    """Whether a game's uid was given after it started (or it has none): such a game is also
    matched by its rules, names and hands (SPEC §11.1's rule for games without one)."""
    return not valid_uid(uid) or uid[0] == UID_LATE


def clean_name(name):
    """A seat's name as the page keeps it: bidi controls taken out, at most MAX_NAME characters.

    >>> clean_name("\u202eEve"), clean_name("x" * 200_000) == "x" * MAX_NAME
    ('Eve', True)
    """
    if len(name) > MAX_NAME and not any(char in BIDI for char in name[:MAX_NAME]):
        return name[:MAX_NAME]  # a long name: cut first, so a 200,000-character one costs nothing
    return "".join(char for char in name if char not in BIDI)[:MAX_NAME]


def valid_id(game_id):
    """Whether `game_id` can be a kept game's id (ID_CHARACTERS, 1 to MAX_ID of them)."""
    return isinstance(game_id, str) and 0 < len(game_id) <= MAX_ID and all(
        char in ID_CHARACTERS for char in game_id)


def checked_game(record, names, ended, uid=None):
    """The page's game from a record and its names, checked by the record's reader; raises
    ShelfError (``bad_record`` with the RecordError, or ``names``), whatever the values are.
    Names are cleaned (``clean_name``), one per seat at most. A ``uid`` that is not one
    (``valid_uid``) is left out: the game is then one without."""
    try:
        replay(record)
        rules = rules_from(record.get("rules"))
        hands = [read_hand(hand, index, rules) for index, hand in enumerate(record["hands"])]
    except RecordError as error:
        raise ShelfError("bad_record", record_error=error) from None
    except Exception:  # noqa: BLE001 (a value of a shape no reader expects: refused, never raised)
        raise ShelfError("wrong_format") from None
    if not (isinstance(names, list) and all(isinstance(name, str) for name in names)):
        raise ShelfError("names")
    names = [clean_name(name) for name in names[:MAX_SEATS]]
    game = {"rules": rules, "hands": hands, "names": names, "ended": ended is True}
    if valid_uid(uid):
        game["uid"] = uid
    return game


def _parsed(text):
    """The JSON of a stored or pasted text, bounded before it is parsed; ShelfError("bad_json")."""
    try:
        return read_json(text)
    except InputError:
        raise ShelfError("bad_json") from None


def read_envelope(text):
    """The game in a stored or pasted text, and what the envelope says of it ({"started",
    "saved", "id"}, each None where not given); the game's ``uid`` where the text has one. A
    bare record ({"rules", "hands"}) is a game too. Raises ShelfError.

    >>> game, meta = read_envelope('{"hands": []}')
    >>> game["rules"]["start"], game["names"], meta["saved"]
    (25000, [], None)
    >>> read_envelope('{"format": "mahjong-ledger", "version": 3}')
    Traceback (most recent call last):
    ...
    engine.ledger.games.ShelfError: unknown_version
    """
    data = _parsed(text)
    try:
        return _envelope_game(data)
    except ShelfError:
        raise
    except Exception:  # noqa: BLE001 (whatever the text holds, only a ShelfError comes out)
        raise ShelfError("wrong_format") from None


def _envelope_game(data):
    meta = {"started": None, "saved": None, "id": None}
    names, ended = [], False
    uid = data.get("uid") if isinstance(data, dict) else None
    if isinstance(data, dict) and "format" in data:
        if data["format"] != FORMAT:
            raise ShelfError("wrong_format")
        if data.get("version") not in READS or isinstance(data.get("version"), bool):
            raise ShelfError("unknown_version", version=data.get("version"))
        names, ended = data.get("names", []), data.get("ended", False)
        for key in meta:
            value = data.get(key)
            meta[key] = value if isinstance(value, str) else None
        data = data.get("record")
    elif isinstance(data, dict):  # the page's one-game export: the record with its names
        names, ended = data.get("names", []), data.get("ended", False)
        data = {key: data[key] for key in ("rules", "hands") if key in data}
    if not isinstance(data, dict) or not isinstance(data.get("hands"), list):
        raise ShelfError("wrong_format")
    return checked_game(data, names, ended, uid), meta


def record_in_file(data):
    """The record a file of the page holds (the command line's way in), and whether its game
    was ended by hand: the record itself (``rules`` and ``hands``; the page's export of one game
    adds its ``names`` and, ended, ``ended``; no other key), a game's envelope as the page keeps
    it, or an "export all" of exactly one game. Raises RecordError.

    >>> record_in_file({"hands": [], "names": ["Ann"], "ended": True})
    ({'hands': []}, True)

    >>> record_in_file({"format": BUNDLE, "version": 2, "games": [{"hands": []}, {}]})
    Traceback (most recent call last):
    ...
    engine.ledger.record.RecordError: rules: games=2: one_game
    """
    if isinstance(data, dict) and data.get("format") == BUNDLE:
        _version(data, (VERSION,))
        found = data.get("games")
        if not isinstance(found, list):
            raise RecordError("games", "missing" if found is None else "not_a_list", found)
        if len(found) != 1:
            raise RecordError("games", "one_game" if found else "missing", len(found))
        data = found[0]
    ended = False
    if isinstance(data, dict) and "format" in data:
        if data["format"] != FORMAT:
            raise RecordError("format", "unknown_choice", data["format"])
        _version(data, READS)
        ended = data.get("ended") is True
        data = data.get("record")
        if data is None:
            raise RecordError("record", "missing", None)
    elif isinstance(data, dict) and ("names" in data or "ended" in data or "uid" in data):
        names, ended = data.get("names", []), data.get("ended", False)
        if not isinstance(names, list) or not all(isinstance(name, str) for name in names):
            raise RecordError("names", "not_a_list", names)
        if not isinstance(ended, bool):
            raise RecordError("ended", "not_allowed", ended)
        data = {key: value for key, value in data.items()
                if key not in ("names", "ended", "uid")}
    return only_record_keys(data), ended


def _version(data, versions):
    version = data.get("version")
    if isinstance(version, bool) or version not in versions:
        raise RecordError("version", "unknown_choice", version)


def envelope(game, game_id, started, saved):
    """A game's stored text, version 2 (its keys in engine.ledger.wire's order); its ``uid``
    where it has one (a page of an earlier build reads the envelope as before)."""
    kept = {"format": FORMAT, "version": VERSION, "id": game_id, "started": started,
            "saved": saved, "record": {"rules": game["rules"], "hands": game["hands"]},
            "names": list(game.get("names") or []), "ended": bool(game.get("ended"))}
    if valid_uid(game.get("uid")):
        kept["uid"] = game["uid"]
    return dumps(kept)


def preset_of(rules):
    """The published rule set (engine.presets.NAMES) whose rules these are, else "custom".

    >>> preset_of(preset_rules("ema")), preset_of(dict(preset_rules("ema"), uma=[20, 10, -10, -20]))
    ('ema', 'custom')
    """
    for name in NAMES:
        try:
            if preset_rules(name, rules["players"]) == rules:
                return name
        except ValueError:  # played by four only
            continue
    return "custom"


# ---------------------------------------------------------------- the storage

def _get(storage, key):
    """The text under `key`, or None (the browser's null arrives as None or a JsNull)."""
    value = storage.getItem(key)
    return value if isinstance(value, str) else None


def _set(storage, key, text):
    try:
        storage.setItem(key, text)
    except Exception:  # noqa: BLE001 (QuotaExceededError, SecurityError: any refusal)
        raise ShelfError("refused") from None


def _keys(storage):
    keys = [storage.key(index) for index in range(storage.length)]
    return [key for key in keys if isinstance(key, str)]


def unreadable_keys(storage):
    """The keys of values kept aside as unreadable, oldest first."""
    return sorted(key for key in _keys(storage) if key.startswith(UNREADABLE))


def _aside(storage, text, now):
    """Keeps an unreadable text under a key of its own; returns the key."""
    key, number = UNREADABLE + now, 1
    while _get(storage, key) not in (None, text):
        number += 1
        key = f"{UNREADABLE}{now}.{number}"
    _set(storage, key, text)
    return key


class Shelf:
    """The games on one device: an index (order, current) and one key per game. Every method
    reads the index afresh, so another tab's change is never written over."""

    def __init__(self, storage):
        self.storage = storage

    # -- the index

    def _index(self):
        """The index; one that cannot be read (another tab's, since open_shelf set it aside)
        is read as the games' keys say, and written right with the next change."""
        text = _get(self.storage, INDEX)
        if text is None:  # nothing kept yet: the index is written with the first game
            return {"current": None, "order": [], "next": 1}
        try:
            return read_index(text)
        except ShelfError:
            return rebuilt_index(self.storage)

    def _write_index(self, index):
        written = {"format": BUNDLE, "version": VERSION}
        written.update(index)
        _set(self.storage, INDEX, dumps(written, ascii_only=True))

    def current(self):
        return self._index()["current"]

    def ids(self):
        return self._index()["order"]

    def _new_id(self, index):
        number = index["next"]
        while _get(self.storage, GAME + str(number)) is not None:
            number += 1
        index["next"] = number + 1
        return str(number)

    # -- one game

    def raw(self, game_id):
        return _get(self.storage, GAME + game_id) if isinstance(game_id, str) else None

    def load(self, game_id):
        """(game, meta) of a kept game; ShelfError if it is gone or cannot be read."""
        text = self.raw(game_id)
        if text is None:
            raise ShelfError("no_such_game")
        return read_envelope(text)

    def save(self, game_id, game, now):
        """Writes a kept game after a change. Its start time stays; a value under its key that
        cannot be read is moved aside first, never written over."""
        started = now
        text = self.raw(game_id)
        if text is not None:
            try:
                started = read_envelope(text)[1]["started"] or now
            except ShelfError:
                _aside(self.storage, text, now)
        _set(self.storage, GAME + game_id, envelope(game, game_id, started, now))

    def add(self, game, now, started=None, current=True):
        """Keeps a new game and makes it the current one (unless `current` is False: a game
        brought in by the season page); returns its id. The others stay."""
        index = self._index()
        game_id = self._new_id(index)
        _set(self.storage, GAME + game_id, envelope(game, game_id, started or now, now))
        index["order"].append(game_id)
        if current:
            index["current"] = game_id
        self._write_index_keeping(index, game_id)
        return game_id

    def _write_index_keeping(self, index, game_id):
        """The index, listing `game_id`; a refused write takes the game's own key back out, so
        nothing is half kept."""
        try:
            self._write_index(index)
        except ShelfError:
            self.storage.removeItem(GAME + game_id)
            raise

    def resume(self, game_id):
        index = self._index()
        if game_id not in index["order"]:
            raise ShelfError("no_such_game")
        index["current"] = game_id
        self._write_index(index)

    def leave(self):
        """No current game (the page shows the setup); every game stays kept."""
        index = self._index()
        index["current"] = None
        self._write_index(index)

    def delete(self, game_id):
        """Removes a game; returns what ``restore`` needs to undo it: (id, text, place,
        whether it was the current one)."""
        index = self._index()
        if game_id not in index["order"]:
            raise ShelfError("no_such_game")
        text = self.raw(game_id)
        place = index["order"].index(game_id)
        was_current = index["current"] == game_id
        index["order"].remove(game_id)
        if was_current:
            index["current"] = None
        self._write_index(index)
        self.storage.removeItem(GAME + game_id)
        return game_id, text, place, was_current

    def restore(self, deleted):
        """Undoes ``delete``: the game back under its id, at its place in the list."""
        game_id, text, place, was_current = deleted
        index = self._index()
        if text is not None:
            _set(self.storage, GAME + game_id, text)
        index["order"].insert(min(place, len(index["order"])), game_id)
        if was_current:
            index["current"] = game_id
        self._write_index_keeping(index, game_id)

    def entries(self):
        """Every kept game for the list, in order: {"id", "game", "started", "saved",
        "problem" (a ShelfError code, None when readable), "raw" (the stored text)}."""
        listed = []
        for game_id in self._index()["order"]:
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

    def give_uids(self, random_bytes):
        """Gives every kept game without a uid one (``late_uid``; ``random_bytes()`` draws
        UID_BYTES random bytes each time), its times and everything else as they were; returns
        the ids of the games given one. A game that cannot be read is left as it is; a write
        the storage refuses stops here (the others get theirs at the next open)."""
        given = []
        for game_id in self._index()["order"]:
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
                _set(self.storage, GAME + game_id, envelope(
                    game, game_id, meta["started"] or meta["saved"], meta["saved"]))
            except ShelfError:
                break
            given.append(game_id)
        return given

    # -- export and import

    def export_game(self, game_id):
        """The game's stored text (its envelope): what ``import_text`` takes back."""
        text = self.raw(game_id)
        if text is None:
            raise ShelfError("no_such_game")
        return text

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
        becomes the current one. Everything is checked before anything is written, and a
        refused write takes back what this call wrote."""
        return self.import_games(text, now)["ids"]

    def import_games(self, text, now):
        """As ``import_text``; returns {"ids": the games kept, "aside": the keys of the
        "unreadable" items of an export of every game that still cannot be read, kept aside
        (unreadable_keys) as the device that exported them kept them}. An "unreadable" item
        that reads now is kept as a game."""
        data = _parsed(text)
        if isinstance(data, dict) and data.get("format") == BUNDLE:
            version = data.get("version")
            if isinstance(version, bool) or version != VERSION:
                raise ShelfError("unknown_version", version=version)
            if not isinstance(data.get("games"), list):
                raise ShelfError("wrong_format")
            found = []
            for item in data["games"]:
                if isinstance(item, dict) and isinstance(item.get("unreadable"), str):
                    try:
                        game, meta = read_envelope(item["unreadable"])
                        found.append((game, meta, None))
                    except ShelfError:
                        found.append((None, None, item["unreadable"]))
                else:
                    game, meta = _item_game(item)
                    found.append((game, meta, None))
        else:
            game, meta = read_envelope(text)
            found = [(game, meta, None)]
        written, index = [], self._index()
        ids = []
        try:
            for game, meta, raw in found:
                if raw is not None:
                    written.append(_aside(self.storage, raw, now))
                    continue
                game_id = self._new_id(index)
                _set(self.storage, GAME + game_id,
                     envelope(game, game_id, meta["started"] or now, meta["saved"] or now))
                written.append(GAME + game_id)
                index["order"].append(game_id)
                ids.append(game_id)
            if len(ids) == 1 or index["current"] is None and ids:
                index["current"] = ids[-1] if len(ids) == 1 else ids[0]
            self._write_index(index)
        except ShelfError:
            for key in written:
                self.storage.removeItem(key)
            raise
        return {"ids": ids, "aside": [key for key in written if key.startswith(UNREADABLE)]}


def _item_game(item):
    """One game of an export of every game (already parsed, so already bounded)."""
    try:
        return _envelope_game(item)
    except ShelfError:
        raise
    except Exception:  # noqa: BLE001 (as read_envelope)
        raise ShelfError("wrong_format") from None


def read_index(text):
    """The index in its stored text: {"current": an id of "order" or None, "order": [ID, ...],
    "next": N}; ShelfError when any part of it cannot be what it says. An id outside
    ID_CHARACTERS stays listed here: open_shelf gives its game a new one."""
    data = _parsed(text)
    if not isinstance(data, dict):
        raise ShelfError("wrong_format")
    order, number, current = data.get("order"), data.get("next"), data.get("current")
    if not (isinstance(order, list) and all(isinstance(game_id, str) for game_id in order)):
        raise ShelfError("wrong_format")
    if isinstance(number, bool) or not isinstance(number, int) or not 0 < number < 10 ** 9:
        raise ShelfError("wrong_format")
    if current is not None and not isinstance(current, str):
        raise ShelfError("wrong_format")
    once = []  # an id listed twice is one game
    for game_id in order:
        if game_id not in once:
            once.append(game_id)
    order = once
    return {"current": current if current in order else None, "order": order, "next": number}


def rebuilt_index(storage):
    """The index as the games' own keys give it: every game listed, the last one current."""
    found = sorted((key[len(GAME):] for key in _keys(storage) if key.startswith(GAME)),
                   key=lambda game_id: (len(game_id), game_id))
    numbers = [int(game_id) for game_id in found if valid_id(game_id) and game_id.isdigit()
               and len(game_id) < 10]
    return {"current": found[-1] if found else None, "order": found,
            "next": max(numbers + [0]) + 1}


def open_shelf(storage, now):
    """The shelf of this storage, version 2 (its index written with the first game kept), with
    every game of version 1 (``mahjong-ledger`` and ``mahjong-ledger.previous``) moved in, the
    replaced one first, and a damaged index rebuilt from the games' keys. Raises
    ShelfError("refused") when the storage will not take the move; every value is then as it
    was."""
    shelf = Shelf(storage)
    text = _get(storage, INDEX)
    index = None
    if text is not None:
        try:
            index = read_index(text)
        except ShelfError:
            _aside(storage, text, now)
    if index is None:
        index = rebuilt_index(storage)
        if index["order"] or text is not None:  # a storage with no game yet stays untouched
            shelf._write_index(index)
    _rehome(shelf, index, now)
    _migrate(shelf, index, now)
    return shelf


def _rehome(shelf, index, now):
    """A game kept under an id outside ID_CHARACTERS (storage written by hand or by another
    program) moves to a new id of its own, at its place in the list; an unreadable one goes
    aside. Nothing is written when every id is good."""
    storage = shelf.storage
    listed = [game_id for game_id in index["order"] if not valid_id(game_id)]
    unlisted = [key[len(GAME):] for key in _keys(storage)
                if key.startswith(GAME) and not valid_id(key[len(GAME):])
                and key[len(GAME):] not in index["order"]]
    if not listed and not unlisted:
        return
    for game_id in listed + unlisted:
        text = _get(storage, GAME + game_id)
        place = index["order"].index(game_id) if game_id in index["order"] else None
        if place is not None:
            index["order"].pop(place)
        if text is not None:
            try:
                game, meta = read_envelope(text)
            except ShelfError:
                _aside(storage, text, now)
            else:
                new_id = shelf._new_id(index)
                saved = meta["saved"] or now
                _set(storage, GAME + new_id,
                     envelope(game, new_id, meta["started"] or saved, saved))
                index["order"].insert(len(index["order"]) if place is None else place, new_id)
                if index["current"] == game_id:
                    index["current"] = new_id
        if index["current"] == game_id:
            index["current"] = None
        storage.removeItem(GAME + game_id)
    shelf._write_index(index)


def _migrate(shelf, index, now):
    """Version 1's games in as games of their own; each legacy key goes only once its game is
    kept (or its unreadable text is kept aside)."""
    storage = shelf.storage
    moved, written = [], []
    try:
        for key in (LEGACY_PREVIOUS, LEGACY):
            text = _get(storage, key)
            if text is None:
                continue
            moved.append(key)
            if all(char in WHITESPACE for char in text):
                continue  # "": version 1 kept nothing there
            try:
                game, meta = read_envelope(text)
            except ShelfError:
                written.append(_aside(storage, text, now))
                continue
            game_id = shelf._new_id(index)
            saved = meta["saved"] or now
            _set(storage, GAME + game_id, envelope(game, game_id, meta["started"] or saved, saved))
            written.append(GAME + game_id)
            index["order"].append(game_id)
            if key == LEGACY:
                index["current"] = game_id
        if moved:
            shelf._write_index(index)
    except ShelfError:
        for key in written:
            storage.removeItem(key)
        raise
    for key in moved:
        storage.removeItem(key)
