"""The one input layer: every way in (URL query, form, CLI argument, ledger record, link,
conditions state) is read by these functions and refused with ``InputError(field, code, value)``.

A string is read as a person typed it: full-width ``３０``, ``ｒｏｎ`` and ``，`` from CJK
keyboards become ASCII and every space a plain one (``engine.compat.normal``, the part of NFKC
that typing produces), then it is stripped. The limits are the callers': each is written once,
next to its key (``engine.keys``, ``engine.presets.RULES``, ``engine.ledger.link``).

>>> integer("３０", "fu", 20, 110)
30
>>> integer("2.5", "han", 1, 13)
Traceback (most recent call last):
...
engine.inputs.InputError: han='2.5': not_an_integer
>>> choice(" Tsumo", "win", ("ron", "tsumo"))
'tsumo'
"""
import json
import re

from .compat import normal, quote, whole
from .keys import UNIT_PLACES

# Codes are stable identifiers, one table for every way in; the pages turn each into a sentence
# of their own language, the command lines print the English one.
CODES = {
    # any value
    "empty": "a value is required",
    "missing": "a value is required",
    "too_long": "too long",
    "not_an_integer": "not a whole number",
    "not_a_number": "not a number",
    "out_of_range": "out of range",
    "too_many_decimals": f"more than {UNIT_PLACES} decimal places",
    "not_allowed": "not one of the allowed values",
    "unknown_choice": "not one of the choices",
    "not_an_object": "must be a JSON object",
    "not_a_list": "must be a list",
    "unknown_field": "not a key of the record",
    "unreadable": "not a readable JSON file",  # the command lines only
    "one_game": "holds several games: the command line replays one",  # the command line only
    # the calculator's counted fu: a hand that cannot occur
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
    "not_held": "the winning tile is one of the hand's 14 tiles: 13 tiles and a winning tile are 13",
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
    # a ledger record and a conditions state
    "not_a_multiple": "must be a multiple of 100 points",
    "wrong_count": "needs one value per player",
    "uma_sum": "the uma must add up to zero",
    "duplicate_seat": "the same seat is listed twice",
    "no_winner": "a win needs a winner",
    "tsumo_one_winner": "a tsumo has exactly one winner",
    "winner_is_discarder": "the discarder cannot win on their own discard",
    "pao_is_winner": "the liable player cannot be the winner",
    "pao_needs_yakuman": "only a yakuman has a liable player",
    "nagashi_off": "these rules have no nagashi mangan",
    "abort_off": "these rules have no abortive draws",
    "chombo_off": "these rules take no chombo in the ledger",
    "game_over": "the game is already over",
    "ends_before": "after this correction the game is over before this hand",
    "no_such_hand": "the record has no hand with this number",
    "too_many_hands": "more hands than any game has",
    "riichi_points": "riichi needs 1,000 points to put out as the deposit",
    # a game link
    "not_ours": "not a game link of this ledger",
    "newer": "made by a newer format of the ledger",
    "damaged": "cut short, re-encoded or altered",
    # a season's files and links
    "not_a_ledger_file": "not a file of this ledger's games",
    "bad_game": "a game in it cannot be read",
}


def codes(*names):
    """The part of CODES one way in raises (the pages' strings test against it)."""
    return {name: CODES[name] for name in names}


class EngineError(ValueError):
    """The root of every error the engine raises on what it is given: a bad input (InputError
    and its kin), tiles that cannot be read (tiles.TileError), stored games that cannot be kept
    (ledger.envelope.ShelfError). A caller catches this one to catch them all."""


class InputError(EngineError):
    """A bad input: ``field`` is its key, ``code`` one of CODES, ``value`` what was given and
    ``hand`` the 0-based hand of a ledger record it was found in (None elsewhere).

    The subclasses only name the place in their message and keep their command line's JSON
    shape (SPEC §3.2: this one; §6.3: ``RecordError``; §7: ``StateError``). An ``out_of_range``
    from ``integer`` also carries the range as ``low`` and ``high`` (the pages' sentences say it),
    a ``too_many`` from the tiles the tile held too often as ``tile`` ("5m", "0p" a red five), a
    ``not_held`` the winning tile beside 13 tiles.
    """

    low = high = tile = None

    def __init__(self, field, code, value, hand=None):
        super().__init__(f"{field}={quote(value)}: {code}")
        self.field = field
        self.code = code
        self.value = value
        self.hand = hand

    def where(self):
        return self.field

    @property
    def message(self):
        return f"{self.where()}: {CODES[self.code]} ({quote(self.value)})"

    def as_dict(self):
        error = {"field": self.field, "code": self.code, "message": self.message}
        if self.hand is not None:
            error["hand"] = self.hand
        return error


_INTEGER = re.compile(r"-?([0-9]+)$")
_DECIMAL = re.compile(r"([0-9]+(\.[0-9]*)?|\.[0-9]+)$")
_DIGITS = 9  # more digits than any range here holds: refused before int() reads them


def first(value):
    """A query's value as one string: a list (as from parse_qs) counts by its first entry, as
    URLSearchParams.get() does in the browser."""
    if isinstance(value, (list, tuple)):
        value = value[0] if value else ""
    return value if isinstance(value, str) else str(value)


def text(value, field, limit, error=InputError, allow_empty=False):
    """A typed value, normalised and not empty (unless `allow_empty`); longer than `limit` is
    refused before reading."""
    value = first(value)
    if len(value) > limit:
        raise error(field, "too_long", value[:limit] + "…")
    cleaned = normal(value)
    if not cleaned and not allow_empty:
        raise error(field, "empty", value)
    return cleaned


