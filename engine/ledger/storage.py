"""Where the games of one device are kept (SPEC §6.4, §10.4): the storage's keys, the few
primitives every write goes through, the index's format, and a storage in memory.

A storage is anything with ``getItem``, ``setItem``, ``removeItem``, ``key`` and ``length``, as
the browser's ``localStorage`` has; the page uses a ``MemoryStorage`` where the browser refuses
its own (site data blocked), the tests use one everywhere. Keys, version 2:

    mahjong-ledger.games        the index: {"format": "mahjong-ledger-games", "version": 2,
                                "current": ID or null, "order": [ID, ...], "next": N}
    mahjong-ledger.game.ID      one game's envelope (engine.ledger.envelope)
    mahjong-ledger.summary.ID   the game's counts for the season (engine.ledger.summary), with
                                the fingerprint of the envelope they were counted from
    mahjong-ledger.unreadable.T a value found that could not be read, kept as it was

A write the storage refuses (its quota, a DOMException from ``setItem``) raises
``ShelfError("refused")``.

>>> storage = MemoryStorage({INDEX: '{"current": "2", "order": ["1", "2", "2"], "next": 3}'})
>>> read_index(get_text(storage, INDEX))
{'current': '2', 'order': ['1', '2'], 'next': 3}
"""
from collections import OrderedDict

from .envelope import ShelfError, parsed, valid_id
from .summary import fingerprint

INDEX = "mahjong-ledger.games"
GAME = "mahjong-ledger.game."  # + the game's id
SUMMARY = "mahjong-ledger.summary."  # + the game's id
UNREADABLE = "mahjong-ledger.unreadable."  # + the time it was found


class MemoryStorage:
    """A dict with localStorage's methods, its keys in the order they were first set (an
    OrderedDict: a MicroPython dict keeps no order); ``limit`` (characters of keys and values
    together) makes ``setItem`` refuse as a full browser storage does.

    >>> storage = MemoryStorage(limit=10)
    >>> storage.setItem("a", "12345")
    >>> storage.setItem("b", "123456789")
    Traceback (most recent call last):
    ...
    engine.ledger.storage.QuotaExceeded: b
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


def get_text(storage, key):
    """The text under `key`, or None (the browser's null arrives as None or a JsNull)."""
    value = storage.getItem(key)
    return value if isinstance(value, str) else None


def get_texts(storage, keys):
    """The text under each of `keys`, or None: in one call where the storage reads many at
    once (the page's dom.Storage.items: a phone pays for each call to the browser)."""
    if hasattr(storage, "items") and callable(storage.items):
        try:
            return [value if isinstance(value, str) else None for value in storage.items(keys)]
        except Exception:  # noqa: BLE001 (a page without the one call: read one at a time)
            pass
    return [get_text(storage, key) for key in keys]


def get_stamps(storage, keys):
    """The fingerprint (engine.ledger.summary.fingerprint) of the text under each of `keys`, ""
    where there is none: worked out by the storage where it can (the page's dom.Storage.stamps,
    in the browser, without carrying the texts into Python)."""
    if hasattr(storage, "stamps"):
        try:
            return storage.stamps(keys)
        except Exception:  # noqa: BLE001 (a page without the one call: worked out here)
            pass
    return [fingerprint(text) if text is not None else "" for text in get_texts(storage, keys)]


def put_text(storage, key, text):
    """`text` under `key`; ShelfError("refused") when the storage will not take it."""
    try:
        storage.setItem(key, text)
    except Exception:  # noqa: BLE001 (QuotaExceededError, SecurityError: any refusal)
        raise ShelfError("refused") from None


def try_put(storage, key, text):
    """`text` under `key` where the storage takes it; False where it refuses."""
    try:
        storage.setItem(key, text)
    except Exception:  # noqa: BLE001 (as put_text)
        return False
    return True


def stored_keys(storage):
    """Every key of the storage: in one call where it lists them (the page's dom.Storage: a
    phone pays for each call to the browser), else one ``key(index)`` at a time."""
    if hasattr(storage, "keys"):
        keys = storage.keys()
    else:
        keys = [storage.key(index) for index in range(storage.length)]
    return [key for key in keys if isinstance(key, str)]


def unreadable_keys(storage):
    """The keys of values kept aside as unreadable, oldest first."""
    return sorted(key for key in stored_keys(storage) if key.startswith(UNREADABLE))


def aside(storage, text, now):
    """Keeps an unreadable text under a key of its own; returns the key."""
    key, number = UNREADABLE + now, 1
    while get_text(storage, key) not in (None, text):
        number += 1
        key = f"{UNREADABLE}{now}.{number}"
    put_text(storage, key, text)
    return key


def read_index(text):
    """The index in its stored text: {"current": an id of "order" or None, "order": [ID, ...],
    "next": N}; ShelfError when any part of it cannot be what it says. An id outside
    ID_CHARACTERS stays listed here: open_shelf gives its game a new one."""
    data = parsed(text)
    if not isinstance(data, dict):
        raise ShelfError("wrong_format")
    order, number, current = data.get("order"), data.get("next"), data.get("current")
    if not (isinstance(order, list) and all(isinstance(game_id, str) for game_id in order)):
        raise ShelfError("wrong_format")
    if isinstance(number, bool) or not isinstance(number, int) or not 0 < number < 10 ** 9:
        raise ShelfError("wrong_format")
    if current is not None and not isinstance(current, str):
        raise ShelfError("wrong_format")
    once, seen = [], {}  # an id listed twice is one game
    for game_id in order:
        if game_id not in seen:
            seen[game_id] = True
            once.append(game_id)
    order = once
    return {"current": current if current in order else None, "order": order, "next": number}


def rebuilt_index(storage):
    """The index as the games' own keys give it: every game listed, the last one current."""
    found = sorted((key[len(GAME):] for key in stored_keys(storage) if key.startswith(GAME)),
                   key=lambda game_id: (len(game_id), game_id))
    numbers = [int(game_id) for game_id in found if valid_id(game_id) and game_id.isdigit()
               and len(game_id) < 10]
    return {"current": found[-1] if found else None, "order": found,
            "next": max(numbers + [0]) + 1}
