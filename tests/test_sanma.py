"""Three-player riichi (SPEC §1.7): the stated facts, the `mahjong` package, properties, bad input.

mahjong 2.1.0 knows three-player through `OptionalRules(is_three_player=True)` (the brief's
`is_sanma`): in `ScoresCalculator` it changes the ron honba to 200 per counter and counts one
`additional` payer instead of two in the total. That is exactly three-player with tsumo loss;
it has no setting for the no-tsumo-loss split, which is checked here against SPEC §1.7's figures.
"""
import pytest
from hypothesis import given
from hypothesis import strategies as st
from mahjong.constants import EAST, SOUTH
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from mahjong.hand_calculating.scores import ScoresCalculator

from engine import calculate
from engine.keys import FU_VALUES

from .test_yakuman import amounts, via_cli, via_engine


@pytest.fixture(params=[via_engine, via_cli], ids=["engine", "cli"])
def run(request):
    return lambda **keys: request.param({k: str(v) for k, v in keys.items()})


# SPEC §1.7 facts: (inputs, winner receives, payments in page order, payers).
FACTS = [
    (dict(han=5, win="tsumo"), 6000, [4000, 2000], ["dealer", "nondealer"]),
    (dict(han=5, win="tsumo", tsumoloss=0), 8000, [5000, 3000], ["dealer", "nondealer"]),
    (dict(han=5, win="tsumo", seat="dealer"), 8000, [4000, 4000], ["nondealer", "nondealer"]),
    (dict(han=5, win="tsumo", seat="dealer", tsumoloss=0), 12000, [6000, 6000],
     ["nondealer", "nondealer"]),
    (dict(han=1, fu=30, win="tsumo", tsumoloss=0), 1200, [700, 500], ["dealer", "nondealer"]),
    (dict(yakuman=1, win="tsumo"), 24000, [16000, 8000], ["dealer", "nondealer"]),
    (dict(han=3, fu=30, honba=2), 4300, [4300, 0], ["discarder", "other"]),
    # ron is paid as in four-player
    (dict(han=3, fu=30), 3900, [3900, 0], ["discarder", "other"]),
    (dict(han=5, seat="dealer"), 12000, [12000, 0], ["discarder", "other"]),
    # honba 100 per counter from each of the two payers on tsumo; sticks 1,000 each
    (dict(han=5, win="tsumo", honba=3, sticks=2), 8600, [4300, 2300], ["dealer", "nondealer"]),
]


@pytest.mark.parametrize("keys,total,payments,payers", FACTS)
def test_spec_facts(run, keys, total, payments, payers):
    result = run(players=3, **keys)
    assert (result["total"], amounts(result)) == (total, payments)
    assert [p["payer"] for p in result["payments"]] == payers


def test_tsumoloss_counts_only_in_three_player(run):
    assert run(han=5, win="tsumo", tsumoloss=0) == run(han=5, win="tsumo")
    assert run(han=5, win="tsumo", tsumoloss=2) == run(han=5, win="tsumo")  # ignored, not an error
    assert amounts(run(han=5, win="tsumo")) == [4000, 2000, 2000]


BAD = [
    (dict(players=5), "players", "unknown_choice"),
    (dict(players=2), "players", "unknown_choice"),
    (dict(players="three"), "players", "unknown_choice"),
    (dict(players=3, tsumoloss=2), "tsumoloss", "unknown_choice"),
    (dict(players=3, tsumoloss="yes"), "tsumoloss", "unknown_choice"),
]


@pytest.mark.parametrize("keys,field,code", BAD)
def test_bad_input(run, keys, field, code):
    error = run(**keys)["error"]
    assert (error["field"], error["code"]) == (field, code)


def test_other_rules_ignore_players(run):
    assert run(rule="hk", players=3) == run(rule="hk")
    assert run(rule="mcr", players=5) == run(rule="mcr")


# ---------------------------------------------------------------- against the mahjong package