def integer(value, field, low, high, hand=None, error=InputError):
    """A whole number in [low, high] from a JSON number or a string of digits.

    Every way in names the mistake made: nothing typed is ``empty``, a decimal (``2.5``)
    ``not_an_integer``, text that is no number at all (``abc``, ``true``, a list) ``not_a_number``.

    >>> integer("abc", "start", 0, 99999)
    Traceback (most recent call last):
    ...
    engine.inputs.InputError: start='abc': not_a_number
    """
    if isinstance(value, float):
        raise error(field, "not_an_integer", value, hand)
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise error(field, "not_a_number", value, hand)
    if isinstance(value, str):
        cleaned = normal(value)
        if not cleaned.strip():
            raise error(field, "empty", value, hand)
        match = whole(_INTEGER, cleaned)
        if not match:
            looks_decimal = whole(_DECIMAL, cleaned.lstrip("-"))
            code = "not_an_integer" if looks_decimal else "not_a_number"
            raise error(field, code, value, hand)
        number = None if len(match.group(1).lstrip("0")) > _DIGITS else int(cleaned)
    else:
        number = value
    if number is None or not low <= number <= high:
        refused = error(field, "out_of_range", value, hand)
        refused.low, refused.high = low, high
        raise refused
    return number


# Text from outside (a link, a paste, a stored value, a file) is bounded before it is parsed: a
# parser meets deep nesting with a RecursionError, or in a browser with a stack overflow that
# nothing can catch. A game's deepest value, in a bundle of every game, is 8 levels down.
MAX_DEPTH = 20
MAX_JSON_TEXT = 10000000  # characters: more than a browser's storage holds


def nested_within(text, most):
    """Whether JSON text nests its arrays and objects at most `most` deep (brackets inside
    strings do not count). Cheap: string by string, each stretch between them counted whole
    unless it could go past the bound.

    >>> nested_within('[[1], {"a": "[[[["}]', 2), nested_within("[" * 3, 2)
    (True, False)
    """
    plain = text.replace("\\\\", "").replace('\\"', "")  # escapes: no quote ends a string
    level = 0
    for number, part in enumerate(plain.split('"')):
        if number % 2:
            continue  # inside a string
        opens = part.count("[") + part.count("{")
        if level + opens <= most:
            level += opens - part.count("]") - part.count("}")
            continue
        for char in part:
            if char in "[{":
                level += 1
                if level > most:
                    return False
            elif char in "]}":
                level -= 1
    return True


def read_json(text, limit=MAX_JSON_TEXT, depth=MAX_DEPTH):
    """The value of a JSON text from outside, its length and nesting bounded before it is
    parsed; anything else is ``InputError("json", "too_long" or "unreadable", why)``.

    >>> read_json('{"hands": []}')
    {'hands': []}
    >>> read_json("[" * 100_000)
    Traceback (most recent call last):
    ...
    engine.inputs.InputError: json='nested more than 20 deep': unreadable
    """
    if not isinstance(text, str):
        raise InputError("json", "unreadable", "not a text")
    if len(text) > limit:
        raise InputError("json", "too_long", f"more than {limit} characters")
    if not nested_within(text, depth):
        raise InputError("json", "unreadable", f"nested more than {depth} deep")
    try:
        value = json.loads(text)
    except Exception as error:  # noqa: BLE001 (a parser's error: its type varies with the build)
        # ValueError (a 5,000-digit number), RecursionError, MemoryError under MicroPython
        raise InputError("json", "unreadable", str(error)) from None
    if not digits_within(value):  # CPython refuses such a number; MicroPython reads it
        raise InputError("json", "unreadable", f"an integer of more than {MAX_DIGITS} digits")
    return value


MAX_DIGITS = 4300  # CPython's bound on an integer's digits read from text
_TOO_BIG = 10 ** MAX_DIGITS


def digits_within(value):
    """Whether every integer in a parsed JSON value has at most MAX_DIGITS digits (its nesting is
    bounded already)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return -_TOO_BIG < value < _TOO_BIG
    if isinstance(value, list):
        return all(digits_within(item) for item in value)
    if isinstance(value, dict):
        return all(digits_within(item) for item in value.values())
    return True


def decimal(value, field, places, high):
    """A positive decimal with at most `places` decimal places, at most `high`, exactly: as the
    whole number of its smallest unit, 10**-places.

    >>> decimal("０．５", "unit", 4, 100), decimal("2.", "unit", 4, 100), decimal(".0001", "unit", 4, 1)
    (5000, 20000, 1)
    """
    cleaned = normal(value)
    if not whole(_DECIMAL, cleaned):
        raise InputError(field, "not_a_number", value)
    integral, _point, fraction = cleaned.partition(".")
    if len(fraction) > places:
        raise InputError(field, "too_many_decimals", value)
    number = int(integral or "0") * 10 ** places + int((fraction + "0" * places)[:places])
    if not 0 < number <= high * 10 ** places:
        refused = InputError(field, "out_of_range", value)
        refused.low, refused.high = 0, high
        raise refused
    return number


def choice(value, field, choices, hand=None, error=InputError):
    """One of `choices`. Strings are normalised and lower-cased; where the choices are whole
    numbers, a string of digits or a JSON true/false counts as its number."""
    if isinstance(value, bool):
        value = int(value)
    given = value
    if isinstance(value, str):
        if choices and all(isinstance(c, int) for c in choices):
            value = integer(value, field, min(choices), max(choices), hand, error)
        elif value not in choices:  # case does not matter: ``Tsumo``, ``e`` for ``E``
            by_case = {c.lower(): c for c in choices if isinstance(c, str)}
            value = by_case.get(normal(value).lower(), value)
    if value not in choices:
        raise error(field, "unknown_choice", given, hand)
    return value
