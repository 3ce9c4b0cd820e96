"""Bad input of every kind: each key refuses it with the right field and code."""
import pytest

from engine import DEFAULTS, KEYS, InputError, calculate


def error_of(mapping):
    with pytest.raises(InputError) as caught:
        calculate(mapping)
    return caught.value.field, caught.value.code


def context(name):
    """A mapping in which `name` is used (its rule selected, fu mode set as needed)."""
    key = KEYS[name]
    mapping = {"rule": key.rules[0]} if name != "rule" else {}
    mapping.update((other, allowed[0]) for other, allowed in key.when)
    return mapping


INTEGER_KEYS = [name for name, key in KEYS.items() if key.kind == "int"]
CHOICE_KEYS = [name for name, key in KEYS.items() if key.kind in ("choice", "flag")]
ALL_KEYS = list(KEYS)
# SPEC §9.1: melds, agari, dora and ura may be left empty (none); the hand may not.
EMPTY_MEANS_NONE = ["melds", "agari", "dora", "ura"]


@pytest.mark.parametrize("value", ["", "   "])
def test_empty_tiles_mean_none(value):
    hand = {"rule": "riichi", "fumode": "tiles", "hand": "234m067p55s345s678s", "agari": "8s",
            "riichi": "1", "dora": "1m", "ura": "4s"}
    tiles = calculate(hand)["tiles"]
    assert (tiles["dora"], tiles["ura"], tiles["aka"]) == (1, 3, 1)  # 2m; 55s and 345s; 0p
    assert calculate({**hand, "melds": value})["tiles"] == tiles
    assert calculate({**hand, "dora": value})["tiles"]["dora"] == 0
    assert calculate({**hand, "ura": value})["tiles"]["ura"] == 0
    waiting = calculate({**hand, "hand": "234m067p55s345s67s", "agari": value})["tiles"]
    assert [wait["tile"] for wait in waiting["waits"]] == ["2s", "5s", "8s"]
    assert error_of({**hand, "agari": value}) == ("agari", "empty")  # 14 tiles need their winner


@pytest.mark.parametrize("name", ALL_KEYS)
@pytest.mark.parametrize("value,code", [
    ("", "empty"), ("   ", "empty"), ("x" * 10_000, "too_long"),
    ("<script>alert(1)</script>", None), ('"><img src=x onerror=alert(1)>', None),
    ("javascript:alert(1)", None),
])
def test_every_key_refuses_empty_long_and_hostile(name, value, code):
    if code == "empty" and name in EMPTY_MEANS_NONE:
        return  # test_empty_tiles_mean_none: no melds, no winning tile (13 tiles), no indicators
    field, got = error_of({**context(name), name: value})
    assert field == name
    if code:
        assert got == code


@pytest.mark.parametrize("name", INTEGER_KEYS)
def test_integer_keys(name):
    key = KEYS[name]
    mapping = context(name)
    assert error_of({**mapping, name: str(key.low - 1)}) in [(name, "out_of_range")]
    assert error_of({**mapping, name: str(key.high + 1)}) in [(name, "out_of_range")]
    assert error_of({**mapping, name: "2.5"}) == (name, "not_an_integer")
    assert error_of({**mapping, name: "1e3"}) == (name, "not_a_number")
    assert error_of({**mapping, name: "abc"}) == (name, "not_a_number")
    assert error_of({**mapping, name: "٣٠"}) == (name, "not_a_number")  # Arabic-Indic digits
    assert error_of({**mapping, name: "+3"}) == (name, "not_a_number")


@pytest.mark.parametrize("name", CHOICE_KEYS)
def test_choice_keys(name):
    assert error_of({**context(name), name: "bogus"}) == (name, "unknown_choice")


def test_fu_takes_only_listed_values():
    assert error_of({"fu": "35"}) == ("fu", "not_allowed")
    assert error_of({"fu": "120"}) == ("fu", "out_of_range")


def test_full_width_digits_are_accepted():
    assert calculate({"han": "４", "fu": "４０"})["total"] == 8000
    assert calculate({"rule": "hk", "fan": "３", "unit": "０．５"})["total"] == 4


def test_negative_zero_is_zero():
    assert calculate({"honba": "-0"})["total"] == 3900


def test_whitespace_and_case_are_forgiven():
    assert calculate({"han": " 3 ", "win": "TSUMO"})["total"] == 4000


@pytest.mark.parametrize("value,code", [
    ("0", "out_of_range"), ("-1", "not_a_number"), ("1000000.0001", "out_of_range"),
    ("0.00001", "too_many_decimals"), ("1e3", "not_a_number"), ("abc", "not_a_number"),
    ("NaN", "not_a_number"), ("inf", "not_a_number"), ("1,5", "not_a_number"),
])
def test_unit_refuses(value, code):
    assert error_of({"rule": "hk", "unit": value}) == ("unit", code)


@pytest.mark.parametrize("value,total", [("1000000", 8_000_000), (".5", 4), ("2.", 16),
                                         ("0.0001", 0.0008)])
def test_unit_accepts(value, total):
    result = calculate({"rule": "hk", "unit": value})
    assert float(result["total"]) == total


def test_unknown_keys_and_other_rules_keys_are_ignored():
    assert calculate({"bogus": "1", "fan": "garbage", "points": "<b>"})["total"] == 3900


def test_repeated_keys_take_the_first_value():
    assert calculate({"han": ["4", "garbage"], "fu": ["40"]})["total"] == 8000


def test_missing_keys_take_the_defaults():
    assert calculate({}) == calculate(DEFAULTS)


def test_error_carries_the_value_and_a_message():
    with pytest.raises(InputError) as caught:
        calculate({"han": "99"})
    error = caught.value
    assert error.value == "99"
    assert error.as_dict() == {"field": "han", "code": "out_of_range",
                               "message": "han: out of range ('99')"}


@pytest.mark.parametrize("mapping,ignored", [
    ({"rule": "hk", "win": "tsumo", "ron_split": "bogus"}, "ron_split"),
    ({"rule": "hk", "win": "ron", "tsumo_split": "bogus"}, "tsumo_split"),
    ({"fumode": "count", "shape": "pinfu", "m1": "bogus", "wait": "bogus"}, "m1"),
    ({"fumode": "count", "fu": "bogus"}, "fu"),
    ({"fumode": "known", "shape": "bogus"}, "shape"),
])
def test_hidden_controls_do_not_count(mapping, ignored):
    assert calculate(mapping)["total"] > 0


def test_many_repeated_keys_and_unknown_keys():
    mapping = {f"unknown{i}": "<script>" for i in range(5000)}
    mapping["han"] = ["4"] + ["<b>"] * 10_000
    assert calculate(mapping)["total"] == 7700
