"""Hong Kong payments from fan: cap first, then the full- or half-spicy table, times the point value.

Amounts are whole numbers of 1/SCALE of a point, exactly: the point value has at most four
decimal places, and a payer owes a quarter, a half or the whole of the value. A 0-fan tsumo at
half split is half a point from each player; ``number`` turns an amount into its JSON number.

>>> outcome = hk_payments(3, "tsumo", HkRules())
>>> [number(p.amount) for p in outcome.payments], number(outcome.total)
([4, 4, 4], 12)
>>> [number(p.amount) for p in hk_payments(0, "tsumo", HkRules()).payments]
[0.5, 0.5, 0.5]
"""
from . import compat
from .compat import Record
from .keys import UNIT_PLACES
from .payment import Payment

FULL_SPICY = tuple(2 ** fan for fan in range(14))  # 全辣: doubles every fan
HALF_SPICY = (1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384)  # 半辣: every two fan from 5
TABLES = {"full": FULL_SPICY, "half": HALF_SPICY}
MINIMUM_FAN = 3  # most tables need 3 fan to win

ONE_POINT = 10 ** UNIT_PLACES  # the point value (`unit`) is counted in its smallest decimal place
QUARTERS = 4  # a payer owes a quarter, a half or the whole of the value
SCALE = ONE_POINT * QUARTERS  # amounts are whole numbers of 1/SCALE of a point
RON_SHARES = {"discarder": (4, 0, 0), "shared": (2, 1, 1)}  # quarters of the value
TSUMO_SHARE = {"half": 2, "full": 4}  # quarters of the value, from each payer


class HkRules(Record):
    """The table's settings: ``table`` half | full, ``cap`` in fan, ``ron_split`` discarder |
    shared, ``tsumo_split`` half | full, ``unit`` the point value in 1/ONE_POINT of a point."""

    FIELDS = ("table", "cap", "ron_split", "tsumo_split", "unit")
    DEFAULTS = {"table": "half", "cap": 10, "ron_split": "discarder", "tsumo_split": "half",
                "unit": ONE_POINT}


class HkOutcome(Record):
    """``value``: the table value times the point value, before splitting; the payments, their
    total and the notices. Amounts in 1/SCALE of a point."""

    FIELDS = ("value", "payments", "total", "notices")


def number(amount):
    """An amount (1/SCALE of a point) as its JSON number: 2 for a whole 2, 0.5 for a half."""
    return compat.number(amount, SCALE)


def table_value(fan, rules):
    """Points for a fan count, in 1/SCALE of a point: cut to the cap, then looked up, then times
    the point value."""
    return TABLES[rules.table][min(fan, rules.cap)] * rules.unit * QUARTERS


def hk_payments(fan, win, rules):
    value = table_value(fan, rules)
    if win == "ron":
        shares = RON_SHARES[rules.ron_split]
        payments = tuple(Payment(payer, value * share // QUARTERS)
                         for payer, share in zip(("discarder", "other", "other"), shares))
        total = value
    else:
        each = value * TSUMO_SHARE[rules.tsumo_split] // QUARTERS
        payments = tuple(Payment("each", each) for _ in range(3))
        total = 3 * each
    notices = []
    if fan < MINIMUM_FAN:
        notices.append("under_3_fan")
    if fan > rules.cap:
        notices.append("fan_capped")
    return HkOutcome(value, payments, total, tuple(notices))
