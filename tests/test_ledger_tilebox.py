"""The ledger's hands by their tiles (site/ledger/tilebox.py, SPEC §9.4): the situation a game
gives a winner, the rules it takes from the game's preset, and the value it writes into the
winner's fields, against the rule books' seat order, the presets' data and `python -m engine`."""
import json
import subprocess
import sys

import pytest

import build
from engine import DEFAULTS
from engine.presets import NAMES, PRESETS, TILE_FIELDS, preset_rules

sys.path.insert(0, str(build.SITE))
from ledger import tilebox  # noqa: E402

STRINGS = {lang: build.load_strings(lang) for lang in ("ko", "ja")}


def cli(keys):
    """`python -m engine` for these keys: (exit status, its JSON)."""
    done = subprocess.run([sys.executable, "-m", "engine", *(f"{k}={v}" for k, v in keys.items())],
                          capture_output=True, text=True, cwd=build.ROOT)
    return done.returncode, json.loads(done.stdout)


# The dealer is East, then South, West, North counter-clockwise (seat order): (seat, dealer,
# players, wind).
WINDS = [(0, 0, 4, "E"), (1, 0, 4, "S"), (2, 0, 4, "W"), (3, 0, 4, "N"), (1, 2, 4, "N"),
         (3, 2, 4, "S"), (0, 3, 4, "S"), (0, 1, 3, "W"), (2, 1, 3, "S"), (1, 2, 3, "W")]


@pytest.mark.parametrize("seat, dealer, players, wind", WINDS)
def test_a_winners_seat_wind_follows_the_dealer(seat, dealer, players, wind):
    assert tilebox.seat_wind(seat, dealer, players) == wind
    assert tilebox.wind_seat(wind, dealer, players) == seat


def test_three_player_has_no_north_seat_to_carry_to():
    assert tilebox.wind_seat("N", 0, 3) is None


@pytest.mark.parametrize("name", NAMES)
def test_a_preset_game_takes_that_presets_tile_rules(name):
    for players in PRESETS[name]["seats"]:
        rules = preset_rules(name, players)
        assert tilebox.tile_rules(rules) == {key: str(PRESETS[name][key]) for key in TILE_FIELDS}


def test_mahjong_soul_is_not_taken_for_tenhou():
    # The two share most rules; Mahjong Soul counts four yakuman double (SPEC §9.1).
    assert tilebox.tile_rules(preset_rules("mahjongsoul"))["doubleyakuman"] == "1"
    assert tilebox.tile_rules(preset_rules("tenhou"))["doubleyakuman"] == "0"


def test_a_custom_game_takes_the_engines_defaults():
    rules = {**preset_rules("mleague"), "busting": 0}
    assert tilebox.tile_rules(rules) == {key: DEFAULTS[key] for key in TILE_FIELDS}


def test_the_situation_is_the_games():
    keys = tilebox.situation(2, 1, "S3", "tsumo", [0, 2], preset_rules("mleague"))
    assert (keys["seatwind"], keys["roundwind"], keys["win"], keys["riichi"]) == ("S", "S", "tsumo", "1")
    assert (keys["kiriage"], keys["kazoe"], keys["players"], keys["dwind4"]) == ("1", "0", "4", "0")
    assert tilebox.situation(3, 1, "W1", "ron", [0], preset_rules("tenhou"))["riichi"] == "0"


# Tiles and situation -> what `python -m engine` says; the page's value must be the same.
HANDS = [
    # riichi pinfu with a red five and a dora, South seat in East round (West pair: no fu)
    ({"hand": "234m067p345s678s33z", "agari": "8s", "dora": "1m"}, 2, 1, "E2", "ron", [2]),
    # the same tiles for West: the pair is the seat wind, no pinfu
    ({"hand": "234m067p345s678s33z", "agari": "8s", "dora": "1m"}, 3, 1, "E2", "ron", [3]),
    # a dealer's menzen tsumo pinfu: 20 fu
    ({"hand": "234m067p345s678s33z", "agari": "8s"}, 2, 2, "E3", "tsumo", []),
    # an open hand: kuitan (Tenhou has it)
    ({"hand": "234m067p345s88s", "agari": "8s", "melds": "chi:678s"}, 1, 0, "S1", "ron", []),
    # chiitoitsu with ura: 25 fu
    ({"hand": "1122m3344p5566s77z", "agari": "7z", "ura": "4p"}, 0, 0, "E1", "ron", [0]),
]