def theirs(han, fu, dealer, tsumo, honba, sticks, yakuman=False):
    options = OptionalRules(is_three_player=True)
    config = HandConfig(is_tsumo=tsumo, player_wind=EAST if dealer else SOUTH, options=options,
                        tsumi_number=honba, kyoutaku_number=sticks)
    return ScoresCalculator.calculate_scores(han=han, fu=fu, config=config, is_yakuman=yakuman)


def check_against(ours, ref, win, dealer):
    assert ours["total"] == ref["total"]
    main, other = ref["main"] + ref["main_bonus"], ref["additional"] + ref["additional_bonus"]
    if win == "ron":
        assert amounts(ours) == [main, 0]
    elif dealer:
        assert amounts(ours) == [main, main]
    else:
        assert amounts(ours) == [main, other]


CELLS = [(han, fu, dealer, win) for han in range(1, 14) for fu in FU_VALUES
         for dealer in (False, True) for win in ("ron", "tsumo")]


@pytest.mark.parametrize("han,fu,dealer,win", CELLS)
def test_every_cell_matches_the_mahjong_package(han, fu, dealer, win):
    ref = theirs(han, fu, dealer, win == "tsumo", honba=1, sticks=1)
    ours = via_engine(dict(players="3", han=str(han), fu=str(fu), win=win, honba="1", sticks="1",
                           seat="dealer" if dealer else "nondealer"))
    check_against(ours, ref, win, dealer)


@pytest.mark.parametrize("count", range(1, 7))
@pytest.mark.parametrize("dealer", [False, True])
@pytest.mark.parametrize("win", ["ron", "tsumo"])
@pytest.mark.parametrize("honba", range(4))
@pytest.mark.parametrize("sticks", range(3))
def test_yakuman_matches_the_mahjong_package(count, dealer, win, honba, sticks):
    ref = theirs(13 * count, 0, dealer, win == "tsumo", honba, sticks, yakuman=True)
    ours = via_engine(dict(players="3", yakuman=str(count), win=win, honba=str(honba),
                           sticks=str(sticks), seat="dealer" if dealer else "nondealer"))
    check_against(ours, ref, win, dealer)


# ---------------------------------------------------------------- properties

hands = st.one_of(
    st.fixed_dictionaries({"han": st.integers(1, 13).map(str),
                           "fu": st.sampled_from(FU_VALUES).map(str)}),
    st.fixed_dictionaries({"yakuman": st.integers(1, 6).map(str)}),
)
situations = st.fixed_dictionaries({
    "win": st.sampled_from(["ron", "tsumo"]),
    "seat": st.sampled_from(["dealer", "nondealer"]),
    "honba": st.integers(0, 99).map(str),
    "sticks": st.integers(0, 99).map(str),
    "kiriage": st.sampled_from(["0", "1"]),
    "multi": st.sampled_from(["0", "1"]),
    "tsumoloss": st.sampled_from(["0", "1"]),
})


def three(hand, situation, **more):
    return calculate({"rule": "riichi", "players": "3", **hand, **situation, **more})


@given(hands, situations)
def test_total_is_payments_plus_sticks(hand, situation):
    result = three(hand, situation)
    assert len(result["payments"]) == 2
    assert result["total"] == sum(amounts(result)) + 1000 * int(situation["sticks"])
    assert all(amount % 100 == 0 for amount in amounts(result))


@given(hands, situations)
def test_without_tsumo_loss_each_payer_pays_at_least_as_much(hand, situation):
    loss = three(hand, situation, tsumoloss="1")
    shared = three(hand, situation, tsumoloss="0")
    assert all(a >= b for a, b in zip(amounts(shared), amounts(loss), strict=True))
    if situation["win"] == "ron":
        assert shared == loss


@given(hands, situations)
def test_tsumo_loss_pays_four_player_shares_minus_the_north(hand, situation):
    four = calculate({"rule": "riichi", **hand, **situation})
    loss = three(hand, situation, tsumoloss="1")
    if situation["win"] == "tsumo":
        assert amounts(loss) == amounts(four)[:2]
    else:  # ron: the same amount, honba 200 instead of 300 per counter
        honba = int(situation["honba"])
        assert amounts(loss)[0] == amounts(four)[0] - 100 * honba
