"""A conditions state read and checked: from JSON (the command line) or from a page's URL keys.

Two JSON forms (SPEC §7): ``{"rules", "scores", "dealer", "honba", "sticks", "seat", "place",
"riichi"}``, or ``{"record": RECORD, "seat", "place", "riichi"}`` for the hand about to be played
in a ledger record. A bad value raises ``StateError(field, code, value)``.

>>> read_query({"scores": "25000,25000,25000", "players": "4"})
Traceback (most recent call last):
...
engine.conditions.state.StateError: scores='25000,25000,25000': wrong_count
>>> read_query({"seat": "4"})
Traceback (most recent call last):
...
engine.conditions.state.StateError: seat='4': out_of_range
"""
from collections import OrderedDict

from .. import inputs as read
from ..compat import stripped
from ..inputs import InputError
from ..keys import KEYS, MAX_VALUE_LENGTH
from ..ledger import RecordError, replay, rules_from
from ..ledger.record import CODES as RECORD_CODES
from ..ledger.record import RECORD_KEYS as RECORD_FIELDS
from ..presets import MAX_POINTS

# The codes a state can be refused with (their wording: engine.inputs.CODES).
CODES = read.codes(*RECORD_CODES, "empty", "too_long")
STATE_KEYS = {"rules", "players", "scores", "dealer", "honba", "sticks", "seat", "place", "riichi"}
RECORD_KEYS = {"record", "seat", "place", "riichi"}
MAX_QUERY_LENGTH = 4 * MAX_VALUE_LENGTH  # a URL key's text: four scores and their commas fit

# The page's situation: the URL keys of SPEC §7 and their defaults (SPEC §7's example link), in
# the order they are read and written (players first: the default scores depend on it).
QUERY_DEFAULTS = OrderedDict((
    ("players", "4"), ("scores", "32000,28500,22000,17500"), ("dealer", "0"), ("honba", "0"),
    ("sticks", "0"), ("seat", "1"), ("place", "1"), ("riichi", "0"),
    ("ties", "seat"), ("kiriage", "0"), ("multi", "1"), ("tsumoloss", "1"),
))
DEFAULT_SCORES = {4: QUERY_DEFAULTS["scores"], 3: "41000,35000,29000"}
RULE_KEYS = ("players", "ties", "kiriage", "multi", "tsumoloss")
DIGITS = "0123456789"  # an amount's digits (full-width ones are made ASCII before: inputs.text)


def _digits(text):
    return bool(text) and all(char in DIGITS for char in text)


def _grouped(text):
    """Whether `text` is one amount written with thousands separators: an optional minus, one
    to three digits, then groups of a comma and three digits ("-1,200", "28,500").

    >>> [_grouped(text) for text in ("28,500", "-1,200,000", "28500", "1,75,00", "2,500,")]
    [True, True, False, False, False]
    """
    groups = (text[1:] if text.startswith("-") else text).split(",")
    return len(groups) > 1 and 1 <= len(groups[0]) <= 3 and all(map(_digits, groups)) and \
        all(len(group) == 3 for group in groups[1:])


def _ungrouped(text):
    """One amount without its thousands separators ("28,500" -> "28500"); a comma anywhere else
    is left for the number check to refuse."""
    return text.replace(",", "") if _grouped(text) else text


def _between_amounts(text):
    """`text` split at each comma between two amounts, not at a thousands separator inside one:
    a comma is a separator when exactly three digits follow it.

    >>> _between_amounts("32,000,28,500,1,2")
    ['32,000', '28,500', '1', '2']
    """
    parts, start = [], 0
    for at, char in enumerate(text):
        if char == ",":
            after = text[at + 1:at + 5]
            if not (len(after) >= 3 and _digits(after[:3])
                    and (len(after) == 3 or after[3] not in DIGITS)):
                parts.append(text[start:at])
                start = at + 1
    parts.append(text[start:])
    return parts


def _amount(text):
    """A typed amount's integer (digits with an optional minus), else ValueError."""
    if not _digits(text[1:] if text.startswith("-") else text):
        raise ValueError(text)
    return int(text)


def _refuse_unknown(mapping, known, prefix=""):
    """Refuse a key of `mapping` not in `known`: the first in sorted order, which a dict under
    MicroPython (no insertion order) gives the same."""
    unknown = [key for key in mapping if key not in known]
    if unknown:
        key = min(unknown, key=str)
        raise StateError(prefix + str(key), "unknown_field", mapping[key])


class StateError(InputError):
    """A bad state: ``field`` is the state's (or the URL's) key, ``code`` one of CODES, ``hand``
    the record's hand (0-based) when the record form failed there."""

    def where(self):
        return self.field if self.hand is None else f"record, hand {self.hand + 1}, {self.field}"


def _state_error(error, field):
    """A RecordError as the state's, its range kept."""
    refused = StateError(field, error.code, error.value, error.hand)
    refused.low, refused.high = error.low, error.high
    return refused


def _checked(read, *args):
    try:
        return read(*args)
    except RecordError as error:
        field = error.field if error.hand is not None or error.field in ("record", "hands") \
            else f"rules.{error.field}"
        raise _state_error(error, field) from None


