"""Riichi yakuman multiples (SPEC §1.6): the stated facts, the `mahjong` package, properties, bad input."""
import json
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st
from mahjong.constants import EAST, SOUTH
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from mahjong.hand_calculating.scores import ScoresCalculator

from engine import InputError, calculate

from .test_cli import ROOT


def via_engine(keys):
    try:
        return calculate({"rule": "riichi", **keys})
    except InputError as error:
        return {"error": error.as_dict()}


def via_cli(keys):
    args = [f"{k}={v}" for k, v in {"rule": "riichi", **keys}.items()]
    done = subprocess.run([sys.executable, "-m", "engine", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=30)
    result = json.loads(done.stdout)
    assert done.returncode == (2 if "error" in result else 0)
    return result


@pytest.fixture(params=[via_engine, via_cli], ids=["engine", "cli"])
def run(request):
    return lambda **keys: request.param({k: str(v) for k, v in keys.items()})


def amounts(result):
    return [p["amount"] for p in result["payments"]]


# SPEC §1.6 facts: (inputs, winner receives, payments in page order, tier).
FACTS = [
    (dict(yakuman=2), 64000, [64000, 0, 0], "yakuman2"),
    (dict(yakuman=2, win="tsumo", seat="dealer"), 96000, [32000, 32000, 32000], "yakuman2"),
    (dict(yakuman=3, win="tsumo"), 96000, [48000, 24000, 24000], "yakuman3"),
    (dict(yakuman=2, multi=0), 32000, [32000, 0, 0], "yakuman"),
    (dict(yakuman=1, seat="dealer", honba=1, sticks=1), 49300, [48300, 0, 0], "yakuman"),
    # the base line of §1.6: 32,000k / 48,000k / 16,000k + 8,000k×2 / 16,000k×3
    (dict(yakuman=1), 32000, [32000, 0, 0], "yakuman"),
    (dict(yakuman=1, seat="dealer"), 48000, [48000, 0, 0], "yakuman"),
    (dict(yakuman=1, win="tsumo"), 32000, [16000, 8000, 8000], "yakuman"),
    (dict(yakuman=1, win="tsumo", seat="dealer"), 48000, [16000, 16000, 16000], "yakuman"),
    (dict(yakuman=6, seat="dealer"), 288000, [288000, 0, 0], "yakuman6"),
    (dict(yakuman=4, win="tsumo"), 128000, [64000, 32000, 32000], "yakuman4"),
    (dict(yakuman=5), 160000, [160000, 0, 0], "yakuman5"),
    # kazoe is always a single yakuman, whatever `multi` says
    (dict(han=13, fu=30), 32000, [32000, 0, 0], "kazoe"),
    (dict(han=13, fu=30, multi=0), 32000, [32000, 0, 0], "kazoe"),
    (dict(han=13, fu=30, kazoe=0), 24000, [24000, 0, 0], "sanbaiman"),
    # a yakuman does not care for kazoe or kiriage, han or fu
    (dict(yakuman=1, kazoe=0, kiriage=1, han=1, fu=20), 32000, [32000, 0, 0], "yakuman"),
]


@pytest.mark.parametrize("keys,total,payments,tier", FACTS)
def test_spec_facts(run, keys, total, payments, tier):
    result = run(**keys)
    assert (result["total"], amounts(result), result["tier"]) == (total, payments, tier)
    assert "fu" not in result or "yakuman" not in keys
    if tier.startswith("yakuman"):  # base points: 8,000 per yakuman paid
        assert result["middle"] == 8000 * int(tier.removeprefix("yakuman") or 1)


@pytest.mark.parametrize("count", range(2, 7))
def test_multi_off_pays_one_yakuman_and_says_so(run, count):
    single = run(yakuman=1, win="tsumo", honba=2)
    folded = run(yakuman=count, win="tsumo", honba=2, multi=0)
    assert amounts(folded) == amounts(single)
    assert folded["tier"] == "yakuman"
    assert folded["notices"] == ["yakuman_single"]
    assert single["notices"] == [] and run(yakuman=count)["notices"] == []


# Bad input and ignored input, with their documented outcomes.
BAD = [
    (dict(yakuman=7), "yakuman", "out_of_range"),
    (dict(yakuman=-1), "yakuman", "out_of_range"),
    (dict(yakuman="double"), "yakuman", "not_a_number"),
    (dict(yakuman=1.5), "yakuman", "not_an_integer"),
    (dict(yakuman=2, multi=2), "multi", "unknown_choice"),
]


@pytest.mark.parametrize("keys,field,code", BAD)
def test_bad_input(run, keys, field, code):
    error = run(**keys)["error"]
    assert (error["field"], error["code"]) == (field, code)


@pytest.mark.parametrize("ignored", [
    dict(fumode="count"),
    dict(fumode="count", m1="nonsense", shape="chiitoitsu", menzen=0),  # would be an error
    dict(han=99, fu=33),  # out of range and not allowed: ignored all the same
    dict(fumode="bogus"),
])
def test_fu_counting_han_and_fu_are_ignored_for_a_yakuman(run, ignored):
    result = run(yakuman=2, **ignored)
    assert result == run(yakuman=2)
    assert "fu" not in result and "fu_breakdown" not in result
    assert (result["total"], result["tier"]) == (64000, "yakuman2")


# ---------------------------------------------------------------- against the mahjong package

def theirs(count, dealer, tsumo, honba, sticks, sextuple_cap=True):
    options = OptionalRules(limit_to_sextuple_yakuman=sextuple_cap)
    config = HandConfig(is_tsumo=tsumo, player_wind=EAST if dealer else SOUTH, options=options,
                        tsumi_number=honba, kyoutaku_number=sticks)
    return ScoresCalculator.calculate_scores(han=13 * count, fu=0, config=config, is_yakuman=True)


CASES = [(count, dealer, win, honba, sticks)
         for count in range(1, 7) for dealer in (False, True) for win in ("ron", "tsumo")
         for honba in range(4) for sticks in range(3)]


@pytest.mark.parametrize("count,dealer,win,honba,sticks", CASES)
def test_multiples_match_the_mahjong_package(count, dealer, win, honba, sticks):
    ref = theirs(count, dealer, win == "tsumo", honba, sticks)
    ours = via_engine(dict(yakuman=str(count), seat="dealer" if dealer else "nondealer", win=win,
                           honba=str(honba), sticks=str(sticks)))
    assert ours["total"] == ref["total"]
    assert ref["yaku_level"] == ("yakuman" if count == 1 else f"{count}x yakuman")
    main, other = ref["main"] + ref["main_bonus"], ref["additional"] + ref["additional_bonus"]
    if win == "ron":
        assert amounts(ours) == [main, 0, 0]
    elif dealer:
        assert amounts(ours) == [main] * 3
    else:
        assert amounts(ours) == [main, other, other]
    assert [p["honba"] for p in ours["payments"]] == (
        [300 * honba, 0, 0] if win == "ron" else [100 * honba] * 3)


@pytest.mark.parametrize("dealer", [False, True])
@pytest.mark.parametrize("win", ["ron", "tsumo"])
def test_the_package_caps_at_six_as_we_do(dealer, win):
    """mahjong 2.1.0 turns han ≥ 78 into '6x yakuman'; with `limit_to_sextuple_yakuman` (its
    default) 91 han still pays six, without it each further 13 han adds one. We stop at 6: 7 is
    out of range."""
    six = via_engine(dict(yakuman="6", seat="dealer" if dealer else "nondealer", win=win))
    capped = theirs(7, dealer, win == "tsumo", 0, 0)
    uncapped = theirs(7, dealer, win == "tsumo", 0, 0, sextuple_cap=False)
    assert capped["total"] == six["total"]
    assert uncapped["total"] * 6 == six["total"] * 7
    assert via_engine(dict(yakuman="7"))["error"]["code"] == "out_of_range"


# ---------------------------------------------------------------- properties

situations = st.fixed_dictionaries({
    "win": st.sampled_from(["ron", "tsumo"]),
    "seat": st.sampled_from(["dealer", "nondealer"]),
    "players": st.sampled_from(["4", "3"]),
    "tsumoloss": st.sampled_from(["0", "1"]),
    "honba": st.integers(0, 99).map(str),
    "sticks": st.integers(0, 99).map(str),
})


@given(situations, st.integers(1, 6))
def test_k_fold_pays_k_times_one_before_honba(keys, count):
    one = via_engine({**keys, "yakuman": "1"})
    many = via_engine({**keys, "yakuman": str(count)})
    assert [p["amount"] - p["honba"] for p in many["payments"]] == [
        count * (p["amount"] - p["honba"]) for p in one["payments"]]
    assert [p["honba"] for p in many["payments"]] == [p["honba"] for p in one["payments"]]
    assert many["middle"] == 8000 * count


@given(situations, st.integers(1, 6))
def test_multi_off_is_one_yakuman_whatever_the_multiple(keys, count):
    assert amounts(via_engine({**keys, "yakuman": str(count), "multi": "0"})) == amounts(
        via_engine({**keys, "yakuman": "1"}))
