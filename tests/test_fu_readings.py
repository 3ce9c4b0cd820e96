"""Fu counting against the independent `mahjong` package, on real 14-tile hands (SPEC §1.2).

Every reading of a hand that the fu-counting controls can express (four melds, a pair, a wait, ron
or tsumo, closed or open) is built into real tiles; mahjong's HandDivider must find that reading
among the hand's divisions, and mahjong's FuCalculator must count the same fu as our engine. The
readings our engine refuses as impossible are checked too: each one really has no such hand.
"""
import itertools

import pytest
from mahjong.agari import Agari
from mahjong.constants import EAST, SOUTH
from mahjong.hand_calculating.divider import HandDivider
from mahjong.hand_calculating.fu import FuCalculator
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from mahjong.meld import Meld
from mahjong.tile import TilesConverter

from engine import InputError, calculate
from engine.keys import MELDS, PAIRS, WAITS

# Tiles in mahjong's 34-format: 0-8 man, 9-17 pin, 18-26 sou, 27-30 winds E S W N, 31-33 dragons.
WIN_SEQUENCE = {"ryanmen": ((2, 3, 4), 2), "kanchan": ((2, 3, 4), 3), "penchan": ((0, 1, 2), 2)}
OTHER_SEQUENCES = [(10, 11, 12), (19, 20, 21), (14, 15, 16), (23, 24, 25)]
SIMPLE_SETS = [5, 7, 13, 22]  # 6m 8m 5p 5s
TERMINAL_SETS = [8, 17, 26, 33]  # 9m 9p 9s red dragon
# The seat is South in an East round, except for the double wind (East seat, East round).
PAIR_TILE = {"other": 9, "dragon": 31, "seat": SOUTH, "round": EAST, "double": EAST}
OPTIONS = OptionalRules(fu_for_open_pinfu=True, fu_for_pinfu_tsumo=False)


def build(melds, pair, wait, win, closed):
    """Real tiles for one reading of our parts, or None when no real hand reads this way.

    Returns (hand, win_tile_34, win_group, called melds, player wind).
    """
    simple, terminal, others = iter(SIMPLE_SETS), iter(TERMINAL_SETS), iter(OTHER_SEQUENCES)
    groups, called, win_group = [], [], None
    # the group the winning tile completed, chosen among the melds as the wait and win allow
    if wait in WIN_SEQUENCE:
        win_index = melds.index("seq") if "seq" in melds else None
    elif wait == "shanpon":  # on ron the completed triplet counts open, on tsumo closed
        kind = "open-" if win == "ron" else "closed-"
        win_index = next((i for i, m in enumerate(melds) if m.startswith(kind)), None)
    else:
        win_index = -1  # tanki: the pair
    if win_index is None:
        return None
    for i, meld in enumerate(melds):
        if meld == "seq":
            group = WIN_SEQUENCE[wait][0] if i == win_index else next(others)
        else:
            tile = next(terminal if meld.endswith("terminal") else simple)
            group = (tile,) * (4 if "kan-" in meld else 3)
        groups.append(group)
        # a called meld, unless it is the triplet a ron completed in a closed hand
        if meld.startswith("openkan-"):
            called.append(Meld(Meld.KAN, [group[0] * 4 + k for k in range(4)], opened=True))
        elif meld.startswith("closedkan-"):
            called.append(Meld(Meld.KAN, [group[0] * 4 + k for k in range(4)], opened=False))
        elif meld.startswith("open-") and not (closed and i == win_index):
            called.append(Meld(Meld.PON, [group[0] * 4 + k for k in range(3)], opened=True))
    pair_group = (PAIR_TILE[pair],) * 2
    if win_index == -1:
        win_group, win_tile = pair_group, PAIR_TILE[pair]
    elif wait in WIN_SEQUENCE:
        win_group, win_tile = groups[win_index], WIN_SEQUENCE[wait][1]
    else:
        win_group, win_tile = groups[win_index], groups[win_index][0]
    if not closed and not any(m.opened for m in called):
        # an open hand called something: a chi of a sequence other than the winning one
        chi = next((i for i, m in enumerate(melds) if m == "seq" and i != win_index), None)
        if chi is None:
            return None
        called.append(Meld(Meld.CHI, [t * 4 for t in groups[chi]], opened=True))
    wind = EAST if pair == "double" else SOUTH
    hand = [list(g) for g in groups] + [list(pair_group)]
    return hand, win_tile, list(win_group), called, wind


