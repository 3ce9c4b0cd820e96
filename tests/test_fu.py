"""Fu counting (SPEC §1.2): facts worked by hand from the fu rules in the reference guides."""
import pytest

from engine import InputError, calculate


def count(**keys):
    mapping = {"rule": "riichi", "fumode": "count", **{k: str(v) for k, v in keys.items()}}
    return calculate(mapping)


# (parts, fu) — each worked by hand: 20 + win + melds + pair + wait, rounded up to 10.
FACTS = [
    (dict(), 30),  # all sequences, plain pair, ryanmen, closed ron: 20 + 10
    (dict(m1="closed-terminal", wait="kanchan"), 40),  # 20 + 10 + 8 + 2
    (dict(win="tsumo"), 20),  # pinfu whatever the shape control says: no tsumo 2
    (dict(win="tsumo", pair="dragon"), 30),  # not pinfu: 20 + 2 + 2 = 24 -> 30
    (dict(win="tsumo", wait="kanchan"), 30),  # not pinfu: 20 + 2 + 2 = 24 -> 30
    (dict(shape="pinfu", win="tsumo"), 20),
    (dict(shape="pinfu"), 30),
    (dict(shape="chiitoitsu"), 25),
    (dict(shape="chiitoitsu", win="tsumo"), 25),
    (dict(menzen=0), 30),  # open, exactly 20: kui-pinfu 30
    (dict(menzen=0, win="tsumo"), 30),  # 22 -> 30
    (dict(menzen=0, m1="open-simple"), 30),  # 22 -> 30
    (dict(menzen=0, m1="open-terminal", m2="open-terminal", pair="dragon"), 30),  # 30
    (dict(m1="closedkan-terminal", m2="closedkan-terminal"), 100),  # 20+10+32+32 = 94 -> 100
    (dict(m1="closedkan-terminal", m2="closedkan-terminal", m3="closedkan-terminal",
          m4="closedkan-terminal", pair="double", dwind4=1, wait="tanki", win="tsumo"), 160),  # 156
    (dict(m1="openkan-simple", m2="openkan-terminal", menzen=0), 50),  # 20+8+16 = 44 -> 50
    (dict(pair="double"), 40),  # 20 + 10 + 2 = 32 -> 40
    (dict(pair="double", dwind4=1), 40),  # 34 -> 40
    (dict(pair="double", dwind4=1, m1="closed-simple", wait="tanki"), 40),  # 20+10+4+4+2=40
    (dict(pair="double", m1="closed-simple", wait="tanki"), 40),  # 38 -> 40
    (dict(pair="double", dwind4=1, m1="closed-simple", wait="tanki", m2="open-simple", menzen=0),
     40),  # open ron: 20 + 4 + 2 + 4 + 2 = 32
    (dict(pair="double", dwind4=1, m1="closed-simple", wait="shanpon", m2="open-simple"),
     40),  # closed ron on shanpon, the completed triplet open: 20 + 10 + 4 + 2 + 4 = 40
    (dict(m1="closed-simple", m2="closed-simple", m3="open-simple", wait="shanpon"), 40),  # 40
    (dict(m1="closed-simple", m2="closed-simple", m3="closed-simple", wait="shanpon",
          win="tsumo"), 40),  # 20 + 2 + 12 = 34
    (dict(pair="seat", wait="penchan", win="tsumo"), 30),  # 20 + 2 + 2 + 2 = 26 -> 30
]


@pytest.mark.parametrize("keys,fu", FACTS)
def test_fu_facts(keys, fu):
    assert count(**keys)["fu"] == fu


def test_spec_example_breakdown_and_payment():
    result = count(han=3, m1="closed-terminal", wait="kanchan")
    rows = [(r["row"], r["fu"]) for r in result["fu_breakdown"]]
    assert rows == [("base", 20), ("win", 10), ("m1", 8), ("m2", 0), ("m3", 0), ("m4", 0),
                    ("pair", 0), ("wait", 2), ("subtotal", 40), ("rounded", 40)]
    assert result["total"] == 5200


def test_kui_pinfu_is_its_own_line():
    result = count(menzen=0)
    assert result["fu_breakdown"][-1] == {"row": "rounded", "item": "kui_pinfu", "fu": 30}
    assert result["fu_breakdown"][-2]["fu"] == 20
    assert "kui_pinfu" in result["notices"]


def test_chiitoitsu_is_not_rounded():
    rows = count(shape="chiitoitsu")["fu_breakdown"]
    assert len(rows) == 10
    assert rows[-1] == {"row": "rounded", "item": "no_rounding", "fu": 25}


def test_dwind4_only_changes_the_double_wind():
    for pair in ("dragon", "seat", "round"):
        rows = count(pair=pair, dwind4=1)["fu_breakdown"]
        assert rows[6]["fu"] == 2
    assert count(pair="double", dwind4=1)["fu_breakdown"][6]["fu"] == 4
    assert count(pair="double")["fu_breakdown"][6]["fu"] == 2


@pytest.mark.parametrize("shape", ["chiitoitsu", "pinfu"])
def test_open_chiitoitsu_or_pinfu_is_an_input_error(shape):
    with pytest.raises(InputError) as error:
        count(shape=shape, menzen=0)
    assert (error.value.field, error.value.code) == ("shape", f"open_{shape}")


def test_known_fu_mode_ignores_the_parts():
    assert calculate({"fumode": "known", "m1": "garbage", "fu": "40"})["fu"] == 40
    assert "fu_breakdown" not in calculate({})


def test_count_mode_ignores_the_typed_fu():
    assert count(fu="garbage")["fu"] == 30
