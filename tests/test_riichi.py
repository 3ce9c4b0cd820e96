"""Riichi payments against the figures of SPEC §1.1, a published table and the `mahjong` package."""
import pathlib

import pytest
from mahjong.constants import EAST, SOUTH
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from mahjong.hand_calculating.scores import ScoresCalculator

from engine import calculate

DATA = pathlib.Path(__file__).parent / "data"


def riichi(**keys):
    return calculate({"rule": "riichi", **{k: str(v) for k, v in keys.items()}})


def amounts(result):
    return [p["amount"] for p in result["payments"]]


# (inputs, winner receives, payments in page order) — SPEC §1.1 "Facts to reproduce".
FACTS = [
    (dict(han=3, fu=30), 3900, [3900, 0, 0]),
    (dict(han=3, fu=30, win="tsumo"), 4000, [2000, 1000, 1000]),
    (dict(han=3, fu=30, seat="dealer"), 5800, [5800, 0, 0]),
    (dict(han=3, fu=30, seat="dealer", win="tsumo"), 6000, [2000, 2000, 2000]),
    (dict(han=1, fu=30), 1000, [1000, 0, 0]),
    (dict(han=1, fu=30, win="tsumo"), 1100, [500, 300, 300]),
    (dict(han=3, fu=20, win="tsumo"), 2700, [1300, 700, 700]),
    (dict(han=2, fu=25, win="tsumo"), 1600, [800, 400, 400]),
    (dict(han=3, fu=40), 5200, [5200, 0, 0]),
    (dict(han=4, fu=30), 7700, [7700, 0, 0]),
    (dict(han=4, fu=30, kiriage=1), 8000, [8000, 0, 0]),
    (dict(han=3, fu=60), 7700, [7700, 0, 0]),
    (dict(han=3, fu=60, kiriage=1), 8000, [8000, 0, 0]),
    (dict(han=4, fu=40), 8000, [8000, 0, 0]),
    (dict(han=4, fu=40, kiriage=1), 8000, [8000, 0, 0]),
    (dict(han=13, fu=30), 32000, [32000, 0, 0]),
    (dict(han=13, fu=30, kazoe=0), 24000, [24000, 0, 0]),
    (dict(han=13, fu=30, seat="dealer"), 48000, [48000, 0, 0]),
    (dict(han=13, fu=30, seat="dealer", kazoe=0), 36000, [36000, 0, 0]),
    (dict(han=3, fu=30, honba=2, sticks=1), 5500, [4500, 0, 0]),
    (dict(han=3, fu=30, honba=2, sticks=1, win="tsumo"), 5600, [2200, 1200, 1200]),
]


@pytest.mark.parametrize("keys,total,payments", FACTS)
def test_spec_facts(keys, total, payments):
    result = riichi(**keys)
    assert result["total"] == total
    assert amounts(result) == payments


@pytest.mark.parametrize("keys,base", [
    (dict(han=3, fu=30), 960), (dict(han=3, fu=20), 640), (dict(han=2, fu=25), 400),
    (dict(han=4, fu=40), 2000), (dict(han=6), 3000), (dict(han=13, kazoe=0), 6000),
])
def test_base_points(keys, base):
    assert riichi(**keys)["middle"] == base


@pytest.mark.parametrize("han,tier", [
    (1, "none"), (4, "none"), (5, "mangan"), (6, "haneman"), (7, "haneman"), (8, "baiman"),
    (10, "baiman"), (11, "sanbaiman"), (12, "sanbaiman"), (13, "kazoe"),
])
def test_tiers_by_han(han, tier):
    assert riichi(han=han, fu=30)["tier"] == tier


def test_mangan_below_5_han_says_why():
    capped = riichi(han=4, fu=40)
    assert (capped["tier"], capped["notices"]) == ("mangan", ["mangan_cap"])
    kiriage = riichi(han=4, fu=30, kiriage=1)
    assert (kiriage["tier"], kiriage["notices"]) == ("mangan", ["mangan_kiriage"])
    assert riichi(han=4, fu=30)["tier"] == "none"


def test_honba_parts():
    ron = riichi(han=3, fu=30, honba=2)
    assert [p["honba"] for p in ron["payments"]] == [600, 0, 0]
    tsumo = riichi(han=3, fu=30, honba=2, win="tsumo", seat="dealer")
    assert [(p["payer"], p["amount"], p["honba"]) for p in tsumo["payments"]] == [
        ("nondealer", 2200, 200)] * 3