def theirs(hand, win_tile, win_group, called, wind, win):
    """mahjong's fu for this reading, after checking that the tiles are a complete hand that
    mahjong's own divider reads this way."""
    tiles_34 = [0] * 34
    for group in hand:
        for tile in group:
            tiles_34[tile] += 1
    assert Agari.is_agari(tiles_34, [m.tiles_34 for m in called])
    divisions = [sorted(d) for d in HandDivider.divide_hand(tiles_34, called)]
    assert sorted(hand) in divisions
    config = HandConfig(is_tsumo=win == "tsumo", player_wind=wind, round_wind=EAST, options=OPTIONS)
    valued = [31, 32, 33, wind, EAST]  # the dragons, the seat wind, the round wind
    _details, fu = FuCalculator.calculate_fu(hand, win_tile * 4, win_group, config, valued, called)
    return fu


def ours(melds, pair, wait, win, closed):
    keys = dict(zip(("m1", "m2", "m3", "m4"), melds), pair=pair, wait=wait, win=win,
                menzen="1" if closed else "0", dwind4="1", fumode="count", rule="riichi")
    return calculate(keys)["fu"]


def readings():
    """Every reading our controls can express, melds in any order counted once."""
    for melds in itertools.combinations_with_replacement(MELDS, 4):
        for pair, wait, win, closed in itertools.product(PAIRS, WAITS, ("ron", "tsumo"), (True, False)):
            yield melds, pair, wait, win, closed


READINGS = list(readings())


def test_every_reading_of_a_real_hand_agrees_with_the_mahjong_package():
    compared = refused = 0
    mismatches = []
    for melds, pair, wait, win, closed in READINGS:
        built = build(melds, pair, wait, win, closed)
        try:
            fu = ours(melds, pair, wait, win, closed)
        except InputError:
            refused += 1
            # a hand we refuse: the builder, which knows nothing of our rules, finds no real hand
            # either, or it is one of the readings the page forbids by a rule of the game
            # (a called kan or an open triplet in a closed hand)
            assert built is None or (closed and any(m.startswith(("openkan-", "open-")) for m in melds))
            continue
        if built is None:
            continue  # accepted by the page, but no real hand reads this way (see build)
        expected = theirs(*built, win)
        compared += 1
        if fu != expected:
            mismatches.append((melds, pair, wait, win, closed, fu, expected))
    assert mismatches == []
    assert compared > 10_000 and refused > 1_000


@pytest.mark.parametrize("shape", ["standard", "pinfu"])
def test_pinfu_tsumo_is_20_fu_and_2700_whatever_the_shape_says(shape):
    result = calculate({"fumode": "count", "win": "tsumo", "shape": shape})
    assert result["fu"] == 20
    assert [p["amount"] for p in result["payments"]] == [1300, 700, 700]
    assert result["total"] == 2700
    assert result["fu_breakdown"][1] == {"row": "win", "item": "tsumo_pinfu", "fu": 0}
    ron = calculate({"fumode": "count", "shape": shape})
    assert ron["fu"] == 30 and ron["fu_breakdown"][1]["item"] == "ron_closed"


def test_the_mahjong_package_scores_a_riichi_tsumo_pinfu_hand_as_the_page_does():
    # 123m 456p 789s 345s 55p, riichi, won on 3s drawn from 45s: riichi, menzen tsumo, pinfu
    tiles = TilesConverter.string_to_136_array(man="123", pin="45655", sou="789345")
    win_tile = TilesConverter.string_to_136_array(sou="3")[0]
    config = HandConfig(is_tsumo=True, is_riichi=True, player_wind=SOUTH, round_wind=EAST,
                        options=OPTIONS)
    response = HandCalculator.estimate_hand_value(tiles, win_tile, config=config)
    assert (response.han, response.fu) == (3, 20)
    page = calculate({"fumode": "count", "win": "tsumo", "han": str(response.han)})
    assert page["fu"] == response.fu
    assert page["payments"][0]["amount"] == response.cost["main"]
    assert page["payments"][1]["amount"] == response.cost["additional"]