@pytest.mark.parametrize("tiles, seat, dealer, round_code, result, riichi", HANDS)
def test_the_value_is_the_command_lines(tiles, seat, dealer, round_code, result, riichi):
    rules = preset_rules("tenhou")
    keys = {**tilebox.situation(seat, dealer, round_code, result, riichi, rules), **tiles}
    status, expected = cli(keys)
    assert status == 0
    got = tilebox.value(keys)
    assert got["tiles"] == expected["tiles"]
    assert tilebox.winner_values(got["tiles"]) == {
        "yakuman": "0", "han": str(expected["tiles"]["han"]), "fu": str(expected["tiles"]["fu"])}


def test_the_seat_wind_changes_the_value():
    rules = preset_rules("tenhou")
    tiles = HANDS[0][0]
    south = tilebox.value({**tilebox.situation(2, 1, "E2", "ron", [2], rules), **tiles})["tiles"]
    west = tilebox.value({**tilebox.situation(3, 1, "E2", "ron", [3], rules), **tiles})["tiles"]
    assert (south["han"], south["fu"]) == (4, 30)  # riichi, pinfu, dora, red five
    assert (west["han"], west["fu"]) == (3, 40)


REFUSED = [
    ({"hand": "234m067p345s678s33z", "agari": "7s"}, [], "no_yaku"),  # kanchan, no riichi
    ({"hand": "1234m067p345s678s3z", "agari": "3z"}, [], "not_a_win"),
    ({"hand": "5555m067p345s678s3z", "agari": "3z"}, [], "too_many"),
    ({"hand": "234m067p345s678s3z"}, [], "tile_count"),  # 13 tiles: waits, not a win
    ({"hand": "234m067p345s88s", "agari": "8s", "melds": "chi:678s"}, [1], "needs_closed"),
]


@pytest.mark.parametrize("tiles, riichi, code", REFUSED)
def test_a_refused_hand_says_why_in_the_calculators_words(tiles, riichi, code):
    keys = {**tilebox.situation(1, 0, "E1", "ron", riichi, preset_rules("tenhou")), **tiles}
    error = tilebox.value(keys)
    assert error.code == code
    status, answer = cli(keys)
    if code != "tile_count":  # the command line shows a 13-tile hand's waits
        assert status == 2 and answer["error"]["code"] == code
        assert answer["error"]["field"] == error.field
    for strings in STRINGS.values():
        text = tilebox.error_text(error, strings)
        assert strings["label"][error.field] in text and "{" not in text


def test_a_refusal_of_an_empty_box_names_the_tile_count():
    for strings in STRINGS.values():
        assert tilebox.empty_text(strings).startswith(strings["label"]["hand"])


def test_a_yakuman_fills_the_yakuman_field_and_big_hands_stay_within_the_han_field():
    keys = {**tilebox.situation(0, 0, "E1", "ron", [], preset_rules("mahjongsoul")),
            "hand": "19m19p19s1234567z1m", "agari": "1m"}  # kokushi, 13-sided: double here
    status, expected = cli(keys)
    assert status == 0 and expected["tiles"]["yakuman"] == 2
    assert tilebox.winner_values(tilebox.value(keys)["tiles"]) == {"yakuman": "2"}
    # riichi, chinitsu, ryanpeikou and dora: more than 13 han counts as 13 in the ledger
    keys = {**tilebox.situation(0, 0, "E1", "ron", [0], preset_rules("tenhou")),
            "hand": "11223344556677m", "agari": "7m", "dora": "3m3m"}
    status, expected = cli(keys)
    assert status == 0 and expected["tiles"]["han"] > 13
    assert tilebox.winner_values(tilebox.value(keys)["tiles"])["han"] == "13"


