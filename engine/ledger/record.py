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
from .. import inputs as read
from ..keys import KEYS
from ..compat import quote
from ..inputs import InputError
from ..presets import FIELDS, NAMES, PRESETS, RULE_FIELDS, default_rules, preset_rules

# The codes a record can be refused with (their wording: engine.inputs.CODES).
CODES = read.codes(
    "not_an_object", "not_a_list", "empty", "not_an_integer", "not_a_number", "out_of_range",
    "not_allowed", "unknown_choice", "missing", "not_a_multiple", "wrong_count", "uma_sum", "duplicate_seat",
    "no_winner", "tsumo_one_winner", "winner_is_discarder", "pao_is_winner",
    "pao_needs_yakuman", "nagashi_off", "abort_off", "chombo_off", "game_over", "ends_before",
    "no_such_hand", "unknown_field", "unreadable", "too_many_hands", "riichi_points", "one_game")

RESULTS = ("ron", "tsumo", "draw", "abort", "chombo")
RECORD_KEYS = ("rules", "hands")
MAX_HANDS = 500  # a real game has fewer than 40; far more would stall every page that opens it
HAND_KEYS = {"result", "from", "winners", "riichi", "tenpai", "nagashi", "seat"}
WINNER_KEYS = {"seat", "han", "fu", "yakuman", "pao"}
RULE_KEYS = set(FIELDS) | {"preset"}


class RecordError(InputError):
    """A bad record: ``hand`` is the 0-based index of the hand (None for the rules), ``field``
    the record key, ``code`` one of CODES, ``value`` what was given. Its JSON (SPEC §6.3) always
    has ``hand``."""

    def __init__(self, field, code, value, hand=None):
        super().__init__(field, code, value, hand)
        place = "rules" if hand is None else f"hand {hand}"
        self.args = (f"{place}: {field}={quote(value)}: {code}",)

    def __str__(self):  # MicroPython's str() of an exception does not read a changed args
        return self.args[0]

    def where(self):
        if self.hand is not None:
            return f"hand {self.hand + 1}, {self.field}"
        return self.field if self.field in ("record", "hands") else f"rules, {self.field}"

    def as_dict(self):
        return {"hand": self.hand, "field": self.field, "code": self.code,
                "message": self.message}


def integer(value, hand, field, low, high):
    """A whole number from a JSON number or a string of digits, within [low, high]."""
    return read.integer(value, field, low, high, hand, RecordError)


def _choice(value, field, choices):
    return read.choice(value, field, choices, None, RecordError)


def _number(value, field):
    """A number field of the rules, within the range RULE_FIELDS gives it."""
    spec = RULE_FIELDS[field]
    return integer(value, None, field, spec.low, spec.high)


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
        raise RecordError("rules", "not_an_object", mapping)
    _known(mapping, None, RULE_KEYS)
    players = _choice(mapping.get("players", 4), "players", FIELDS["players"])
    preset = mapping.get("preset")
    if preset is not None:
        if preset not in NAMES:
            raise RecordError("preset", "unknown_choice", preset)
        try:
            rules = preset_rules(preset, players)
        except ValueError:
            raise RecordError("players", "not_allowed", players) from None
    else:
        rules = default_rules(players)
        del rules["target"]  # as return, unless given: below
    own_target = preset is not None and "target" in PRESETS[preset]["seats"][players]
    for field, choices in FIELDS.items():
        if field in mapping and choices is not None:
            rules[field] = _choice(mapping[field], field, choices)
    for field in ("start", "return"):
        if field in mapping:
            rules[field] = _number(mapping[field], field)
        if rules[field] % RULE_FIELDS[field].step:
            raise RecordError(field, "not_a_multiple", rules[field])
    if "target" in mapping:
        rules["target"] = _number(mapping["target"], "target")
    elif not own_target:
        rules["target"] = rules["return"]
    if "chombopenalty" in mapping:
        rules["chombopenalty"] = _number(mapping["chombopenalty"], "chombopenalty")
    if "uma" in mapping:
        uma = mapping["uma"]
        if not isinstance(uma, list):
            raise RecordError("uma", "not_a_list", uma)
        rules["uma"] = [_number(u, "uma") for u in uma]
    if len(rules["uma"]) != players:
        raise RecordError("uma", "wrong_count", rules["uma"])
    if sum(rules["uma"]):
        raise RecordError("uma", "uma_sum", rules["uma"])
    return rules


