"""What CPython and MicroPython 1.27 both run, written once (SPEC §5.1): a record class in place
of frozen dataclasses, a whole-string regular-expression match, an order-keeping de-duplication,
a bounded memo, a typed value's normal form by a table of our own, a repr of text that reads the
same under both, and the JSON number of an amount counted in a smaller unit.

>>> import re
>>> whole(re.compile(r"[0-9]+$"), "12").group(0), whole(re.compile(r"[0-9]+$"), "12\\n")
('12', None)
>>> unique([3, 1, 3, 2, 1])
[3, 1, 2]
>>> normal("\\u3000３０ ｒｏｎ，")
'30 ron,'
>>> quote("３０"), quote("it's"), quote("a\\u3000b")
("'３０'", '"it\\'s"', "'a\\\\u3000b'")
>>> number(2, 4), number(8, 4), number(1, 40000)
(0.5, 2, 2.5e-05)
"""
import re


class Record:
    """A frozen dataclass's behaviour in the common subset: a subclass lists its ``FIELDS`` in
    order and the ``DEFAULTS`` of the optional ones; it is built from positional or keyword
    values, compares and hashes by its values and prints as ``Name(field=value, ...)``. Its
    attributes are not changed after construction (``replace`` makes a changed copy)."""

    FIELDS = ()
    DEFAULTS = {}

    def __init__(self, *values, **named):
        fields = self.FIELDS
        if len(values) > len(fields):
            raise TypeError(f"{type(self).__name__}() takes {len(fields)} values, "
                            f"{len(values)} given")
        for field, value in zip(fields, values):
            if field in named:
                raise TypeError(f"{type(self).__name__}() got multiple values for {field!r}")
            setattr(self, field, value)
        for field in fields[len(values):]:
            if field in named:
                setattr(self, field, named.pop(field))
            elif field in self.DEFAULTS:
                setattr(self, field, self.DEFAULTS[field])
            else:
                raise TypeError(f"{type(self).__name__}() missing {field!r}")
        if named:
            raise TypeError(f"{type(self).__name__}() got unexpected {sorted(named)!r}")

    def values(self):
        return tuple([getattr(self, field) for field in self.FIELDS])

    def __eq__(self, other):
        return type(other) is type(self) and other.values() == self.values()

    def __ne__(self, other):
        return not self == other

    def __hash__(self):
        return hash(self.values())

    def __repr__(self):
        shown = ", ".join(f"{field}={getattr(self, field)!r}" for field in self.FIELDS)
        return f"{type(self).__name__}({shown})"


def replace(record, **changes):
    """A copy of `record` with some fields changed (dataclasses.replace)."""
    values = {field: getattr(record, field) for field in record.FIELDS}
    values.update(changes)
    return type(record)(**values)


def whole(pattern, text):
    """The match of `pattern` (compiled, ending in ``$``) with the whole of `text`, or None: what
    ``fullmatch`` gives (MicroPython's ``re`` has none, and CPython's ``$`` also matches before a
    final newline)."""
    found = pattern.match(text)
    return found if found and found.group(0) == text else None


def unique(items):
    """`items` without repeats, first occurrences in order (a MicroPython dict keeps no order)."""
    seen = set()
    out = []
    for item in items:
        if item not in seen:
            seen.add(item)
            out.append(item)
    return out


def kept(answers, key, answer, most):
    """`answer` kept in `answers` under `key` and returned; `answers` is emptied first once it
    holds `most` (a bounded memo: MicroPython has no functools.lru_cache).

    >>> answers = {}
    >>> kept(answers, "a", 1, 2), kept(answers, "b", 2, 2), kept(answers, "c", 3, 2), answers
    (1, 2, 3, {'c': 3})
    """
    if len(answers) >= most:
        answers.clear()
    answers[key] = answer
    return answer


# What NFKC does to what people type on CJK keyboards: full-width ASCII (U+FF01–FF5E) becomes
# ASCII, and the spaces of other widths become a plain space.
_SPACES = "\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a" \
          "\u202f\u205f\u3000"
# What CPython's str.strip() strips. MicroPython's strips ASCII whitespace only, and given
# characters beyond ASCII it strips their bytes, which can cut a character in two.
WHITESPACE = frozenset(" \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f\x85\u2028\u2029" + _SPACES)


