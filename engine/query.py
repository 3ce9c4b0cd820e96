"""Strings in, validated inputs out: the only place that parses what a user typed.

>>> parse({"rule": "riichi", "han": "4", "fu": "40"})["han"]
4
>>> parse({"han": "14"})
Traceback (most recent call last):
...
engine.query.InputError: han='14': out_of_range
"""
import re
import unicodedata
from collections.abc import Mapping
from decimal import Decimal
from fractions import Fraction

from .fu import FuHand, contradiction
from .keys import DEFAULTS, KEYS, MAX_VALUE_LENGTH, UNIT_MAX, UNIT_PLACES

_INTEGER = re.compile(r"-?[0-9]+")
_DECIMAL = re.compile(r"[0-9]+(?:\.[0-9]*)?|\.[0-9]+")

# Codes are stable identifiers; the pages turn each into a sentence of their own language.
CODES = {
    "empty": "a value is required",
    "too_long": f"longer than {MAX_VALUE_LENGTH} characters",
    "not_an_integer": "not a whole number",
    "not_a_number": "not a number",
    "out_of_range": "out of range",
    "too_many_decimals": f"more than {UNIT_PLACES} decimal places",
    "not_allowed": "not one of the allowed values",
    "unknown_choice": "not one of the choices",
    "open_chiitoitsu": "an open hand cannot be chiitoitsu",
    "open_pinfu": "an open hand cannot be pinfu",
    "openkan_closed": "a called kan makes the hand open",
    "open_triplet_tsumo": "a closed hand won on tsumo has no open triplet",
    "open_triplet_wait": "in a closed hand an open triplet is only one a ron completed on a shanpon wait",
    "open_triplet_twice": "a ron completes only one triplet: a closed hand has at most one open triplet",
    "shanpon_no_triplet": "a shanpon wait needs a triplet among the melds",
    "wait_no_sequence": "a two-sided, closed or edge wait needs a sequence among the melds",
    # a hand from its tiles (SPEC §9.2)
    "bad_tiles": "not tiles in the notation 123m456p789s1234567z (0 for a red five)",
    "too_many": "more copies of a tile than the set has (four, one red five), or too many indicators",
    "tile_count": "the hand needs 14 tiles (13 for its waits), each meld counting three",
    "not_in_hand": "the winning tile is not in the hand",
    "not_a_win": "the tiles are not a winning hand",
    "no_yaku": "the hand has no yaku (dora alone are not a win)",
    "needs_closed": "only a closed hand can declare riichi",
    "needs_riichi": "only with riichi",
    "needs_kan": "a replacement tile needs a kan among the melds (or a North set aside)",
    "needs_tsumo": "only on tsumo",
    "needs_ron": "only on ron",
    "needs_dealer": "only for the dealer (seat wind East)",
    "needs_nondealer": "only for a non-dealer",
    "no_calls": "not after a call or a kan",
    "needs_three_players": "North tiles are set aside only in three-player",
    "not_in_sanma": "2m to 8m are not in the three-player set",
    "no_chi_sanma": "there is no chi in three-player",
    "no_north_seat": "three-player has no North seat",
}


class InputError(ValueError):
    """A bad input: ``field`` is the key, ``code`` one of CODES, ``value`` what was given."""

    def __init__(self, field, code, value):
        super().__init__(f"{field}={value!r}: {code}")
        self.field = field
        self.code = code
        self.value = value

    @property
    def message(self):
        return f"{self.field}: {CODES[self.code]} ({self.value!r})"

    def as_dict(self):
        return {"field": self.field, "code": self.code, "message": self.message}


def _raw(mapping, name):
    """The string given for `name`, or its default. A list of values (as from parse_qs) counts
    by its first entry, as URLSearchParams.get() does in the browser."""
    value = mapping.get(name, DEFAULTS[name])
    if isinstance(value, (list, tuple)):
        value = value[0] if value else ""
    if not isinstance(value, str):
        value = str(value)
    return value


def _clean(name, value):
    longest = KEYS[name].length or MAX_VALUE_LENGTH
    if len(value) > longest:
        raise InputError(name, "too_long", value[:longest] + "…")
    # NFKC turns full-width digits and letters (３０, ｒｏｎ) from CJK keyboards into ASCII.
    text = unicodedata.normalize("NFKC", value).strip()
    if not text and KEYS[name].kind != "tiles":
        raise InputError(name, "empty", value)
    return text


def parse_value(name, value):
    """One key's string -> its typed value (int, str, bool or Fraction)."""
    key = KEYS[name]
    text = _clean(name, value)
    if key.kind == "int":
        if not _INTEGER.fullmatch(text):
            code = "not_an_integer" if _DECIMAL.fullmatch(text.lstrip("-")) else "not_a_number"
            raise InputError(name, code, value)
        number = int(text)
        if not key.low <= number <= key.high:
            raise InputError(name, "out_of_range", value)
        if key.choices and str(number) not in key.choices:
            raise InputError(name, "not_allowed", value)
        return number
    if key.kind == "decimal":
        if not _DECIMAL.fullmatch(text):
            raise InputError(name, "not_a_number", value)
        places = len(text.partition(".")[2])
        if places > UNIT_PLACES:
            raise InputError(name, "too_many_decimals", value)
        number = Fraction(Decimal(text))
        if not 0 < number <= UNIT_MAX:
            raise InputError(name, "out_of_range", value)
        return number
    if key.kind == "tiles":
        return text  # read by engine.tiles, which names what is wrong with it
    choices = {choice.lower(): choice for choice in key.choices}  # E|S|W|N taken as e|s|w|n too
    text = text.lower()
    if text not in choices:
        raise InputError(name, "unknown_choice", value)
    return text == "1" if key.kind == "flag" else choices[text]


def counts(name, values):
    """Whether key `name` matters, given the values of the keys before it (strings or parsed)."""
    key = KEYS[name]
    return values.get("rule", DEFAULTS["rule"]) in key.rules and all(
        str(values.get(other, DEFAULTS[other])) in allowed for other, allowed in key.when)


def used_keys(mapping):
    """The keys that matter for these (string) inputs, in vocabulary order.

    >>> used_keys({"rule": "hk", "win": "tsumo"})
    ['rule', 'win', 'fan', 'table', 'cap', 'tsumo_split', 'unit']
    """
    return [name for name in KEYS if counts(name, mapping)]


def parse(mapping: Mapping):
    """Validate the keys that matter; unknown keys and keys that do not count are ignored.

    Returns a dict of typed values for every key of the chosen rule (a key that does not count,
    such as the melds of a chiitoitsu, takes its default); raises InputError on the first bad
    value, in page order.
    """
    values = {}
    for name in KEYS:  # in order: a key's `when` only names keys before it
        if counts(name, values):
            values[name] = parse_value(name, _raw(mapping, name))
    rule = values["rule"]
    for name, key in KEYS.items():
        if rule in key.rules and name not in values:
            values[name] = parse_value(name, DEFAULTS[name])
    if values.get("fumode") == "count":
        melds = (values["m1"], values["m2"], values["m3"], values["m4"])
        hand = FuHand(values["shape"], melds, values["pair"], values["wait"], values["menzen"])
        found = contradiction(hand, values["win"])
        if found:
            field, code = found
            raise InputError(field, code, _raw(mapping, field))
    return values