def test_payer_names():
    assert [p["payer"] for p in riichi()["payments"]] == ["discarder", "other", "other"]
    tsumo = riichi(win="tsumo")
    assert [p["payer"] for p in tsumo["payments"]] == ["dealer", "nondealer", "nondealer"]


@pytest.mark.parametrize("keys,notice", [
    (dict(han=2, fu=20), "cannot_occur_ron_20fu"),
    (dict(han=1, fu=20, win="tsumo"), "cannot_occur_1han_20fu"),
    (dict(han=1, fu=25, win="tsumo"), "cannot_occur_1han_25fu"),
    (dict(han=2, fu=25, win="tsumo"), "cannot_occur_tsumo_2han_25fu"),  # chiitoitsu + tsumo: 3 han
    (dict(han=2, fu=25, win="tsumo", seat="dealer"), "cannot_occur_tsumo_2han_25fu"),
])
def test_cannot_occur_is_computed_with_a_notice(keys, notice):
    result = riichi(**keys)
    assert notice in result["notices"]
    assert result["total"] > 0


def test_possible_hands_carry_no_cannot_occur_notice():
    assert riichi(han=2, fu=20, win="tsumo")["notices"] == []
    assert riichi(han=2, fu=25)["notices"] == []
    assert riichi(han=3, fu=25, win="tsumo")["notices"] == []


def _published_rows():
    for line in (DATA / "fu_han_table.txt").read_text().splitlines():
        if line and not line.startswith("#"):
            yield tuple(int(x) for x in line.split())


@pytest.mark.parametrize("row", list(_published_rows()), ids=lambda r: f"{r[0]}fu{r[1]}han")
def test_fu_han_table_matches_published_table(row):
    fu, han, ron_nd, ron_d, tsumo_nd, nd_share, dealer_share, tsumo_d, each = row
    assert amounts(riichi(han=han, fu=fu)) == [ron_nd, 0, 0]
    assert amounts(riichi(han=han, fu=fu, seat="dealer")) == [ron_d, 0, 0]
    nondealer_tsumo = riichi(han=han, fu=fu, win="tsumo")
    assert amounts(nondealer_tsumo) == [dealer_share, nd_share, nd_share]
    assert nondealer_tsumo["total"] == tsumo_nd
    dealer_tsumo = riichi(han=han, fu=fu, win="tsumo", seat="dealer")
    assert amounts(dealer_tsumo) == [each] * 3
    assert dealer_tsumo["total"] == tsumo_d


def _mahjong_scores(han, fu, dealer, tsumo, kiriage=False, kazoe=True, honba=0, sticks=0):
    options = OptionalRules(kiriage=kiriage,
                            kazoe_limit=HandConfig.KAZOE_LIMITED if kazoe else HandConfig.KAZOE_SANBAIMAN)
    config = HandConfig(is_tsumo=tsumo, player_wind=EAST if dealer else SOUTH, options=options,
                        tsumi_number=honba, kyoutaku_number=sticks)
    return ScoresCalculator.calculate_scores(han=han, fu=fu, config=config)


CASES = [(han, fu, dealer, win, kiriage, kazoe)
         for han in range(1, 14) for fu in (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)
         for dealer in (False, True) for win in ("ron", "tsumo")
         for kiriage in (False, True) for kazoe in (False, True)]


@pytest.mark.parametrize("han,fu,dealer,win,kiriage,kazoe", CASES)
def test_every_cell_matches_the_mahjong_package(han, fu, dealer, win, kiriage, kazoe):
    theirs = _mahjong_scores(han, fu, dealer, win == "tsumo", kiriage, kazoe, honba=1, sticks=2)
    ours = riichi(han=han, fu=fu, seat="dealer" if dealer else "nondealer", win=win,
                  kiriage=int(kiriage), kazoe=int(kazoe), honba=1, sticks=2)
    assert ours["total"] == theirs["total"]
    paid = amounts(ours)
    if win == "ron":
        assert paid == [theirs["main"] + theirs["main_bonus"], 0, 0]
    elif dealer:
        assert paid == [theirs["main"] + theirs["main_bonus"]] * 3
    else:
        assert paid == [theirs["main"] + theirs["main_bonus"],
                        theirs["additional"] + theirs["additional_bonus"],
                        theirs["additional"] + theirs["additional_bonus"]]