def _known(mapping, hand, keys):
    """A misspelt key would silently change the game: every key must be one the record has."""
    for key in mapping:
        if key not in keys:
            raise RecordError(str(key), "unknown_field", mapping[key], hand)


def _seat(value, hand, field, players):
    return integer(value, hand, field, 0, players - 1)


def _seats(record, hand, field, players):
    seats = record.get(field, [])
    if not isinstance(seats, list):
        raise RecordError(field, "not_a_list", seats, hand)
    seats = [_seat(seat, hand, field, players) for seat in seats]
    if len(set(seats)) != len(seats):
        raise RecordError(field, "duplicate_seat", seats, hand)
    return seats


def _key(value, hand, name):
    """A winner's han, fu or yakuman, in the calculator's range for that key."""
    return integer(value, hand, name, KEYS[name].low, KEYS[name].high)


def _winner(record, hand, players):
    if not isinstance(record, dict):
        raise RecordError("winners", "not_an_object", record, hand)
    _known(record, hand, WINNER_KEYS)
    if "seat" not in record:
        raise RecordError("seat", "missing", None, hand)
    winner = {"seat": _seat(record["seat"], hand, "seat", players)}
    winner["yakuman"] = _key(record.get("yakuman", 0), hand, "yakuman")
    if not winner["yakuman"]:
        for field in ("han", "fu"):
            if field not in record:
                raise RecordError(field, "missing", None, hand)
        winner["han"] = _key(record["han"], hand, "han")
        winner["fu"] = _key(record["fu"], hand, "fu")
        if str(winner["fu"]) not in KEYS["fu"].choices:
            raise RecordError("fu", "not_allowed", winner["fu"], hand)
    if record.get("pao") is not None:
        winner["pao"] = _seat(record["pao"], hand, "pao", players)
        if winner["pao"] == winner["seat"]:
            raise RecordError("pao", "pao_is_winner", winner["pao"], hand)
        if not winner["yakuman"]:
            raise RecordError("pao", "pao_needs_yakuman", winner["pao"], hand)
    return winner


def read_hand(record, index, rules):
    """One hand of the record, checked: a dict with ``result``, ``riichi`` and the keys its
    result uses (``from`` and ``winners``; ``tenpai`` and ``nagashi``; ``seat`` of a chombo),
    seats as ints. An abortive draw or a chombo the rules do not have is refused."""
    players = rules["players"]
    if not isinstance(record, dict):
        raise RecordError("hand", "not_an_object", record, index)
    _known(record, index, HAND_KEYS)
    result = record.get("result")
    if result not in RESULTS:
        raise RecordError("result", "unknown_choice" if result else "missing", result, index)
    hand = {"result": result, "riichi": _seats(record, index, "riichi", players)}
    if result in ("ron", "tsumo"):
        winners = record.get("winners")
        if not isinstance(winners, list):
            raise RecordError("winners", "not_a_list", winners, index)
        if not winners:
            raise RecordError("winners", "no_winner", winners, index)
        hand["winners"] = [_winner(winner, index, players) for winner in winners]
        seats = [winner["seat"] for winner in hand["winners"]]
        if len(set(seats)) != len(seats):
            raise RecordError("seat", "duplicate_seat", seats, index)
        if result == "tsumo" and len(seats) != 1:
            raise RecordError("winners", "tsumo_one_winner", seats, index)
        if result == "ron":
            if "from" not in record:
                raise RecordError("from", "missing", None, index)
            hand["from"] = _seat(record["from"], index, "from", players)
            if hand["from"] in seats:
                raise RecordError("seat", "winner_is_discarder", hand["from"], index)
            if len(seats) == 3 and rules["tripleron"] == "draw" and not rules["aborts"]:
                # A triple ron that would be an abortive draw, in rules that have none.
                raise RecordError("winners", "abort_off", seats, index)
    elif result == "draw":
        hand["tenpai"] = _seats(record, index, "tenpai", players)
        hand["nagashi"] = _seats(record, index, "nagashi", players)
        if hand["nagashi"] and not rules["nagashi"]:
            raise RecordError("nagashi", "nagashi_off", hand["nagashi"], index)
    elif result == "abort":
        if not rules["aborts"]:
            raise RecordError("result", "abort_off", result, index)
    elif result == "chombo":
        if rules["chombo"] == "none":
            raise RecordError("result", "chombo_off", result, index)
        if "seat" not in record:
            raise RecordError("seat", "missing", None, index)
        hand["seat"] = _seat(record["seat"], index, "seat", players)
    return hand