def read_rules(mapping):
    """The game's rules (SPEC §6.1, with presets and defaults), checked.

    >>> read_rules({"players": 3})["ties"], read_rules({"ties": "split"})["ties"]
    ('seat', 'split')
    """
    return _checked(rules_from, mapping)


def _number(value, field, low, high):
    return read.integer(value, field, low, high, error=StateError)


def _ask(state, players):
    seat = _number(state.get("seat", 0), "seat", 0, players - 1)
    place = _number(state.get("place", 1), "place", 1, players - 1)
    riichi = _number(state.get("riichi", 0), "riichi", 0, 1)
    return seat, place, riichi


def read_state(state):
    """(Table, seat, place, riichi) from one of the two JSON forms."""
    from . import Table  # the search module imports this one

    if not isinstance(state, dict):
        raise StateError("state", "not_an_object", state)
    if "record" in state:
        _refuse_unknown(state, RECORD_KEYS)
        record = state["record"]
        if isinstance(record, dict):  # a misspelt "hand": no empty game
            _refuse_unknown(record, RECORD_FIELDS, "record.")
        rules = read_rules(record.get("rules") if isinstance(record, dict) else None)
        game = _checked(replay, record)
        if game["over"]:
            raise StateError("record", "game_over", len(game["hands"]))
        after = game["next"]
        table = Table(tuple(after["scores"]), after["dealer"], after["honba"], after["sticks"],
                      rules)
        return (table,) + _ask(state, rules["players"])
    _refuse_unknown(state, STATE_KEYS)
    rules = state.get("rules")
    if "players" in state:
        if rules is not None and not isinstance(rules, dict):
            raise StateError("rules", "not_an_object", rules)
        rules = dict(rules or {}, players=state["players"])
    rules = read_rules(rules)
    players = rules["players"]
    scores = state.get("scores")
    if scores is None:
        raise StateError("scores", "missing", None)
    if not isinstance(scores, list):
        raise StateError("scores", "not_a_list", scores)
    if len(scores) != players:
        raise StateError("scores", "wrong_count", scores)
    scores = tuple(_number(score, "scores", -MAX_POINTS, MAX_POINTS) for score in scores)
    for score in scores:
        if score % 100:
            raise StateError("scores", "not_a_multiple", score)
    dealer = _number(state.get("dealer", 0), "dealer", 0, players - 1)
    honba = _number(state.get("honba", 0), "honba", KEYS["honba"].low, KEYS["honba"].high)
    sticks = _number(state.get("sticks", 0), "sticks", KEYS["sticks"].low, KEYS["sticks"].high)
    table = Table(scores, dealer, honba, sticks, rules)
    return (table,) + _ask(state, players)


def _score_texts(text, players):
    """The amounts of a typed score list: split on "/" (the Korean page's "32,000 / 28,500 / …"),
    else on commas, else on the commas that are not thousands separators ("32,000, 28,500")."""
    if "/" in text:
        return [_ungrouped(stripped(part)) for part in text.split("/")]
    scores = [stripped(part) for part in text.split(",")]
    if len(scores) != players:
        scores = [stripped(part).replace(",", "") for part in _between_amounts(text)]
    return scores


def same_scores(text, other, players):
    """Whether two typed score lists give the same amounts, however each is written.

    >>> same_scores("32,000 / 28,500 / 22,000 / 17,500", QUERY_DEFAULTS["scores"], 4)
    True
    >>> same_scores("32000,28500,22000,17000", QUERY_DEFAULTS["scores"], 4)
    False
    """
    def amounts(typed):
        try:
            return [_amount(part) for part in _score_texts(typed, players)]
        except ValueError:
            return typed
    return amounts(text) == amounts(other)


def read_query(mapping):
    """(Table, seat, place, riichi) from the page's URL keys (strings; missing keys default).

    >>> table, seat, place, riichi = read_query({})
    >>> table.scores, table.dealer, seat, place, table.rules["ties"]
    ((32000, 28500, 22000, 17500), 0, 1, 1, 'seat')
    """
    texts = {}
    for name in QUERY_DEFAULTS:
        default = QUERY_DEFAULTS[name]
        if name == "scores":
            players = texts["players"] if texts["players"] in ("3", "4") else "4"
            default = DEFAULT_SCORES[int(players)]
        texts[name] = read.text(mapping.get(name, default), name, MAX_QUERY_LENGTH, StateError)
    rules = {}
    for name in RULE_KEYS:
        rules[name] = texts[name]
    try:
        rules = rules_from(rules)
    except RecordError as error:
        raise _state_error(error, error.field) from None
    scores = _score_texts(texts["scores"], rules["players"])
    numbers = [_number(score, "scores", -MAX_POINTS, MAX_POINTS) for score in scores]
    if len(scores) != rules["players"]:  # letters are not_a_number first, whatever their count
        raise StateError("scores", "wrong_count", texts["scores"])
    state = {"scores": numbers}
    state.update({name: texts[name] for name in ("dealer", "honba", "sticks", "seat", "place",
                                                  "riichi")})
    try:
        return read_state(dict(state, rules=rules))
    except StateError as error:
        if error.field.startswith("rules."):
            error.field = error.field[len("rules."):]
        raise
