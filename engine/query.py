"""Strings in, validated inputs out: the only place that parses what a user typed.

>>> parse({"rule": "riichi", "han": "4", "fu": "40"})["han"]
4
>>> parse({"han": "14"})
Traceback (most recent call last):
...
engine.inputs.InputError: han='14': out_of_range
"""

from . import inputs as read
from .compat import kept
from .fu import FuHand, contradiction
from .keys import DEFAULTS, KEYS, MAX_VALUE_LENGTH, UNIT_MAX, UNIT_PLACES
from .inputs import InputError

__all__ = ["CODES", "InputError", "counts", "parse", "parse_value", "used_keys"]

# The codes the calculator raises (their wording: engine.inputs.CODES).
CODES = read.codes(
    "empty", "too_long", "not_an_integer", "not_a_number", "out_of_range", "too_many_decimals",
    "not_allowed", "unknown_choice", "open_chiitoitsu", "open_pinfu", "openkan_closed",
    "open_triplet_tsumo", "open_triplet_wait", "open_triplet_twice", "shanpon_no_triplet",
    "wait_no_sequence",
    # a hand from its tiles (SPEC §9.2)
    "bad_tiles", "too_many", "tile_count", "not_held", "not_in_hand", "not_a_win", "no_yaku", "needs_closed",
    "needs_riichi", "needs_kan", "needs_tsumo", "needs_ron", "needs_dealer", "needs_nondealer",
    "no_calls", "needs_three_players", "not_in_sanma", "no_chi_sanma", "no_north_seat")


def _raw(mapping, name):
    """The string given for `name`, or its default."""
    return read.first(mapping.get(name, DEFAULTS[name]))


_VALUES = {}  # (key, string) -> parse_value's answer: a form changes one value at a time
_VALUES_MAX = 4096


def parse_value(name, value):
    """One key's string -> its typed value: an int, a str or a bool, and a decimal as the whole
    number of its smallest unit (``unit``: ten-thousandths, UNIT_PLACES). Remembered by key and
    string (a refusal is not: it is raised again each time).

    >>> parse_value("unit", "2.5"), parse_value("menzen", "0"), parse_value("fu", "３０")
    (25000, False, 30)
    """
    if not isinstance(value, str):
        return _parse_value(name, value)
    found = _VALUES.get((name, value))
    if found is None:
        found = kept(_VALUES, (name, value), _parse_value(name, value), _VALUES_MAX)
    return found


def _parse_value(name, value):
    key = KEYS[name]
    longest = key.length or MAX_VALUE_LENGTH
    if key.kind == "tiles":  # may be empty (no melds, no indicators); read by engine.tiles
        return read.text(value, name, longest, allow_empty=True)
    read.text(value, name, longest)  # too long or empty, before anything else
    if key.kind == "int":
        number = read.integer(value, name, key.low, key.high)
        if key.choices and str(number) not in key.choices:
            raise InputError(name, "not_allowed", value)
        return number
    if key.kind == "decimal":
        return read.decimal(value, name, UNIT_PLACES, UNIT_MAX)
    text = read.choice(value, name, key.choices)
    return text == "1" if key.kind == "flag" else text


def counts(name, values):
    """Whether key `name` matters, given the values of the keys before it (strings or parsed)."""
    key = KEYS[name]
    return values.get("rule", DEFAULTS["rule"]) in key.rules and all(
        str(values.get(other, DEFAULTS[other])) in allowed for other, allowed in key.when)


def used_keys(mapping):
    """The keys that matter for these (string) inputs, in vocabulary order. Remembered by the
    strings of the keys that decide it (_CONTROLS): a page asks on every input, and the walk
    over every key's `when` costs a phone more than the rest of a keystroke's Python.

    >>> used_keys({"rule": "hk", "win": "tsumo"})
    ['rule', 'win', 'fan', 'table', 'cap', 'tsumo_split', 'unit']
    """
    controls = tuple([mapping.get(name, DEFAULTS[name]) for name in _CONTROLS])
    if not all([isinstance(value, str) for value in controls]):  # a list (parse_qs): not kept
        return [name for name in KEYS if counts(name, mapping)]
    found = _USED.get(controls)
    if found is None:
        found = kept(_USED, controls, tuple(name for name in KEYS if counts(name, mapping)),
                      _PLANS_MAX)
    return list(found)


# parse's answers by the strings of every key: a page parses its whole form on every input, and
# the same form more than once (about 4 ms under MicroPython on a phone, against 20 us for this
# lookup). The answers hold only ints, strings and bools; each caller gets its own copy.
_PARSED = {}
_PARSED_MAX = 64
_DEFAULTS_IN_ORDER = tuple((name, DEFAULTS[name]) for name in KEYS)


def parse(mapping):
    """Validate the keys that matter; unknown keys and keys that do not count are ignored.

    Returns a dict of typed values for every key of the chosen rule (a key that does not count,
    such as the melds of a chiitoitsu, takes its default); raises InputError on the first bad
    value, in page order.
    """
    given = mapping.get
    # a list, not a generator: MicroPython resumes a generator once per item, each resume a
    # costly step in the browser's build
    raw = tuple([given(name, default) for name, default in _DEFAULTS_IN_ORDER])
    try:
        known = _PARSED.get(raw)
    except TypeError:  # a list among the values (parse_qs gives them): parsed, not kept
        return _parse(mapping)
    if known is None:
        known = kept(_PARSED, raw, _parse(mapping), _PARSED_MAX)
    return dict(known)


# Which keys count, and the defaults of the rule's keys that do not, depend only on the strings of
# the keys some `when` names (and the rule): a plan per such strings, so that an input parses only
# the keys it uses (under MicroPython on a phone, the walk over every key's `when` was most of it).
_CONTROLS = tuple(name for name in KEYS
                  if name == "rule" or any(name == other for key in KEYS.values() for other, _ in key.when))
_PLANS = {}
_PLANS_MAX = 64
_USED = {}  # used_keys' answers by the strings of _CONTROLS


def _plan(mapping):
    """(the keys that count, in page order; {key: parsed default} for the rule's other keys).
    A miss walks every key as before, so a bad controlling value is raised in page order."""
    controls = tuple(_raw(mapping, name) for name in _CONTROLS)
    found = _PLANS.get(controls)
    if found is not None:
        return found
    values = {}
    for name in KEYS:  # in order: a key's `when` only names keys before it
        if counts(name, values):
            values[name] = parse_value(name, _raw(mapping, name))
    rule = values["rule"]
    defaults = {name: parse_value(name, DEFAULTS[name]) for name, key in KEYS.items()
                if rule in key.rules and name not in values}
    return kept(_PLANS, controls, ([name for name in KEYS if name in values], defaults), _PLANS_MAX)


def _parse(mapping):
    used, defaults = _plan(mapping)
    values = {}
    for name in used:  # _raw and parse_value's memory read here: a call of a Python function is
        # the dearest step of the browser's MicroPython, and a keystroke parses some forty keys
        value = mapping.get(name, DEFAULTS[name])
        if not isinstance(value, str):
            value = read.first(value)
        found = _VALUES.get((name, value))
        values[name] = parse_value(name, value) if found is None else found
    values.update(defaults)
    if values.get("fumode") == "count":
        melds = (values["m1"], values["m2"], values["m3"], values["m4"])
        hand = FuHand(values["shape"], melds, values["pair"], values["wait"], values["menzen"])
        found = contradiction(hand, values["win"])
        if found:
            field, code = found
            raise InputError(field, code, _raw(mapping, field))
    return values