def test_the_weakest_chiitoitsu_tsumo_is_3_han_25_fu_by_the_mahjong_package():
    # seven pairs with terminals and two suits only (no tanyao, no honitsu), no riichi, no dora
    tiles = TilesConverter.string_to_136_array(man="11335577", pin="224499")
    win_tile = TilesConverter.string_to_136_array(pin="9")[0]
    config = HandConfig(is_tsumo=True, player_wind=SOUTH, round_wind=EAST, options=OPTIONS)
    response = HandCalculator.estimate_hand_value(tiles, win_tile, config=config)
    assert (response.han, response.fu) == (3, 25)
    page = calculate({"han": "3", "fu": "25", "win": "tsumo"})
    assert page["total"] == response.cost["total"] == 3200
    assert [p["amount"] for p in page["payments"]] == [1600, 800, 800]
    assert not any(code.startswith("cannot_occur") for code in page["notices"])
    two = calculate({"han": "2", "fu": "25", "win": "tsumo"})
    assert "cannot_occur_tsumo_2han_25fu" in two["notices"] and two["total"] == 1600


def count(**keys):
    return calculate({"fumode": "count", **keys})


# (parts, field, code): a hand the controls can describe but no game produces
IMPOSSIBLE = [
    (dict(m1="openkan-simple"), "m1", "openkan_closed"),
    (dict(m3="openkan-terminal", wait="shanpon", m1="closed-simple"), "m3", "openkan_closed"),
    (dict(m2="open-simple", wait="shanpon", win="tsumo"), "m2", "open_triplet_tsumo"),
    (dict(m1="open-terminal"), "m1", "open_triplet_wait"),
    (dict(m1="open-terminal", wait="tanki"), "m1", "open_triplet_wait"),
    (dict(m1="open-simple", m4="open-terminal", wait="shanpon"), "m4", "open_triplet_twice"),
    (dict(wait="shanpon"), "wait", "shanpon_no_triplet"),
    (dict(wait="shanpon", m1="closedkan-simple", menzen="0"), "wait", "shanpon_no_triplet"),
    (dict(m1="closed-simple", m2="closed-simple", m3="open-simple", m4="closedkan-terminal",
          menzen="0", wait="ryanmen"), "wait", "wait_no_sequence"),
    (dict(m1="closed-simple", m2="closed-simple", m3="closed-simple", m4="closed-simple",
          wait="kanchan"), "wait", "wait_no_sequence"),
    (dict(m1="open-simple", m2="open-simple", m3="open-simple", m4="open-simple", menzen="0",
          wait="penchan"), "wait", "wait_no_sequence"),
]


@pytest.mark.parametrize("keys,field,code", IMPOSSIBLE)
def test_impossible_hands_are_refused_on_the_field_that_makes_them(keys, field, code):
    with pytest.raises(InputError) as error:
        count(**keys)
    assert (error.value.field, error.value.code) == (field, code)


POSSIBLE = [
    dict(m1="open-simple", wait="shanpon"),  # closed hand, ron on a shanpon wait
    dict(m1="open-simple", m2="open-terminal", wait="shanpon", menzen="0"),  # two pons
    dict(m1="openkan-simple", menzen="0"),
    dict(m1="closedkan-terminal"),  # a closed kan keeps the hand closed
    dict(m1="closed-simple", wait="shanpon", win="tsumo"),
    dict(m1="closed-simple", m2="closed-simple", m3="closed-simple", m4="closed-simple", wait="tanki"),
    dict(shape="chiitoitsu", m1="openkan-simple", wait="shanpon"),  # the parts do not count
]


@pytest.mark.parametrize("keys", POSSIBLE)
def test_possible_hands_are_counted(keys):
    assert count(**keys)["fu"] >= 25