def test_the_calculators_parts_get_the_winners_ids_and_lose_the_calculators_conditions():
    assert tilebox.own_id("f-hand", 3) != tilebox.own_id("f-hand", 2)
    assert tilebox.own_classes("tiles-situation for-riichi for-tiles not-yakuman") == "tiles-situation"
    assert tilebox.own_classes("field for-3p") == "field lg-3p"  # North tiles: three-player games


@pytest.mark.parametrize("players, hidden", [(3, True), (4, False)])
def test_a_three_player_games_box_offers_the_calculators_three_player_palette(players, hidden):
    """The game's player count reaches the winner's box with its winds and rules, and the box
    then offers what the calculator offers at three: no chi, no 2m–8m."""
    from tests.test_tiles_page import SANMA_GONE, fake_box
    from tiles.hand import Hand

    keys = tilebox.situation(1, 0, "E1", "ron", [], preset_rules("tenhou", players))
    assert keys["players"] == str(players)
    box, targets, palette = fake_box(flags=tilebox.BOX_FLAGS)
    box.choose("chi")
    box.adjust(keys, Hand())
    assert targets["chi"].hidden is hidden and not targets["pon"].hidden
    assert [t for t, button in palette.items() if button.hidden] == (SANMA_GONE if hidden else [])
    assert box.target == ("hand" if hidden else "chi")


# A three-player hand (riichi, pinfu, ittsu on 9p), and what the set of three refuses: a chi, a
# tile of 2m–8m (a red 5m too) in the hand or as an indicator (SPEC §9.2).
SANMA = {"hand": "123456789p123s99m", "agari": "9p"}
SANMA_REFUSED = [
    ({"hand": "456789p123s99m", "agari": "9p", "melds": "chi:123p"}, "melds", "no_chi_sanma"),
    ({"hand": "456789p123s99m", "agari": "9p", "melds": "chi:234m"}, "melds", "not_in_sanma"),
    ({"hand": "234m456789p123s99m", "agari": "9p"}, "hand", "not_in_sanma"),
    ({"hand": "340m456789p123s99m", "agari": "9p"}, "hand", "not_in_sanma"),
    ({**SANMA, "dora": "3m"}, "dora", "not_in_sanma"),
]


def test_a_three_player_hand_is_valued_as_the_command_line_values_it():
    keys = {**tilebox.situation(1, 0, "E1", "ron", [1], preset_rules("tenhou", 3)), **SANMA}
    status, expected = cli(keys)
    assert status == 0 and expected["tiles"]["han"] == 4  # riichi, pinfu, ittsu
    assert tilebox.value(keys)["tiles"] == expected["tiles"]


@pytest.mark.parametrize("tiles, field, code", SANMA_REFUSED)
def test_a_three_player_hand_refuses_chi_and_2m_to_8m_in_the_pages_words(tiles, field, code):
    keys = {**tilebox.situation(1, 0, "E1", "ron", [1], preset_rules("tenhou", 3)), **tiles}
    error = tilebox.value(keys)
    assert (error.field, error.code) == (field, code)
    status, answer = cli(keys)
    assert status == 2 and (answer["error"]["field"], answer["error"]["code"]) == (field, code)
    four = {**tilebox.situation(1, 0, "E1", "ron", [1], preset_rules("tenhou", 4)), **tiles}
    assert getattr(tilebox.value(four), "code", None) != code  # the same tiles at four: not for that
    for strings in STRINGS.values():
        text = tilebox.error_text(error, strings)
        assert text == strings["error"][code].format(label=strings["label"][field])
        assert "{" not in text
