"""The reference tables under the calculator, as data built by calling the rules.

>>> rows = fu_han_rows()
>>> len(rows), rows[10]["ron_nondealer"], rows[10]["tsumo_nondealer"]
(44, 3900, {'total': 4000, 'nondealer': 1000, 'dealer': 2000})
"""
from . import calculate
from .draws import DRAW_POOL, tenpai_payments
from .hongkong import FULL_SPICY, HALF_SPICY, ONE_POINT, HkRules, hk_payments, number
from .keys import FU_VALUES, RULES
from .riichi import TIERS

FU_HAN_HANS = (1, 2, 3, 4)
NMJL_VALUES = (25, 30, 35, 40, 45, 50)
MCR_POINTS = (8, 12, 16, 24, 32, 48, 64, 88)
# The lowest han of each limit tier, mangan first; drawn with kazoe on. The page names each
# tier's han range in its own language (strings: table.limits.han_range, by tier).
LIMIT_HANS = tuple(sorted(lowest for lowest, _tier, _base in TIERS))
LIMIT_YAKUMAN = (1, 2)  # the yakuman rows under the han tiers: single and double


def _amounts(mapping):
    return [p["amount"] for p in calculate(mapping)["payments"]]


def occurs(han, fu):
    """Whether a real hand of `han` and `fu` can be won by ron and by tsumo: the engine's own
    notices (engine.riichi.cannot_occur) say which it cannot; the tables print those cells as —.

    >>> [(hand, occurs(*hand)) for hand in ((1, 20), (2, 20), (2, 25))]  # doctest: +NORMALIZE_WHITESPACE
    [((1, 20), {'ron': False, 'tsumo': False}), ((2, 20), {'ron': False, 'tsumo': True}),
     ((2, 25), {'ron': True, 'tsumo': False})]
    >>> occurs(3, 25), occurs(1, 30)
    ({'ron': True, 'tsumo': True}, {'ron': True, 'tsumo': True})
    """
    common = {"rule": "riichi", "han": str(han), "fu": str(fu)}
    return {win: not any(notice.startswith("cannot_occur")
                         for notice in calculate(dict(common, win=win))["notices"])
            for win in ("ron", "tsumo")}


def _riichi_cells(han, fu, yakuman=0):
    """Ron and tsumo for both seats; tsumo shares listed non-dealer, non-dealer, dealer."""
    common = {"rule": "riichi", "han": str(han), "fu": str(fu), "kiriage": "0", "kazoe": "1",
              "yakuman": str(yakuman)}
    ron_nd = _amounts(dict(common, win="ron", seat="nondealer"))[0]
    ron_d = _amounts(dict(common, win="ron", seat="dealer"))[0]
    dealer_share, nd_share, _ = _amounts(dict(common, win="tsumo", seat="nondealer"))
    each = _amounts(dict(common, win="tsumo", seat="dealer"))[0]
    return {
        "ron_nondealer": ron_nd,
        "ron_dealer": ron_d,
        "tsumo_nondealer": {"total": 2 * nd_share + dealer_share, "nondealer": nd_share,
                            "dealer": dealer_share},
        "tsumo_dealer": {"total": 3 * each, "each": each},
    }


def fu_han_rows():
    """44 rows, fu 20–110 by han 1–4, always without kiriage; `occurs` says which cells a real
    hand can reach (the others are still computed, and printed as —)."""
    rows = []
    for fu in FU_VALUES:
        for han in FU_HAN_HANS:
            row = {"fu": fu, "han": han, "occurs": occurs(han, fu)}
            row.update(_riichi_cells(han, fu))
            rows.append(row)
    return rows


def _three_player_tsumo(common):
    """Three-player tsumo cells for both tsumo rules: ``loss`` (the absent North's share is not
    paid) and ``noloss`` (the two payers split it); every share is what one payer hands over."""
    cells = {"tsumo_nondealer": {}, "tsumo_dealer": {}}
    for name, loss in (("loss", "1"), ("noloss", "0")):
        tsumo = dict(common, players="3", win="tsumo", tsumoloss=loss)
        dealer_share, nd_share = _amounts(dict(tsumo, seat="nondealer"))
        each, _ = _amounts(dict(tsumo, seat="dealer"))
        cells["tsumo_nondealer"][name] = {"total": dealer_share + nd_share, "dealer": dealer_share,
                                          "nondealer": nd_share}
        cells["tsumo_dealer"][name] = {"total": 2 * each, "each": each}
    return cells


