"""A game record read and checked: the rules object with its defaults, and each hand.

Nothing here computes a payment; a record that passes is one the game can replay without a
question. Every failure is a ``RecordError`` naming the hand (0-based, None for the rules), the
record key and a stable code.

>>> rules_from(None)["uma"]
[20, 10, -10, -20]
>>> rules_from({"players": 3})["start"]
35000
>>> rules_from({"doubleron": "half"})
Traceback (most recent call last):
...
engine.ledger.record.RecordError: rules: doubleron='half': unknown_choice
"""
import re

from ..keys import FU_VALUES
from ..presets import FIELDS, NAMES, PRESETS, preset_rules

# Codes are stable identifiers; the pages turn each into a sentence of their own language.
CODES = {
    "not_an_object": "must be a JSON object",
    "not_a_list": "must be a list",
    "not_an_integer": "not a whole number",
    "out_of_range": "out of range",
    "not_allowed": "not one of the allowed values",
    "unknown_choice": "not one of the choices",
    "missing": "a value is required",
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
    "unknown_field": "not a key of the record",
    "unreadable": "not a readable JSON file",  # the command line only
}

RESULTS = ("ron", "tsumo", "draw", "abort", "chombo")
HAND_KEYS = {"result", "from", "winners", "riichi", "tenpai", "nagashi", "seat"}
WINNER_KEYS = {"seat", "han", "fu", "yakuman", "pao"}
MAX_POINTS = 1_000_000
MAX_UMA = 1000  # thousands
MAX_YAKUMAN = 6

# Defaults of SPEC §6.1; the player-dependent ones by the number of players.
DEFAULTS = {
    "players": 4, "length": "south", "kiriage": 0, "kazoe": 1, "multi": 1, "tsumoloss": 1,
    "nagashi": 1, "paoscope": "hand", "paohonba": "liable", "doubleron": "both",
    "tripleron": "draw", "busting": 1, "extension": "none", "agariyame": 1, "tenpaiyame": 1,
    "leftover": "first", "rounding": "exact", "ties": "seat", "aborts": 1, "chombo": "mangan",
    "chombopenalty": 20,
}
SEAT_DEFAULTS = {
    4: {"start": 25000, "return": 30000, "uma": [20, 10, -10, -20]},
    3: {"start": 35000, "return": 40000, "uma": [15, 0, -15]},
}

_INTEGER = re.compile(r"-?[0-9]{1,9}")


class RecordError(ValueError):
    """A bad record: ``hand`` is the 0-based index of the hand (None for the rules), ``field``
    the record key, ``code`` one of CODES, ``value`` what was given."""

    def __init__(self, hand, field, code, value):
        where = "rules" if hand is None else f"hand {hand}"
        super().__init__(f"{where}: {field}={value!r}: {code}")
        self.hand = hand
        self.field = field
        self.code = code
        self.value = value

    @property
    def message(self):
        if self.hand is not None:
            where = f"hand {self.hand + 1}, {self.field}"
        else:
            where = self.field if self.field in ("record", "hands") else f"rules, {self.field}"
        return f"{where}: {CODES[self.code]} ({self.value!r})"

    def as_dict(self):
        return {"hand": self.hand, "field": self.field, "code": self.code,
                "message": self.message}


def integer(value, hand, field, low, high):
    """A whole number from a JSON number or a string of digits, within [low, high]."""
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise RecordError(hand, field, "not_an_integer", value)
    if isinstance(value, str):
        if not _INTEGER.fullmatch(value.strip()):
            raise RecordError(hand, field, "not_an_integer", value)
        value = int(value.strip())
    if not low <= value <= high:
        raise RecordError(hand, field, "out_of_range", value)
    return value


def _choice(value, field, choices):
    if isinstance(value, str) and all(isinstance(c, int) for c in choices):
        value = integer(value, None, field, min(choices), max(choices))
    if isinstance(value, bool):
        value = int(value)
    if value not in choices:
        raise RecordError(None, field, "unknown_choice", value)
    return value


def rules_from(mapping):
    """Validated rules with every SPEC §6.1 field filled in.

    ``mapping`` may name a ``preset`` (engine.presets.NAMES); its values come first, then the
    defaults of §6.1 where neither says anything, each field given in ``mapping`` last.
    ``target`` is ``return`` unless the mapping or the preset gives one of its own.

    >>> rules = rules_from({"preset": "mleague", "busting": 1})
    >>> rules["uma"], rules["busting"], rules["doubleron"], rules["ties"]
    ([30, 10, -10, -30], 1, 'head', 'split')
    >>> rules_from({"return": 31000})["target"], rules_from({"preset": "mahjongsoul"})["target"]
    (31000, 30000)
    >>> rules_from({"target": -1})
    Traceback (most recent call last):
    ...
    engine.ledger.record.RecordError: rules: target=-1: out_of_range
    """
    if mapping is None:
        mapping = {}
    if not isinstance(mapping, dict):
        raise RecordError(None, "rules", "not_an_object", mapping)
    _known(mapping, None, {*FIELDS, "preset"})
    players = _choice(mapping.get("players", 4), "players", FIELDS["players"])
    preset = mapping.get("preset")
    if preset is not None:
        if preset not in NAMES:
            raise RecordError(None, "preset", "unknown_choice", preset)
        try:
            rules = preset_rules(preset, players)
        except ValueError:
            raise RecordError(None, "players", "not_allowed", players) from None
    else:
        rules = {**DEFAULTS, **SEAT_DEFAULTS[players], "players": players}
        rules["uma"] = list(rules["uma"])
    own_target = preset is not None and "target" in PRESETS[preset]["seats"][players]
    for field, choices in FIELDS.items():
        if field in mapping and choices is not None:
            rules[field] = _choice(mapping[field], field, choices)
    for field in ("start", "return"):
        if field in mapping:
            rules[field] = integer(mapping[field], None, field, 100, MAX_POINTS)
        if rules[field] % 100:
            raise RecordError(None, field, "not_a_multiple", rules[field])
    if "target" in mapping:
        rules["target"] = integer(mapping["target"], None, "target", 0, MAX_POINTS)
    elif not own_target:
        rules["target"] = rules["return"]
    if "chombopenalty" in mapping:
        rules["chombopenalty"] = integer(mapping["chombopenalty"], None, "chombopenalty", 0,
                                         MAX_UMA)
    if "uma" in mapping:
        uma = mapping["uma"]
        if not isinstance(uma, list):
            raise RecordError(None, "uma", "not_a_list", uma)
        rules["uma"] = [integer(u, None, "uma", -MAX_UMA, MAX_UMA) for u in uma]
    if len(rules["uma"]) != players:
        raise RecordError(None, "uma", "wrong_count", rules["uma"])
    if sum(rules["uma"]):
        raise RecordError(None, "uma", "uma_sum", rules["uma"])
    return rules


