"""Hong Kong, MCR and NMJL (SPEC §1.3–§1.5)."""
from decimal import Decimal

import pytest

from engine import calculate, decimal_text


def run(rule, **keys):
    return calculate({"rule": rule, **{k: str(v) for k, v in keys.items()}})


def amounts(result):
    return [p["amount"] for p in result["payments"]]


# HK: (keys, table value, winner receives, payments)
HK_FACTS = [
    (dict(fan=3), 8, 8, [8, 0, 0]),
    (dict(fan=3, ron_split="shared"), 8, 8, [4, 2, 2]),
    (dict(fan=3, win="tsumo"), 8, 12, [4, 4, 4]),
    (dict(fan=3, win="tsumo", tsumo_split="full"), 8, 24, [8, 8, 8]),
    (dict(fan=13), 128, 128, [128, 0, 0]),
    (dict(fan=13, cap=13), 384, 384, [384, 0, 0]),
    (dict(fan=5), 24, 24, [24, 0, 0]),
    (dict(fan=5, table="full"), 32, 32, [32, 0, 0]),
    (dict(fan=10), 128, 128, [128, 0, 0]),
    (dict(fan=10, table="full"), 1024, 1024, [1024, 0, 0]),
    (dict(fan=9, cap=8), 64, 64, [64, 0, 0]),
    (dict(fan=13, cap=13, table="full"), 8192, 8192, [8192, 0, 0]),
]


@pytest.mark.parametrize("keys,value,total,payments", HK_FACTS)
def test_hk_facts(keys, value, total, payments):
    result = run("hk", **keys)
    assert (result["middle"], result["total"], amounts(result)) == (value, total, payments)


HALF_SPICY = [1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384]


@pytest.mark.parametrize("fan", range(14))
def test_hk_tables_at_cap_13(fan):
    assert run("hk", fan=fan, cap=13)["middle"] == HALF_SPICY[fan]
    assert run("hk", fan=fan, cap=13, table="full")["middle"] == 2 ** fan


def exact(amount):
    """The decimal a JSON amount stands for (SPEC §5.1: the engine counts in whole units)."""
    return Decimal(decimal_text(amount))


def test_hk_fractions_are_exact():
    zero_tsumo = run("hk", fan=0, win="tsumo")
    assert [exact(a) for a in amounts(zero_tsumo)] == [Decimal("0.5")] * 3
    assert exact(zero_tsumo["total"]) == Decimal("1.5")
    tenth = run("hk", fan=1, ron_split="shared", unit="0.1")
    assert [exact(a) for a in amounts(tenth)] == [Decimal("0.1"), Decimal("0.05"), Decimal("0.05")]
    assert sum(exact(a) for a in amounts(tenth)) == exact(tenth["total"]) == Decimal("0.2")
    shared = run("hk", fan=0, ron_split="shared", unit="0.0001")
    assert [exact(a) for a in amounts(shared)] == [Decimal("0.00005"), Decimal("0.000025"),
                                                   Decimal("0.000025")]


def test_hk_notices():
    assert run("hk", fan=2)["notices"] == ["under_3_fan"]
    assert run("hk", fan=3)["notices"] == []
    assert run("hk", fan=11)["notices"] == ["fan_capped"]


MCR_FACTS = [
    (dict(points=8), 32, [16, 8, 8], 16),
    (dict(points=8, win="tsumo"), 48, [16, 16, 16], 16),
    (dict(points=24, flowers=2), 50, [34, 8, 8], 34),
    (dict(points=88, win="tsumo"), 288, [96, 96, 96], 96),
]


@pytest.mark.parametrize("keys,total,payments,middle", MCR_FACTS)
def test_mcr_facts(keys, total, payments, middle):
    result = run("mcr", **keys)
    assert (result["total"], amounts(result), result["middle"]) == (total, payments, middle)


def test_mcr_minimum_is_judged_before_flowers():
    assert run("mcr", points=7, flowers=8)["notices"] == ["under_8_points"]
    assert run("mcr", points=8)["notices"] == []
    assert run("mcr", points=7, flowers=8)["total"] == 15 + 24


NMJL_FACTS = [
    (dict(value=25), 100, [50, 25, 25], 25),
    (dict(value=25, win="tsumo"), 150, [50, 50, 50], 25),
    (dict(value=25, win="tsumo", jokerless=1), 300, [100, 100, 100], 50),
    (dict(value=25, jokerless=1), 200, [100, 50, 50], 50),
]


@pytest.mark.parametrize("keys,total,payments,middle", NMJL_FACTS)
def test_nmjl_facts(keys, total, payments, middle):
    result = run("nmjl", **keys)
    assert (result["total"], amounts(result), result["middle"]) == (total, payments, middle)
    assert "bettor" not in result


def test_nmjl_bettor_receives_the_same_again():
    result = run("nmjl", value=30, win="tsumo", bettor=1)
    assert result["bettor"] == 180 == result["total"]


def test_non_riichi_rules_have_no_tier_or_fu():
    for rule in ("hk", "mcr", "nmjl"):
        result = run(rule)
        assert "tier" not in result and "fu" not in result
        assert [p["honba"] for p in result["payments"]] == [0, 0, 0]