def fu_han_rows_3p():
    """The same 44 cells for three-player riichi: ron as in four-player, tsumo for both tsumo rules.

    >>> row = fu_han_rows_3p()[10]  # 30 fu 3 han
    >>> row["tsumo_nondealer"]["loss"], row["tsumo_nondealer"]["noloss"]
    ({'total': 3000, 'dealer': 2000, 'nondealer': 1000}, {'total': 4000, 'dealer': 2500, 'nondealer': 1500})
    """
    rows = []
    for fu in FU_VALUES:
        for han in FU_HAN_HANS:
            common = {"rule": "riichi", "players": "3", "han": str(han), "fu": str(fu),
                      "kiriage": "0", "kazoe": "1"}
            row = {"fu": fu, "han": han, "occurs": occurs(han, fu),
                   "ron_nondealer": _amounts(dict(common, seat="nondealer"))[0],
                   "ron_dealer": _amounts(dict(common, seat="dealer"))[0]}
            row.update(_three_player_tsumo(common))
            rows.append(row)
    return rows


def limit_rows():
    """Mangan and above, always with kazoe on: 5 han tiers, then single and double yakuman; each
    row also carries its three-player tsumo cells under ``three``, and ``han`` the tier's lowest
    han (0 for a yakuman, whatever its han).

    >>> [(row["tier"], row["han"]) for row in limit_rows()[:5]]
    [('mangan', 5), ('haneman', 6), ('baiman', 8), ('sanbaiman', 11), ('kazoe', 13)]
    >>> [(row["tier"], row["han"], row["ron_nondealer"]) for row in limit_rows()[-2:]]
    [('yakuman', 0, 32000), ('yakuman2', 0, 64000)]
    >>> limit_rows()[0]["three"]["tsumo_nondealer"]["loss"]
    {'total': 6000, 'dealer': 4000, 'nondealer': 2000}
    """
    hands = [({"han": str(han)}, han) for han in LIMIT_HANS]
    hands += [({"yakuman": str(count)}, 0) for count in LIMIT_YAKUMAN]
    rows = []
    for hand, lowest in hands:
        common = dict({"rule": "riichi", "kiriage": "0", "kazoe": "1"}, **hand)
        row = {"tier": calculate(common)["tier"], "han": lowest}
        row.update(_riichi_cells(hand.get("han", 13), 30, int(hand.get("yakuman", 0))))
        row["three"] = _three_player_tsumo(common)
        rows.append(row)
    return rows


def draw_rows():
    """Exhaustive-draw payments by the number of tenpai players, four-player then three-player.

    >>> [(r["players"], r["tenpai"], r["receive"], r["pay"]) for r in draw_rows()][:3]
    [(4, 0, 0, 0), (4, 1, 3000, 1000), (4, 2, 1500, 1500)]
    """
    rows = []
    for players in sorted(DRAW_POOL, reverse=True):  # four-player first
        for tenpai in range(players + 1):
            receive, pay = tenpai_payments(tenpai, players)
            rows.append({"players": players, "tenpai": tenpai, "noten": players - tenpai,
                         "receive": receive, "pay": pay})
    return rows


def hk_rows(table="half", cap=10, ron_split="discarder", tsumo_split="half", unit=ONE_POINT):
    """Fan 0–13: the two fixed tables, then tsumo-each and ron payments under the given settings
    (`unit` as ``query.parse`` gives it: in 1/ONE_POINT of a point), amounts as JSON numbers."""
    rules = HkRules(table, int(cap), ron_split, tsumo_split, int(unit))
    rows = []
    for fan in range(14):
        tsumo = hk_payments(fan, "tsumo", rules)
        ron = hk_payments(fan, "ron", rules)
        rows.append({"fan": fan, "full": FULL_SPICY[fan], "half": HALF_SPICY[fan],
                     "tsumo_each": number(tsumo.payments[0].amount),
                     "ron": [number(p.amount) for p in ron.payments]})
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
        row = {"value": value}
        row.update(cells)
        rows.append(row)
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
