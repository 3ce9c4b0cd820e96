"""Properties over the whole input space (hypothesis)."""
from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import KEYS, InputError, calculate, decimal_text
from engine.keys import FU_VALUES, MELDS, PAIRS, WAITS

HALF_SPICY = [1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384]

riichi_inputs = st.fixed_dictionaries({
    "rule": st.just("riichi"),
    "han": st.integers(1, 13).map(str),
    "fu": st.sampled_from(FU_VALUES).map(str),
    "win": st.sampled_from(["ron", "tsumo"]),
    "seat": st.sampled_from(["dealer", "nondealer"]),
    "honba": st.integers(0, 99).map(str),
    "sticks": st.integers(0, 99).map(str),
    "kiriage": st.sampled_from(["0", "1"]),
    "kazoe": st.sampled_from(["0", "1"]),
})

count_inputs = st.fixed_dictionaries({
    "rule": st.just("riichi"), "fumode": st.just("count"),
    "han": st.integers(1, 13).map(str),
    "win": st.sampled_from(["ron", "tsumo"]),
    "shape": st.sampled_from(["standard", "chiitoitsu", "pinfu"]),
    "m1": st.sampled_from(MELDS), "m2": st.sampled_from(MELDS),
    "m3": st.sampled_from(MELDS), "m4": st.sampled_from(MELDS),
    "pair": st.sampled_from(PAIRS), "wait": st.sampled_from(WAITS),
    "menzen": st.sampled_from(["0", "1"]), "dwind4": st.sampled_from(["0", "1"]),
})


def amounts(result):
    return [p["amount"] for p in result["payments"]]


@given(riichi_inputs)
def test_riichi_total_is_payments_plus_sticks(keys):
    result = calculate(keys)
    assert result["total"] == sum(amounts(result)) + 1000 * int(keys["sticks"])


@given(riichi_inputs)
def test_riichi_payments_are_multiples_of_100(keys):
    assert all(amount % 100 == 0 for amount in amounts(calculate(keys)))


@given(riichi_inputs, st.integers(1, 12))
def test_more_han_never_pays_less(keys, han):
    lower = calculate({**keys, "han": str(han)})
    higher = calculate({**keys, "han": str(han + 1)})
    assert all(a <= b for a, b in zip(amounts(lower), amounts(higher)))


@given(riichi_inputs, st.sampled_from(range(len(FU_VALUES) - 1)))
def test_more_fu_never_pays_less(keys, index):
    lower = calculate({**keys, "fu": str(FU_VALUES[index])})
    higher = calculate({**keys, "fu": str(FU_VALUES[index + 1])})
    assert all(a <= b for a, b in zip(amounts(lower), amounts(higher)))


@given(riichi_inputs)
def test_dealer_never_receives_less(keys):
    dealer = calculate({**keys, "seat": "dealer"})
    nondealer = calculate({**keys, "seat": "nondealer"})
    assert dealer["total"] >= nondealer["total"]


@given(count_inputs)
def test_counted_fu_is_a_multiple_of_10_or_25(keys):
    try:
        result = calculate(keys)
    except InputError as error:  # only a hand that cannot occur (SPEC §1.2), named by its field
        if error.field == "shape":
            assert keys["menzen"] == "0"
        else:
            assert keys["shape"] == "standard" and error.field in ("m1", "m2", "m3", "m4", "wait")
        return
    rows = result["fu_breakdown"]
    assert len(rows) == 10
    assert rows[8]["fu"] == sum(row["fu"] for row in rows[:8])
    assert result["fu"] == rows[9]["fu"]
    assert result["fu"] == 25 or result["fu"] % 10 == 0
    assert result["fu"] >= 20


units = st.decimals(min_value=Decimal("0.0001"), max_value=Decimal(1_000_000), places=4,
                    allow_nan=False, allow_infinity=False)


@given(st.integers(0, 13), units, st.sampled_from(["half", "full"]), st.sampled_from(["8", "10", "13"]),
       st.sampled_from(["discarder", "shared"]), st.sampled_from(["half", "full"]),
       st.sampled_from(["ron", "tsumo"]))
def test_hk_amounts_are_exact(fan, unit, table, cap, ron_split, tsumo_split, win):
    result = calculate({"rule": "hk", "fan": str(fan), "unit": str(unit), "table": table, "cap": cap,
                        "ron_split": ron_split, "tsumo_split": tsumo_split, "win": win})
    paid = [Decimal(decimal_text(a)) for a in amounts(result)]  # the decimal each JSON number is
    value = Decimal(decimal_text(result["middle"]))
    table_values = HALF_SPICY if table == "half" else [2 ** n for n in range(14)]
    assert value == unit * table_values[min(fan, int(cap))]
    if win == "ron":
        assert sum(paid) == value == Decimal(decimal_text(result["total"]))
    else:
        assert sum(paid) == Decimal(decimal_text(result["total"]))
        assert paid[0] == value / (2 if tsumo_split == "half" else 1)
    assert all(isinstance(a, int) or (isinstance(a, float) and float(Decimal(decimal_text(a))) == a)
               for a in amounts(result))
    assert all(a.as_tuple().exponent >= -6 for a in paid)


@given(st.integers(1, 999), st.integers(0, 8), st.sampled_from(["ron", "tsumo"]))
def test_mcr_amounts(points, flowers, win):
    result = calculate({"rule": "mcr", "points": str(points), "flowers": str(flowers), "win": win})
    assert all(isinstance(a, int) for a in amounts(result))
    assert result["total"] == sum(amounts(result))
    assert result["total"] == (points + flowers + 24 if win == "ron" else 3 * (points + flowers + 8))


@settings(max_examples=500)
@given(st.dictionaries(st.sampled_from(list(KEYS) + ["x", ""]) | st.text(max_size=8),
                       st.text(max_size=40) | st.sampled_from(["1", "0", "30", "hk", "count"])))
def test_calculate_only_ever_raises_input_error_naming_a_key(mapping):
    try:
        calculate(mapping)
    except InputError as error:
        assert error.field in KEYS
