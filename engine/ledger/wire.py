"""The bytes a game is kept and sent in, the same under CPython and MicroPython (SPEC §5.1):
JSON text written with its keys in a fixed order (a MicroPython dict keeps none, and its
``json.dumps`` has no ``sort_keys`` or ``ensure_ascii``), and the zlib stream of a link, made and
read through whichever of ``zlib`` and ``deflate`` the interpreter has, its size bounded.

>>> dumps({"hands": [], "rules": {"uma": [1, -1], "players": 4, "zz": None, "aa": True}})
'{"rules": {"players": 4, "uma": [1, -1], "aa": true, "zz": null}, "hands": []}'
>>> dumps({"n": ["김\\n"], "r": {}}, compact=True), dumps(["김\\U0001f600"], ascii_only=True)
('{"r":{},"n":["김\\\\n"]}', '["\\\\uae40\\\\ud83d\\\\ude00"]')
>>> inflate(deflate_bytes(b"abc" * 100), 300) == b"abc" * 100
True
>>> inflate(deflate_bytes(b"abc" * 100), 299)
Traceback (most recent call last):
...
ValueError: too big
"""
import json
import zlib

from ..presets import FIELDS

# Keys in the order they are written (the order CPython wrote them in before this order was
# fixed, where it had one): envelopes, the index and its export, the link's compact form, a
# record, its rules (the preset first, then SPEC §6.1's fields), a hand, a winner. Any other
# key comes after these, in sorted order.
KEY_ORDER = ("format", "version", "id", "uid", "started", "saved", "exported", "record", "games",
             "current", "order", "next", "unreadable", "r", "n", "h", "e", "u", "rules", "hands",
             "names", "ended", "preset") + tuple(FIELDS) + (
             "result", "riichi", "winners", "from", "tenpai", "nagashi", "seat", "yakuman",
             "han", "fu", "pao")
_RANK = {key: place for place, key in enumerate(KEY_ORDER)}
_SHORT = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b",
          "\f": "\\f"}


def _string(text, ascii_only):
    out = ['"']
    for char in text:
        code = ord(char)
        if char in _SHORT:
            out.append(_SHORT[char])
        elif code < 0x20 or (ascii_only and code > 0x7E):
            if code > 0xFFFF:  # a surrogate pair, as CPython's ensure_ascii writes it
                code -= 0x10000
                out.append(f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}")
            else:
                out.append(f"\\u{code:04x}")
        else:
            out.append(char)
    out.append('"')
    return "".join(out)


def _key_rank(key):
    return (0, _RANK[key], "") if key in _RANK else (1, 0, key)


def _write(value, out, ascii_only, comma, colon):
    if value is None:
        out.append("null")
    elif value is True:
        out.append("true")
    elif value is False:
        out.append("false")
    elif isinstance(value, str):
        out.append(_string(value, ascii_only))
    elif isinstance(value, int):
        out.append(str(value))
    elif isinstance(value, float):
        out.append(json.dumps(value))
    elif isinstance(value, (list, tuple)):
        out.append("[")
        for place, item in enumerate(value):
            if place:
                out.append(comma)
            _write(item, out, ascii_only, comma, colon)
        out.append("]")
    elif isinstance(value, dict):
        keys = []
        for key in value:
            if not isinstance(key, str):
                raise TypeError(f"keys must be str, not {type(key).__name__}")
            keys.append(key)
        out.append("{")
        for place, key in enumerate(sorted(keys, key=_key_rank)):
            if place:
                out.append(comma)
            out.append(_string(key, ascii_only))
            out.append(colon)
            _write(value[key], out, ascii_only, comma, colon)
        out.append("}")
    else:
        raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


def dumps(value, compact=False, ascii_only=False):
    """``json.dumps(value, ensure_ascii=ascii_only)`` with keys in KEY_ORDER (then sorted), the same
    text under both interpreters; `compact` leaves out the spaces after ``,`` and ``:``."""
    out = []
    _write(value, out, ascii_only, "," if compact else ", ", ":" if compact else ": ")
    return "".join(out)


# CPython's zlib has decompressobj (a bounded inflate); MicroPython's has only compress and
# decompress, and its deflate module inflates a stream a piece at a time.
_CPYTHON_ZLIB = hasattr(zlib, "decompressobj")


def deflate_bytes(data):
    """The zlib stream (deflate with its Adler-32 check) of `data`. CPython compresses harder
    than MicroPython: the bytes differ, and either interpreter inflates the other's."""
    if _CPYTHON_ZLIB:
        return zlib.compress(data, 9)
    return zlib.compress(data)  # MicroPython: the second argument would be the window bits


def inflate(packed, most):
    """The bytes of the zlib stream `packed`, at most `most` of them; ValueError when it is
    cut short, altered (its check fails), followed by more bytes, or inflates to more."""
    if _CPYTHON_ZLIB:
        inflater = zlib.decompressobj()
        try:
            data = inflater.decompress(packed, most)
        except zlib.error:
            raise ValueError("damaged") from None
        if inflater.unconsumed_tail:
            raise ValueError("too big")
        if not inflater.eof or inflater.unused_data:
            raise ValueError("damaged")
        return data
    import deflate  # MicroPython only
    io = __import__("io")  # MicroPython's own; Pyodide's pages never come here (test_runtime)

    source = io.BytesIO(packed)
    stream = deflate.DeflateIO(source, deflate.ZLIB)
    parts, size = [], 0
    try:
        while True:
            part = stream.read(most + 1 - size)
            if not part:
                break
            parts.append(part)
            size += len(part)
            if size > most:
                raise ValueError("too big")
    except (OSError, EOFError):
        raise ValueError("damaged") from None
    if source.tell() != len(packed):
        raise ValueError("damaged")
    return b"".join(parts)
