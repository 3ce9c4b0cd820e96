"""Which situation flags can apply: the page offers exactly what the engine accepts (SPEC §9.1,
§9.4). Both ask one table (engine.situation); this walks every flag, and ura and kita, over
closed and open hands, with and without a kan, four and three players, ron and tsumo, dealer
and not, riichi, double riichi or neither, with and without a North set aside, and requires:
offered by the page's function ⇔ accepted by engine.calculate without a situation error."""
import pytest

import engine
from engine.situation import NEEDS, RULED
from tiles.hand import Hand, applicable  # site/ is on the path (tests/conftest.py)

# The codes a situation is refused with (engine.situation's table, and the North seat).
SITUATION_CODES = {row.code for row in NEEDS} | {"no_north_seat"}

# (concealed tiles, melds, winning tile) per player count: closed, closed with a concealed kan,
# open by a pon, by an added kan, and (four players only) by a chi. Three-player riichi plays
# without 2m–8m and without chi.
HANDS = {
    "4": [("234m456p678s22z777z", "", "4m"), ("234m456p22z777z", "ankan:9999s", "4m"),
          ("234m456p678s22z", "pon:777z", "4m"), ("234m456p678s22z", "kan:7777z", "4m"),
          ("456p678s22z777z", "chi:234m", "4p")],
    "3": [("123p456p789s22z777z", "", "1p"), ("123p456p22z777z", "ankan:9999s", "1p"),
          ("123p456p789s22z", "pon:777z", "1p"), ("123p456p789s22z", "kan:7777z", "1p")],
}
# What setting a key means in the walk: a flag is "1", ura an indicator, kita one North.
SET = dict({flag: "1" for flag in RULED}, ura="1p", kita="1")


def bases():
    for players, hands in HANDS.items():
        for hand, melds, agari in hands:
            for win in ("ron", "tsumo"):
                for seatwind in ("E", "S", "W"):
                    for riichi in ("", "riichi", "doubleriichi"):
                        for kita in ("0", "1") if players == "3" else ("0",):
                            keys = {"rule": "riichi", "fumode": "tiles", "players": players,
                                    "hand": hand, "melds": melds, "agari": agari, "win": win,
                                    "seatwind": seatwind, "kita": kita}
                            if riichi:
                                keys[riichi] = "1"
                            yield keys


def refusal(keys):
    """The situation error engine.calculate raises for `keys` ((field, code)), or None: the
    situation is accepted (whatever else it says of the hand: no yaku, say)."""
    try:
        engine.calculate(keys)
    except engine.InputError as error:
        if error.code in SITUATION_CODES:
            return error.field, error.code
        assert error.code in ("no_yaku", "not_a_win"), (keys, error.field, error.code)
    return None


def offered(keys):
    hand = Hand.read(keys["hand"], keys["agari"], keys["melds"], keys.get("dora", ""),
                     keys.get("ura", ""))
    riichi = keys.get("riichi") == "1" or keys.get("doubleriichi") == "1"
    return applicable(hand, keys["win"], keys["seatwind"] == "E", riichi, keys["players"],
                      keys["kita"])


BASES = list(bases())


def test_the_walk_covers_every_flag_both_ways():
    """Each flag, ura and kita is somewhere offered and somewhere not."""
    seen_on, seen_off = set(), set()
    for keys in BASES:
        can = offered(keys)
        seen_on |= can
        seen_off |= set(RULED) - can
    assert seen_on == seen_off == set(RULED)


@pytest.mark.parametrize("keys", BASES, ids=lambda k: "-".join(
    f"{name}={k[name]}" for name in ("players", "melds", "win", "seatwind", "kita", "riichi",
                                     "doubleriichi") if k.get(name)))
def test_offered_by_the_page_is_accepted_by_the_engine(keys):
    can = offered(keys)
    declared = [key for key in ("riichi", "doubleriichi", "kita") if keys.get(key, "0") not in ("", "0")]
    # the situation as given: accepted exactly where the page offers every key it sets
    assert (refusal(keys) is None) == all(key in can for key in declared), keys
    if refusal(keys) is not None:
        return
    for key in RULED:
        if key in declared:
            continue
        wrong = refusal(dict(keys, **{key: SET[key]}))
        assert (key in can) == (wrong is None), (key, keys, wrong)
        if wrong is not None:
            assert wrong[0] == key  # refused for that key, as the page would say it


def test_rinshan_after_a_north_set_aside():
    """Three players, a tsumo on the tile drawn after a North set aside: rinshan kaihou (Tenhou's
    records), offered by the page and scored by the engine, with no kan in the hand."""
    keys = {"rule": "riichi", "fumode": "tiles", "players": "3", "win": "tsumo", "seatwind": "S",
            "hand": "123p456p789s11z999s", "agari": "9s", "melds": "", "kita": "1", "rinshan": "1"}
    assert "rinshan" in offered(keys)
    assert [yaku["name"] for yaku in engine.calculate(keys)["tiles"]["yaku"]] == ["menzen_tsumo", "rinshan"]
    assert "rinshan" not in offered(dict(keys, kita="0"))
    assert refusal(dict(keys, kita="0")) == ("rinshan", "needs_kan")
