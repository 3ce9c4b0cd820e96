"""A kept game's text (SPEC §6.4, §10.4, §11.1): the envelope a game is stored, exported and
pasted in, its versions, and the checks every game read from anywhere goes through.

A game is the page's game: ``{"rules", "hands", "names", "ended"}``, rules filled and hands
checked by the record's reader, and ``uid`` where it has one (SPEC §11.1): an identity unique
across phones, given when the game starts (``new_uid``) and kept in storage, exports and links.
Games kept before there were uids have none; engine.ledger.games gives them one (``late_uid``),
marked as given late, so that the same game given one on two phones is still found the same by
its hands (engine.season).

The envelope, version 2 (version 1 had no ``id``, ``started`` or ``uid``)::

    {"format": "mahjong-ledger", "version": 2, "id": ID, "uid": UID, "started": ISO time,
     "saved": ISO time, "record": {"rules", "hands"}, "names": [...], "ended": bool}

An export of every game is ``{"format": "mahjong-ledger-games", "version": 2, "exported",
"games": [envelope, ...]}`` (engine.ledger.games writes it). Every reader here raises
ShelfError, whatever the text holds.

>>> game, meta = read_envelope(envelope(new_game(names=["Ann"]), "1", "2026-12-02", "2026-12-03"))
>>> game["names"], meta["started"], meta["id"]
(['Ann'], '2026-12-02', '1')
"""
import base64
import re

from ..inputs import EngineError, InputError, read_json
from . import RecordError, only_record_keys, read_hand, replay, rules_from
from .wire import dumps

FORMAT = "mahjong-ledger"
BUNDLE = "mahjong-ledger-games"  # the index, and an export of every game
VERSION = 2
READS = (1, 2)  # envelope versions a stored or pasted game may have
CODES = ("bad_json", "wrong_format", "unknown_version", "bad_record", "names", "refused",
         "no_such_game")
MAX_NAME = 12  # characters: the setup form's maxlength, for a name from a link or a paste too
MAX_SEATS = 4  # names kept: one per seat of the largest table
# Bidi controls (embeddings, overrides, isolates, marks) in a name would turn the names after it
# around wherever names are joined on one line: they go on reading.
BIDI = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"
# A game's id goes into keys and the page's selectors ([data-game="ID"]): these characters only.
ID_CHARACTERS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_-"
_ID_TEXT = re.compile("^[0-9A-Za-z_-]+$")  # ID_CHARACTERS, one or more
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
    # One match in C rather than a loop per character: a season checks a uid many times. "$"
    # also matches before a final newline under CPython, so a newline is refused first.
    return isinstance(game_id, str) and 0 < len(game_id) <= MAX_ID and "\n" not in game_id \
        and _ID_TEXT.match(game_id) is not None


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



def parsed(text):
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
    engine.ledger.envelope.ShelfError: unknown_version
    """
    data = parsed(text)
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


def read_item(item):
    """One game of an export of every game (already parsed, so already bounded)."""
    try:
        return _envelope_game(item)
    except ShelfError:
        raise
    except Exception:  # noqa: BLE001 (as read_envelope)
        raise ShelfError("wrong_format") from None


def games_in_text(text):
    """The games of an exported or pasted text (one game, a bare record, or an export of every
    game), each (game, meta, None), or (None, None, raw) for an "unreadable" item of an export
    of every game that still cannot be read (the device that exported it kept it aside). Raises
    ShelfError for the text as a whole, or for any game in it.

    >>> [meta["id"] for _game, meta, _raw in games_in_text('{"hands": []}')]
    [None]
    """
    data = parsed(text)
    if not (isinstance(data, dict) and data.get("format") == BUNDLE):
        game, meta = read_envelope(text)
        return [(game, meta, None)]
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
            game, meta = read_item(item)
            found.append((game, meta, None))
    return found
