"""The reference tables under the calculator, as data built by calling the rules.

>>> rows = fu_han_rows()
>>> len(rows), rows[10]["ron_nondealer"], rows[10]["tsumo_nondealer"]
(44, 3900, {'total': 4000, 'nondealer': 1000, 'dealer': 2000})
"""
from fractions import Fraction

from . import calculate, exact
from .hongkong import FULL_SPICY, HALF_SPICY, HkRules, hk_payments
from .keys import FU_VALUES, RULES
from .riichi import TIERS

FU_HAN_HANS = (1, 2, 3, 4)
NMJL_VALUES = (25, 30, 35, 40, 45, 50)
MCR_POINTS = (8, 12, 16, 24, 32, 48, 64, 88)
# The lowest han of each limit tier, mangan first; drawn with kazoe on.
LIMIT_HANS = tuple(sorted(lowest for lowest, _tier, _base in TIERS))
LIMIT_HAN_LABELS = ("5", "6–7", "8–10", "11–12", "13+")


def _amounts(mapping):
    return [p["amount"] for p in calculate(mapping)["payments"]]


def _riichi_cells(han, fu):
    """Ron and tsumo for both seats; tsumo shares listed non-dealer, non-dealer, dealer."""
    common = {"rule": "riichi", "han": str(han), "fu": str(fu), "kiriage": "0", "kazoe": "1"}
    ron_nd = _amounts({**common, "win": "ron", "seat": "nondealer"})[0]
    ron_d = _amounts({**common, "win": "ron", "seat": "dealer"})[0]
    dealer_share, nd_share, _ = _amounts({**common, "win": "tsumo", "seat": "nondealer"})
    each = _amounts({**common, "win": "tsumo", "seat": "dealer"})[0]
    return {
        "ron_nondealer": ron_nd,
        "ron_dealer": ron_d,
        "tsumo_nondealer": {"total": 2 * nd_share + dealer_share, "nondealer": nd_share,
                            "dealer": dealer_share},
        "tsumo_dealer": {"total": 3 * each, "each": each},
    }


def fu_han_rows():
    """44 rows, fu 20–110 by han 1–4, always without kiriage."""
    return [{"fu": fu, "han": han, **_riichi_cells(han, fu)}
            for fu in FU_VALUES for han in FU_HAN_HANS]


def limit_rows():
    """Mangan and above: 5 rows, always with kazoe on."""
    rows = []
    for han, label in zip(LIMIT_HANS, LIMIT_HAN_LABELS):
        tier = calculate({"rule": "riichi", "han": str(han)})["tier"]
        rows.append({"tier": tier, "han": label, **_riichi_cells(han, 30)})
    return rows


def hk_rows(table="half", cap=10, ron_split="discarder", tsumo_split="half", unit=Fraction(1)):
    """Fan 0–13: the two fixed tables, then tsumo-each and ron payments under the given settings."""
    rules = HkRules(table, int(cap), ron_split, tsumo_split, Fraction(unit))
    rows = []
    for fan in range(14):
        tsumo = hk_payments(fan, "tsumo", rules)
        ron = hk_payments(fan, "ron", rules)
        rows.append({"fan": fan, "full": FULL_SPICY[fan], "half": HALF_SPICY[fan],
                     "tsumo_each": exact(tsumo.payments[0].amount),
                     "ron": [exact(p.amount) for p in ron.payments]})
    return rows


def nmjl_rows():
    """What the winner receives at common card values, with and without the jokerless double."""
    rows = []
    for value in NMJL_VALUES:
        cells = {}
        for win in ("ron", "tsumo"):
            for jokerless, suffix in (("0", ""), ("1", "_jokerless")):
                mapping = {"rule": "nmjl", "value": str(value), "win": win, "jokerless": jokerless}
                cells[win + suffix] = calculate(mapping)["total"]
        rows.append({"value": value, **cells})
    return rows


def mcr_rows():
    rows = []
    for points in MCR_POINTS:
        ron = calculate({"rule": "mcr", "points": str(points), "win": "ron"})
        tsumo = calculate({"rule": "mcr", "points": str(points), "win": "tsumo"})
        rows.append({"points": points, "discarder": ron["payments"][0]["amount"],
                     "other": ron["payments"][1]["amount"], "ron_total": ron["total"],
                     "tsumo_each": tsumo["payments"][0]["amount"], "tsumo_total": tsumo["total"]})
    return rows


def rule_rows():
    """The 'which rule is yours' table: one row per rule; its words live in the strings files."""
    return [{"rule": rule} for rule in RULES]
