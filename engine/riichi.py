"""Riichi payments from han and fu: base points, limit tiers, honba and riichi sticks.

>>> payments = riichi_payments(Hand(han=3, fu=30, win="tsumo", dealer=False), TableRules())
>>> [p.amount for p in payments.payments], payments.total
([2000, 1000, 1000], 4000)
"""
from dataclasses import dataclass

from .payment import Payment

BASE_CAP = 2000  # below 5 han, base points stop at mangan
KIRIAGE_BASE = 1920  # exactly 4 han 30 fu and 3 han 60 fu
HONBA_RON = 300  # per honba, from the discarder
HONBA_TSUMO = 100  # per honba, from each payer
STICK = 1000

# Limit tiers from 5 han, fu ignored: (lowest han, tier, base points).
TIERS = (
    (13, "kazoe", 8000),
    (11, "sanbaiman", 6000),
    (8, "baiman", 4000),
    (6, "haneman", 3000),
    (5, "mangan", 2000),
)


@dataclass(frozen=True)
class Hand:
    """What happened at the table."""

    han: int
    fu: int
    win: str  # ron | tsumo
    dealer: bool


@dataclass(frozen=True)
class TableRules:
    """What the table agreed before the game."""

    kiriage: bool = False
    kazoe: bool = True
    honba: int = 0
    sticks: int = 0


@dataclass(frozen=True)
class Outcome:
    base: int
    tier: str
    payments: tuple[Payment, ...]
    total: int
    notices: tuple[str, ...]


def round_up_100(points):
    return -(-points // 100) * 100


def base_points(han, fu, rules):
    """Base points, limit tier and the notice that explains a mangan reached below 5 han.

    >>> base_points(4, 40, TableRules())
    (2000, 'mangan', ('mangan_cap',))
    >>> base_points(13, 30, TableRules(kazoe=False))
    (6000, 'sanbaiman', ('kazoe_off',))
    """
    for lowest, tier, base in TIERS:
        if han >= lowest:
            if tier == "kazoe" and not rules.kazoe:
                return 6000, "sanbaiman", ("kazoe_off",)
            return base, tier, ()
    base = fu * 2 ** (han + 2)
    if base > BASE_CAP:
        return BASE_CAP, "mangan", ("mangan_cap",)
    if rules.kiriage and base == KIRIAGE_BASE:
        return BASE_CAP, "mangan", ("mangan_kiriage",)
    return base, "none", ()


def cannot_occur(hand):
    """Notices for han/fu combinations no real hand produces (they are still computed)."""
    notices = []
    if hand.fu == 20 and hand.win == "ron":
        notices.append("cannot_occur_ron_20fu")
    if hand.han == 1 and hand.fu in (20, 25):
        notices.append(f"cannot_occur_1han_{hand.fu}fu")
    return tuple(notices)


def riichi_payments(hand, rules):
    base, tier, notices = base_points(hand.han, hand.fu, rules)
    if hand.win == "ron":
        multiple = 6 if hand.dealer else 4
        honba = HONBA_RON * rules.honba
        payments = (
            Payment("discarder", round_up_100(multiple * base) + honba, honba),
            Payment("other", 0, 0),
            Payment("other", 0, 0),
        )
    else:
        honba = HONBA_TSUMO * rules.honba
        if hand.dealer:
            each = round_up_100(2 * base) + honba
            payments = tuple(Payment("nondealer", each, honba) for _ in range(3))
        else:
            dealer = round_up_100(2 * base) + honba
            nondealer = round_up_100(base) + honba
            payments = (
                Payment("dealer", dealer, honba),
                Payment("nondealer", nondealer, honba),
                Payment("nondealer", nondealer, honba),
            )
    total = sum(p.amount for p in payments) + STICK * rules.sticks
    return Outcome(base, tier, payments, total, notices + cannot_occur(hand))
