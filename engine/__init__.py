"""Mahjong payments for four rule sets, from a hand value the table already agreed on.

``calculate(mapping)`` takes the URL keys of ``engine.keys`` with string values and returns the
result dict the CLI prints; bad input raises ``InputError``. Amounts are JSON numbers: an int, or
for a Hong Kong half or quarter the float nearest the exact value, which ``decimal_text`` writes
back exactly (the rules count in whole smaller units; the float is made once, at this edge).

>>> result = calculate({"rule": "riichi", "han": "3", "fu": "30", "win": "tsumo"})
>>> result["total"], [p["amount"] for p in result["payments"]]
(4000, [2000, 1000, 1000])
"""
from . import hongkong
from .compat import decimal_text
from .fu import FuHand, count_fu
from .hongkong import HkRules, hk_payments
from .keys import DEFAULTS, KEYS
from .mcr import mcr_payments
from .nmjl import nmjl_payments
from .inputs import EngineError
from .query import InputError, parse
from .riichi import Hand, TableRules, riichi_payments
from .tilehand import answer as tile_answer, table_rules
from .tiles import TileError

__all__ = ["calculate", "calculate_values", "EngineError", "InputError", "KEYS", "DEFAULTS", "decimal_text"]


def _payments(payments, number=None):
    """The payments as the result lists them; `number` turns an amount into its JSON number
    (Hong Kong counts in smaller units)."""
    return [{"payer": p.payer, "amount": number(p.amount) if number else p.amount,
             "honba": p.honba} for p in payments]


def _fu_rows(counted):
    return [{"row": r.row, "item": r.item, "fu": r.fu} for r in counted.rows]


def _riichi_tiles(v):
    """A hand from its tiles (SPEC §9): the value of 14 tiles, or the waits of 13."""
    try:
        kind, valued = tile_answer(v)  # remembered: the same inputs, the same (shared) answer
    except TileError as error:
        refused = InputError(error.field, error.code, v.get(error.field, ""))
        refused.tile = error.tile
        raise refused from None
    if kind == "waits":
        return {"rule": "riichi", "tiles": valued, "notices": []}
    outcome = riichi_payments(valued.hand, table_rules(v))
    result = _riichi_result(outcome)
    if valued.fu:
        result["fu"] = valued.fu.fu
        result["fu_breakdown"] = _fu_rows(valued.fu)
        result["notices"] += list(valued.fu.notices)
    result["tiles"] = valued.tiles
    return result


def _riichi_result(outcome, notices=(), **extra):
    """The riichi result's keys (SPEC §3.2) in their order, from the payments; `extra` (the fu)
    goes before the notices."""
    result = {"rule": "riichi", "total": outcome.total, "payments": _payments(outcome.payments),
              "middle": outcome.base, "tier": outcome.tier}
    if "fu" in extra:
        result["fu"] = extra["fu"]
    result["notices"] = list(outcome.notices) + list(notices)
    return result


def _riichi(v):
    if v["fumode"] == "tiles":
        return _riichi_tiles(v)
    notices = []
    fu = None
    if v["yakuman"]:
        pass  # han, fu and fu counting do not count for a yakuman
    elif v["fumode"] == "count":
        melds = (v["m1"], v["m2"], v["m3"], v["m4"])
        hand = FuHand(v["shape"], melds, v["pair"], v["wait"], v["menzen"])
        counted = count_fu(hand, v["win"], v["dwind4"])
        fu, notices = counted.fu, list(counted.notices)
    else:
        fu = v["fu"]
    hand = Hand(v["han"], fu, v["win"], v["seat"] == "dealer", v["yakuman"], v["honba"], v["sticks"])
    rules = TableRules(v["kiriage"], v["kazoe"], v["multi"], int(v["players"]), v["tsumoloss"])
    outcome = riichi_payments(hand, rules)
    result = _riichi_result(outcome, notices, fu=fu)
    if v["yakuman"]:
        del result["fu"]
    elif v["fumode"] == "count":
        result["fu_breakdown"] = _fu_rows(counted)
    return result


def _hk(v):
    rules = HkRules(v["table"], int(v["cap"]), v["ron_split"], v["tsumo_split"], v["unit"])
    outcome = hk_payments(v["fan"], v["win"], rules)
    number = hongkong.number  # the JSON edge: 0.5, 0.25
    return {"rule": "hk", "total": number(outcome.total),
            "payments": _payments(outcome.payments, number),
            "middle": number(outcome.value), "notices": list(outcome.notices)}


def _mcr(v):
    outcome = mcr_payments(v["points"], v["flowers"], v["win"])
    return {"rule": "mcr", "total": outcome.total, "payments": _payments(outcome.payments),
            "middle": outcome.middle, "notices": list(outcome.notices)}


def _nmjl(v):
    outcome = nmjl_payments(v["value"], v["jokerless"], v["win"])
    result = {"rule": "nmjl", "total": outcome.total, "payments": _payments(outcome.payments),
              "middle": outcome.value, "notices": list(outcome.notices)}
    if v["bettor"]:
        result["bettor"] = outcome.bettor
    return result


_RULES = {"riichi": _riichi, "hk": _hk, "mcr": _mcr, "nmjl": _nmjl}


def calculate(mapping):
    """The payments for the inputs in `mapping` (URL keys, string values; missing keys default)."""
    return calculate_values(parse(mapping))


def calculate_values(values):
    """The payments for inputs already validated by `engine.query.parse`."""
    return _RULES[values["rule"]](values)
