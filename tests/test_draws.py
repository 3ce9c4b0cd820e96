"""Exhaustive draws and nagashi mangan (SPEC §1.8), the draws table, and nagashi against `mahjong`."""
import pytest
from hypothesis import given
from hypothesis import strategies as st
from mahjong.constants import EAST, SOUTH
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from mahjong.hand_calculating.scores import ScoresCalculator

from engine import tables
from engine.draws import draw_deltas, nagashi_deltas, nagashi_payments, tenpai_payments

# SPEC §1.8: (players, tenpai players, each tenpai receives, each noten pays).
TENPAI = [
    (4, 0, 0, 0), (4, 1, 3000, 1000), (4, 2, 1500, 1500), (4, 3, 1000, 3000), (4, 4, 0, 0),
    (3, 0, 0, 0), (3, 1, 2000, 1000), (3, 2, 1000, 2000), (3, 3, 0, 0),
]


@pytest.mark.parametrize("players,tenpai,receive,pay", TENPAI)
def test_tenpai_payments(players, tenpai, receive, pay):
    assert tenpai_payments(tenpai, players) == (receive, pay)
    deltas = draw_deltas(range(tenpai), players)
    assert deltas == [receive] * tenpai + [-pay] * (players - tenpai)


@pytest.mark.parametrize("players,tenpai,receive,pay", TENPAI)
def test_the_draws_table_is_the_same(players, tenpai, receive, pay):
    row = next(r for r in tables.draw_rows() if (r["players"], r["tenpai"]) == (players, tenpai))
    assert (row["receive"], row["pay"], row["noten"]) == (receive, pay, players - tenpai)


def test_the_draws_table_has_nine_rows():
    assert [(r["players"], r["tenpai"]) for r in tables.draw_rows()] == [
        (players, tenpai) for players, tenpai, _, _ in TENPAI]


@pytest.mark.parametrize("call", [
    lambda: tenpai_payments(5), lambda: tenpai_payments(-1), lambda: tenpai_payments(4, players=3),
    lambda: tenpai_payments(1, players=5), lambda: draw_deltas([4]), lambda: draw_deltas([3], 3),
    lambda: nagashi_deltas([0], dealer=4), lambda: nagashi_deltas([5], dealer=0),
])
def test_bad_seats_and_counts_are_refused(call):
    with pytest.raises(ValueError):
        call()


# Nagashi mangan: paid as a mangan tsumo, no honba (SPEC §1.8); several are each paid.
NAGASHI = [
    # (nagashi seats, dealer seat, players, tsumoloss, deltas)
    ([1], 0, 4, True, [-4000, 8000, -2000, -2000]),
    ([0], 0, 4, True, [12000, -4000, -4000, -4000]),
    ([1, 3], 0, 4, True, [-8000, 6000, -4000, 6000]),
    ([0, 2], 0, 4, True, [8000, -6000, 4000, -6000]),
    ([0, 1, 2, 3], 2, 4, True, [0, 0, 0, 0]),
    ([1], 0, 3, True, [-4000, 6000, -2000]),
    ([1], 0, 3, False, [-5000, 8000, -3000]),
    ([0], 0, 3, True, [8000, -4000, -4000]),
    ([0], 0, 3, False, [12000, -6000, -6000]),
    ([0, 2], 1, 3, True, [4000, -8000, 4000]),
]


@pytest.mark.parametrize("seats,dealer,players,tsumoloss,deltas", NAGASHI)
def test_nagashi_deltas(seats, dealer, players, tsumoloss, deltas):
    assert nagashi_deltas(seats, dealer, players, tsumoloss) == deltas


@pytest.mark.parametrize("dealer", [False, True])
@pytest.mark.parametrize("players", [4, 3])
def test_nagashi_is_a_mangan_tsumo_in_the_mahjong_package(dealer, players):
    options = OptionalRules(is_three_player=players == 3)
    config = HandConfig(is_tsumo=True, is_nagashi_mangan=True, options=options,
                        player_wind=EAST if dealer else SOUTH)
    ref = ScoresCalculator.calculate_scores(han=5, fu=30, config=config)
    assert ref["yaku_level"] == "nagashi mangan"
    paid = [amount for _payer, amount in nagashi_payments(dealer, players)]
    assert sum(paid) == ref["total"]
    assert paid[0] == ref["main"] and all(p == ref["additional"] for p in paid[1:])


@given(st.sampled_from([4, 3]), st.data())
def test_a_draw_moves_points_and_creates_none(players, data):
    tenpai = data.draw(st.sets(st.integers(0, players - 1)))
    nagashi = data.draw(st.sets(st.integers(0, players - 1)))
    dealer = data.draw(st.integers(0, players - 1))
    loss = data.draw(st.booleans())
    assert sum(draw_deltas(tenpai, players)) == 0
    deltas = nagashi_deltas(nagashi, dealer, players, loss)
    assert sum(deltas) == 0
    assert all(delta > 0 for seat, delta in enumerate(deltas) if seat in nagashi) or len(nagashi) > 1
