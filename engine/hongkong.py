"""Hong Kong payments from fan: cap first, then the full- or half-spicy table, times the point value.

Amounts are Fractions: a 0-fan tsumo at half split is half a point from each player.

>>> outcome = hk_payments(3, "tsumo", HkRules())
>>> [str(p.amount) for p in outcome.payments], outcome.total
(['4', '4', '4'], Fraction(12, 1))
"""
from dataclasses import dataclass
from fractions import Fraction

from .payment import Payment

FULL_SPICY = tuple(2 ** fan for fan in range(14))  # 全辣: doubles every fan
HALF_SPICY = (1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384)  # 半辣: every two fan from 5
TABLES = {"full": FULL_SPICY, "half": HALF_SPICY}
MINIMUM_FAN = 3  # most tables need 3 fan to win

RON_SHARES = {"discarder": (Fraction(1), Fraction(0), Fraction(0)),
              "shared": (Fraction(1, 2), Fraction(1, 4), Fraction(1, 4))}
TSUMO_SHARE = {"half": Fraction(1, 2), "full": Fraction(1)}


@dataclass(frozen=True)
class HkRules:
    table: str = "half"
    cap: int = 10
    ron_split: str = "discarder"
    tsumo_split: str = "half"
    unit: Fraction = Fraction(1)


@dataclass(frozen=True)
class HkOutcome:
    value: Fraction  # table value times the point value, before splitting
    payments: tuple[Payment, ...]
    total: Fraction
    notices: tuple[str, ...]


def table_value(fan, rules):
    """Points for a fan count: cut to the cap, then looked up, then times the point value."""
    return TABLES[rules.table][min(fan, rules.cap)] * rules.unit


def hk_payments(fan, win, rules):
    value = table_value(fan, rules)
    if win == "ron":
        shares = RON_SHARES[rules.ron_split]
        payments = tuple(Payment(payer, value * share)
                         for payer, share in zip(("discarder", "other", "other"), shares))
        total = value
    else:
        each = value * TSUMO_SHARE[rules.tsumo_split]
        payments = tuple(Payment("each", each) for _ in range(3))
        total = 3 * each
    notices = []
    if fan < MINIMUM_FAN:
        notices.append("under_3_fan")
    if fan > rules.cap:
        notices.append("fan_capped")
    return HkOutcome(value, payments, total, tuple(notices))
