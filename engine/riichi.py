"""Riichi payments from han and fu: base points, limit tiers, honba and riichi sticks.

>>> payments = riichi_payments(Hand(han=3, fu=30, win="tsumo", dealer=False), TableRules())
>>> [p.amount for p in payments.payments], payments.total
([2000, 1000, 1000], 4000)
"""
from .compat import Record
from .payment import Payment

BASE_CAP = 2000  # below 5 han, base points stop at mangan
KIRIAGE_BASE = 1920  # exactly 4 han 30 fu and 3 han 60 fu
HONBA_RON = {4: 300, 3: 200}  # per honba, from the discarder, by the number of players
HONBA_TSUMO = 100  # per honba, from each payer
STICK = 1000
YAKUMAN_BASE = 8000  # one yakuman; a k-fold yakuman is k times this where `multi` is on

# Limit tiers from 5 han, fu ignored: (lowest han, tier, base points).
TIERS = (
    (13, "kazoe", 8000),
    (11, "sanbaiman", 6000),
    (8, "baiman", 4000),
    (6, "haneman", 3000),
    (5, "mangan", 2000),
)


class Hand(Record):
    """What happened at the table: ``win`` is ron | tsumo; ``yakuman`` 0 for a hand valued by han
    and fu, k >= 1 for a k-fold yakuman; the hand's counters, ``honba`` and the riichi
    ``sticks`` on the table (the hand's own, as the ``mahjong`` package keeps them in its
    HandConfig, not in its rules)."""

    FIELDS = ("han", "fu", "win", "dealer", "yakuman", "honba", "sticks")
    DEFAULTS = {"yakuman": 0, "honba": 0, "sticks": 0}


class TableRules(Record):
    """What the table agreed before the game. ``multi`` off: every yakuman multiple pays as a
    single yakuman (EMA 2016); ``players`` 4 or 3 (three-player: no North, two payers);
    ``tsumoloss``: in three-player, a tsumo is paid without the absent player's share."""

    FIELDS = ("kiriage", "kazoe", "multi", "players", "tsumoloss")
    DEFAULTS = {"kiriage": False, "kazoe": True, "multi": True, "players": 4, "tsumoloss": True}


class Outcome(Record):
    """The base points, the tier, the payments (a tuple of Payment), their total with the sticks,
    and the notices."""

    FIELDS = ("base", "tier", "payments", "total", "notices")


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


def yakuman_base(count, rules):
    """Base points and tier of a `count`-fold yakuman.

    >>> yakuman_base(2, TableRules())
    (16000, 'yakuman2', ())
    >>> yakuman_base(2, TableRules(multi=False))
    (8000, 'yakuman', ('yakuman_single',))
    """
    if count > 1 and not rules.multi:
        return YAKUMAN_BASE, "yakuman", ("yakuman_single",)
    return YAKUMAN_BASE * count, "yakuman" if count == 1 else f"yakuman{count}", ()


def cannot_occur(hand):
    """Notices for han/fu combinations no real hand produces (they are still computed)."""
    notices = []
    if hand.yakuman:
        return ()
    if hand.fu == 20 and hand.win == "ron":
        return ("cannot_occur_ron_20fu",)  # why 20 fu is no ron is enough: no second notice
    if hand.han == 1 and hand.fu in (20, 25):
        notices.append(f"cannot_occur_1han_{hand.fu}fu")
    if hand.han == 2 and hand.fu == 25 and hand.win == "tsumo":
        notices.append("cannot_occur_tsumo_2han_25fu")  # seven pairs + menzen tsumo: 3 han at least
    return tuple(notices)


def _tsumo_shares(base, dealer, rules):
    """What each payer owes for a tsumo before honba, payers in page order.

    Four players: dealer 2×base and two non-dealers 1×base, or three payers at 2×base for a
    dealer's tsumo. Three players drop the North's share; without tsumo loss each of the two
    payers also pays half of that share, the half rounded up on its own.
    """
    if dealer:
        shares = [("nondealer", round_up_100(2 * base))] * 3
    else:
        shares = [("dealer", round_up_100(2 * base)), ("nondealer", round_up_100(base)),
                  ("nondealer", round_up_100(base))]
    if rules.players == 3:
        (_payer, absent), shares = shares[-1], shares[:-1]
        if not rules.tsumoloss:
            half = round_up_100(absent // 2)  # shares are whole hundreds: the half is exact
            shares = [(payer, amount + half) for payer, amount in shares]
    return shares


def riichi_payments(hand, rules):
    if hand.yakuman:
        base, tier, notices = yakuman_base(hand.yakuman, rules)
    else:
        base, tier, notices = base_points(hand.han, hand.fu, rules)
    if hand.win == "ron":
        multiple = 6 if hand.dealer else 4
        honba = HONBA_RON[rules.players] * hand.honba
        others = (Payment("other", 0, 0),) * (rules.players - 2)
        payments = (Payment("discarder", round_up_100(multiple * base) + honba, honba),) + others
    else:
        honba = HONBA_TSUMO * hand.honba
        payments = tuple(Payment(payer, amount + honba, honba)
                         for payer, amount in _tsumo_shares(base, hand.dealer, rules))
    total = sum(p.amount for p in payments) + STICK * hand.sticks
    return Outcome(base, tier, payments, total, notices + cannot_occur(hand))