# Visible ASCII without blanks: a value already in its normal form (the common case, a form's own
# value), answered without the loop below: a page reads about sixty values per input.
_PLAIN = re.compile("[!-~]+$")


def normal(value):
    """A typed value in its normal form, stripped: full-width letters, digits and signs as
    ASCII, every space a plain space (the part of NFKC that typing produces).

    >>> normal(" ３０ "), normal("dealer"), normal("a\\u3000b\\n")
    ('30', 'dealer', 'a b')
    """
    if whole(_PLAIN, value):
        return value
    out = []
    for char in value:
        code = ord(char)
        if 0xFF01 <= code <= 0xFF5E:
            char = chr(code - 0xFEE0)
        elif char in _SPACES:
            char = " "
        out.append(char)
    return stripped("".join(out))


def stripped(text):
    """`text` without the whitespace CPython's str.strip() takes off (MicroPython's takes ASCII
    whitespace only, and given characters beyond ASCII it may cut one in two).

    >>> stripped("\\u3000Kim \\t"), stripped("  ")
    ('Kim', '')
    """
    start, end = 0, len(text)
    while start < end and text[start] in WHITESPACE:
        start += 1
    while end > start and text[end - 1] in WHITESPACE:
        end -= 1
    return text[start:end]


_ESCAPES = {"\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"}
# Characters CPython's repr escapes beyond ASCII: controls, format characters, separators,
# surrogates, private use and non-characters (ranges, both ends included).
_UNPRINTABLE = ((0x7F, 0xA0), (0xAD, 0xAD), (0x600, 0x605), (0x61C, 0x61C), (0x6DD, 0x6DD),
                (0x70F, 0x70F), (0x1680, 0x1680), (0x180E, 0x180E), (0x2000, 0x200F),
                (0x2028, 0x202F), (0x205F, 0x206F), (0x3000, 0x3000),
                (0xD800, 0xF8FF), (0xFDD0, 0xFDEF), (0xFEFF, 0xFEFF), (0xFFF0, 0xFFFB),
                (0xFFFE, 0xFFFF), (0xE0000, 0xE0FFF), (0xF0000, 0x10FFFF))


def _shown(char, quote_mark):
    if char in _ESCAPES:
        return _ESCAPES[char]
    if char == quote_mark:
        return "\\" + char
    code = ord(char)
    if code < 0x20 or any(low <= code <= high for low, high in _UNPRINTABLE):
        if code <= 0xFF:
            return f"\\x{code:02x}"
        return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"
    return char


def quote(value):
    """``repr(value)`` as CPython writes it, the same under MicroPython (whose repr escapes
    every character beyond ASCII); a value that is not text is its repr."""
    if not isinstance(value, str):
        return repr(value)
    mark = '"' if "'" in value and '"' not in value else "'"
    return mark + "".join(_shown(char, mark) for char in value) + mark


def number(units, scale):
    """An amount counted in 1/`scale` as its JSON number: an int where it is whole, otherwise the
    float nearest the exact value (one correctly rounded division, no float arithmetic)."""
    if units % scale == 0:
        return units // scale
    return units / scale


def decimal_text(amount, places=6):
    """The decimal a JSON amount stands for, without trailing zeros, the same under both
    interpreters (their float text differs): an int as it is, a float of at most 15 significant
    digits and `places` decimal places (every amount of the engine) exactly.

    >>> decimal_text(0.025), decimal_text(1234.5), decimal_text(3900), decimal_text(2047999999.7952)
    ('0.025', '1234.5', '3900', '2047999999.7952')
    """
    if isinstance(amount, int):
        return str(amount)
    sign = "-" if amount < 0 else ""
    amount = abs(amount)
    integral = int(amount)
    places = max(0, min(places, 15 - len(str(integral))))
    fraction = round((amount - integral) * 10 ** places)  # off by far less than a half
    if fraction == 10 ** places:
        integral, fraction = integral + 1, 0
    text = str(integral)
    if fraction:
        digits = str(fraction)
        text += "." + ("0" * (places - len(digits)) + digits).rstrip("0")
    return sign + text