def _known(mapping, hand, keys):
    """A misspelt key would silently change the game: every key must be one the record has."""
    for key in mapping:
        if key not in keys:
            raise RecordError(hand, str(key), "unknown_field", mapping[key])


def _seat(value, hand, field, players):
    return integer(value, hand, field, 0, players - 1)


def _seats(record, hand, field, players):
    seats = record.get(field, [])
    if not isinstance(seats, list):
        raise RecordError(hand, field, "not_a_list", seats)
    seats = [_seat(seat, hand, field, players) for seat in seats]
    if len(set(seats)) != len(seats):
        raise RecordError(hand, field, "duplicate_seat", seats)
    return seats


def _winner(record, hand, players):
    if not isinstance(record, dict):
        raise RecordError(hand, "winners", "not_an_object", record)
    _known(record, hand, WINNER_KEYS)
    if "seat" not in record:
        raise RecordError(hand, "seat", "missing", None)
    winner = {"seat": _seat(record["seat"], hand, "seat", players)}
    winner["yakuman"] = integer(record.get("yakuman", 0), hand, "yakuman", 0, MAX_YAKUMAN)
    if not winner["yakuman"]:
        for field in ("han", "fu"):
            if field not in record:
                raise RecordError(hand, field, "missing", None)
        winner["han"] = integer(record["han"], hand, "han", 1, 13)
        winner["fu"] = integer(record["fu"], hand, "fu", 20, 110)
        if winner["fu"] not in FU_VALUES:
            raise RecordError(hand, "fu", "not_allowed", winner["fu"])
    if record.get("pao") is not None:
        winner["pao"] = _seat(record["pao"], hand, "pao", players)
        if winner["pao"] == winner["seat"]:
            raise RecordError(hand, "pao", "pao_is_winner", winner["pao"])
        if not winner["yakuman"]:
            raise RecordError(hand, "pao", "pao_needs_yakuman", winner["pao"])
    return winner


def read_hand(record, index, rules):
    """One hand of the record, checked: a dict with ``result``, ``riichi`` and the keys its
    result uses (``from`` and ``winners``; ``tenpai`` and ``nagashi``; ``seat`` of a chombo),
    seats as ints. An abortive draw or a chombo the rules do not have is refused."""
    players = rules["players"]
    if not isinstance(record, dict):
        raise RecordError(index, "hand", "not_an_object", record)
    _known(record, index, HAND_KEYS)
    result = record.get("result")
    if result not in RESULTS:
        raise RecordError(index, "result", "unknown_choice" if result else "missing", result)
    hand = {"result": result, "riichi": _seats(record, index, "riichi", players)}
    if result in ("ron", "tsumo"):
        winners = record.get("winners")
        if not isinstance(winners, list):
            raise RecordError(index, "winners", "not_a_list", winners)
        if not winners:
            raise RecordError(index, "winners", "no_winner", winners)
        hand["winners"] = [_winner(winner, index, players) for winner in winners]
        seats = [winner["seat"] for winner in hand["winners"]]
        if len(set(seats)) != len(seats):
            raise RecordError(index, "seat", "duplicate_seat", seats)
        if result == "tsumo" and len(seats) != 1:
            raise RecordError(index, "winners", "tsumo_one_winner", seats)
        if result == "ron":
            if "from" not in record:
                raise RecordError(index, "from", "missing", None)
            hand["from"] = _seat(record["from"], index, "from", players)
            if hand["from"] in seats:
                raise RecordError(index, "seat", "winner_is_discarder", hand["from"])
            if len(seats) == 3 and rules["tripleron"] == "draw" and not rules["aborts"]:
                # A triple ron that would be an abortive draw, in rules that have none.
                raise RecordError(index, "winners", "abort_off", seats)
    elif result == "draw":
        hand["tenpai"] = _seats(record, index, "tenpai", players)
        hand["nagashi"] = _seats(record, index, "nagashi", players)
        if hand["nagashi"] and not rules["nagashi"]:
            raise RecordError(index, "nagashi", "nagashi_off", hand["nagashi"])
    elif result == "abort":
        if not rules["aborts"]:
            raise RecordError(index, "result", "abort_off", result)
    elif result == "chombo":
        if rules["chombo"] == "none":
            raise RecordError(index, "result", "chombo_off", result)
        if "seat" not in record:
            raise RecordError(index, "seat", "missing", None)
        hand["seat"] = _seat(record["seat"], index, "seat", players)
    return hand
