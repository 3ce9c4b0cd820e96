"""The calculator's third fu mode, a hand by its tiles (SPEC §9.4), in plain Python: what the page
shows for a link or a state, computed as the page computes it (tests/test_calculator_cards.py
`opened`: the link, the tile box's `adjust`, the engine, calculator.present and tiles.present),
in ko and ja.

Every expected value (yaku, han, fu, total, waits) comes from the independent `mahjong` package,
never from our engine. These values were read off the page in Chromium by
tests/browser/test_tiles.py, which keeps the taps, the palette, the layout and one link per
language (code review turn 5, §4.3); it takes the `mahjong` package's answers from here.
"""
from urllib.parse import urlencode

import pytest
from mahjong.agari import Agari
from mahjong.constants import EAST, NORTH, SOUTH, WEST
from mahjong.hand_calculating.fu import FuCalculator
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from mahjong.hand_calculating.scores import ScoresCalculator
from mahjong.hand_calculating.yaku_config import YAKU_ID_TO_TENHOU_ID
from mahjong.tile import TilesConverter

from calculator import present
from engine import InputError, calculate
from tests.tenhou_agari import YAKU_IDS as TENHOU_YAKU  # Tenhou's yaku ids -> our names
from tests.test_calculator_cards import LANGS, STRINGS, opened

WINDS = {"E": EAST, "S": SOUTH, "W": WEST, "N": NORTH}
DORA_IDS = (52, 53, 54)  # dora, ura, aka: counted, not yaku


def split(text):
    """'123m55z' -> ['1m', '2m', '3m', '5z', '5z']"""
    out, digits = [], ""
    for char in text:
        if char.isdigit():
            digits += char
        else:
            out += [digit + char for digit in digits]
            digits = ""
    return out


def to_136(tiles):
    by_suit = {"m": "", "p": "", "s": "", "z": ""}
    for tile in tiles:
        by_suit[tile[1]] += tile[0]
    return TilesConverter.string_to_136_array(man=by_suit["m"], pin=by_suit["p"],
                                              sou=by_suit["s"], honors=by_suit["z"])


def to_34(tile):
    return "mpsz".index(tile[1]) * 9 + int(tile[0]) - 1


def mahjong_value(hand, agari, win="ron", seatwind="S", roundwind="E", riichi=False, dora="",
                  double_wind_fu=4, rinshan=False):
    """What the mahjong package makes of a closed hand: ([(yaku, han)], han, fu, total), or
    None when it has no yaku. `double_wind_fu`=2 recounts its fu as M-League does."""
    tiles = split(hand)
    tiles_136 = to_136(tiles)
    win_tile = max(t for t in tiles_136 if t // 4 == to_34(agari))
    config = HandConfig(is_tsumo=win == "tsumo", is_riichi=riichi, is_rinshan=rinshan,
                        player_wind=WINDS[seatwind], round_wind=WINDS[roundwind],
                        options=OptionalRules(has_open_tanyao=True, fu_for_open_pinfu=True))
    indicators = to_136(split(dora)) if dora else None
    response = HandCalculator.estimate_hand_value(tiles_136, win_tile, dora_indicators=indicators,
                                                  config=config)
    if response.error:
        return None
    yaku = [(TENHOU_YAKU[YAKU_ID_TO_TENHOU_ID[y.yaku_id]], y.han_closed) for y in response.yaku
            if YAKU_ID_TO_TENHOU_ID[y.yaku_id] not in DORA_IDS]
    fu, total = response.fu, response.cost["total"]
    if double_wind_fu == 2 and any(d["reason"] == FuCalculator.DOUBLE_VALUED_PAIR
                                   for d in response.fu_details):
        counted = sum(d["fu"] for d in response.fu_details) - 2
        fu = (counted + 9) // 10 * 10
        total = ScoresCalculator.calculate_scores(response.han, fu, config)["total"]
    return yaku, response.han, fu, total


def mahjong_waits(hand):
    """[(tile, ron value or None, tsumo value or None)] by the mahjong package."""
    tiles = split(hand)
    counts = TilesConverter.to_34_array(to_136(tiles))
    found = []
    for kind in range(34):
        if counts[kind] >= 4:
            continue
        counts[kind] += 1
        if Agari().is_agari(counts):
            tile = f"{kind % 9 + 1}{'mpsz'[kind // 9]}"
            wins = [mahjong_value(hand + tile, tile, win=win) for win in ("ron", "tsumo")]
            found.append((tile, *wins))
        counts[kind] -= 1
    return found


def han_text(lang, han):
    return STRINGS[lang]["tiles"]["han"].format(n=han)


def value_text(lang, han, fu):
    return STRINGS[lang]["tiles"]["han_fu"].format(han=han, fu=fu)


def win_text(lang, value):
    words = STRINGS[lang]["tiles"]
    if value is None:
        return words["no_yaku"]
    _yaku, han, fu, total = value
    return words["wait_value"].format(total=f"{total:,}", value=value_text(lang, han, fu))


def link(**keys):
    return "?" + urlencode({"rule": "riichi", "fumode": "tiles", **keys})


def expected_yaku(lang, yaku):
    """The yaku rows as the page lists them, sorted: (yaku, its han as written)."""
    return sorted((name, han_text(lang, han)) for name, han in yaku)


def expect(shown, lang, expected):
    """What tests/browser/test_tiles.py's `expect` reads off the page: the yaku and their han,
    the value, the total and fu cards, and a computed result."""
    yaku, han, fu, total = expected
    assert shown["tiles"]["yaku"] == expected_yaku(lang, yaku)
    assert shown["tiles"]["value"] == value_text(lang, han, fu)
    assert shown["view"]["total"] == f"{total:,}"
    assert shown["view"]["fu"] == str(fu)
    assert shown["state"] == "ok"


# A closed riichi ron: riichi, pinfu, tanyao, one dora (indicator 1m: the dora is 2m).
HAND = dict(hand="234m456p345678s55p", agari="3s", riichi="1", dora="1m")


@pytest.mark.parametrize("lang", LANGS)
def test_a_hand_from_a_link_shows_what_the_mahjong_package_counts(lang):
    expected = mahjong_value(HAND["hand"], HAND["agari"], riichi=True, dora=HAND["dora"])
    assert expected[1] == 4  # riichi, pinfu, tanyao and a dora: the hand is what it claims
    shown = opened(lang, link(**HAND))
    expect(shown, lang, expected)
    dora = STRINGS[lang]["tiles"]["dora_count"].format(
        label=STRINGS[lang]["tiles"]["dora_kind"]["dora"], n=1)
    assert shown["tiles"]["dora"] == dora
    # the hand as tiles, sorted, the winning tile apart and last
    rest = sorted(split(HAND["hand"]), key=lambda t: ("mpsz".index(t[1]), t[0]))
    rest.remove("3s")
    assert shown["tiles"]["held"] == rest + ["3s"] and shown["tiles"]["agari"] == "3s"


WAITING = "234m456p678s55s34p"  # 13 tiles: 2p or 5p (two-sided), tanyao either way


@pytest.mark.parametrize("lang", LANGS)
def test_thirteen_tiles_show_their_waits_with_each_value(lang):
    expected = mahjong_waits(WAITING)
    assert [tile for tile, *_ in expected] == ["2p", "5p"]
    shown = opened(lang, link(hand=WAITING))
    assert shown["tiles"]["tenpai"] == STRINGS[lang]["tiles"]["tenpai"]
    assert shown["view"] is None and shown["mine"] is None  # no hand has won: no cards, no mark
    assert shown["tiles"]["waits"] == [(tile, win_text(lang, ron), win_text(lang, tsumo))
                                       for tile, ron, tsumo in expected]
    names = STRINGS[lang]["tiles"]["name"]  # the result bar names the waits
    assert names["2p"] in shown["tiles"]["dock"] and names["5p"] in shown["tiles"]["dock"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_winning_tile_in_gives_this_hands_payments_fu_and_mark(lang):
    """test_tiles.py's 13 tiles, then the winning tile tapped: the who-pays table's amounts, the
    last fu row and the fu × han row marked are this hand's."""
    _yaku, han, fu, total = mahjong_value(WAITING + "2p", "2p")
    shown = opened(lang, link(hand=WAITING + "2p", agari="2p"))
    assert [row[1] for row in shown["view"]["who_pays"]] == [f"{total:,}", "0", "0"]
    assert shown["view"]["fu_rows"][-1][2] == str(fu)
    assert shown["mine"] == (str(fu), str(han))


# A closed ron, East seat in the East round with an East pair: a closed terminal triplet (8 fu)
# and a two-sided wait, so the pair's 4 fu make 42 -> 50 fu, its 2 fu 40 fu.
DOUBLE_WIND = dict(hand="111m456p789s234s11z", agari="4s", riichi="1", seatwind="E",
                   roundwind="E")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("preset,double_wind_fu", [("tenhou", 4), ("mleague", 2)])
def test_a_preset_sets_the_double_wind_pair(lang, preset, double_wind_fu):
    expected = mahjong_value(DOUBLE_WIND["hand"], DOUBLE_WIND["agari"], riichi=True,
                             seatwind="E", roundwind="E", double_wind_fu=double_wind_fu)
    assert expected[2] == (50 if double_wind_fu == 4 else 40)
    chosen = {**present.preset_keys(preset), **present.preset_tile_keys(preset)}  # apply_preset
    expect(opened(lang, link(**DOUBLE_WIND), **chosen), lang, expected)
    # the fu table's pair row names the pair alone; its fu (the rule's 2 or 4) is the next cell
    pair = [row for row in opened(lang, link(**DOUBLE_WIND), **chosen)["view"]["fu_rows"]
            if row[0] == STRINGS[lang]["fu_row"]["pair"]]
    assert pair == [(STRINGS[lang]["fu_row"]["pair"], {"ko": "연풍패", "ja": "連風牌"}[lang],
                     str(double_wind_fu))]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("keys,field,code", [
    (dict(hand="<img src=x onerror=alert(1)>"), "hand", "bad_tiles"),
    (dict(hand="123m456p789s11z"), "hand", "tile_count"),
    (dict(hand="123m456p789s555z22z", agari="9m"), "agari", "not_in_hand"),
    (dict(hand="123m456p789s555z22z", agari="2z", riichi="1", melds="pon:777z"), "hand",
     "tile_count"),
])
def test_a_bad_or_hostile_link_says_why_next_to_the_field(lang, keys, field, code):
    messages, labels = STRINGS[lang]["error"], STRINGS[lang]["label"]
    wanted = messages[code].format(label=labels[field], low="", high="")
    shown = opened(lang, link(**keys))
    assert shown["error"] == (field, wanted)
    assert shown["state"] == "invalid" and shown["tiles"] is None


@pytest.mark.parametrize("keys,field,tile,ko,ja", [
    (dict(hand="22222m567p345s99s1z", agari="1z"), "hand", "2m", "‘2만’ 패가", "「二萬」が"),
    (dict(hand="234m567p345s99s", melds="pon:999s", agari="9s"), "melds", "9s", "‘9삭’ 패가",
     "「九索」が"),
])
def test_a_fifth_copy_typed_in_is_named(keys, field, tile, ko, ja):
    """ko review: a fifth copy typed in (not tapped) said only "more than four of a tile, or
    more than five indicators"; the engine now names the tile and the sentence says it."""
    for lang, named in (("ko", ko), ("ja", ja)):
        shown = opened(lang, link(**keys))
        wanted = STRINGS[lang]["error"]["too_many_tile"].format(
            label=STRINGS[lang]["label"][field], tile=STRINGS[lang]["tiles"]["name"][tile])
        assert shown["error"] == (field, wanted) and named in wanted
    with pytest.raises(InputError) as refused:
        calculate({"rule": "riichi", "fumode": "tiles", **keys})
    assert (refused.value.field, refused.value.code, refused.value.tile) == (field, "too_many", tile)


@pytest.mark.parametrize("lang, said", [("ko", "‘적5만’ 패는 한 장뿐이에요. 다른 5는 0이 아니라 5로"),
                                        ("ja", "「赤五萬」は1枚しかありません。ほかの5は0ではなく5で")])
def test_a_second_red_five_typed_in_says_there_is_one(lang, said):
    """Two red fives typed in are no "more than four" (sixth Korean reader, B2): the sentence
    says a suit has one red five, and how to write the other five."""
    keys = dict(hand="234m567p345s99s0m0m", agari="9s", aka="1")
    shown = opened(lang, link(**keys))
    wanted = STRINGS[lang]["error"]["too_many_red"].format(
        label=STRINGS[lang]["label"]["hand"], tile=STRINGS[lang]["tiles"]["name"]["0m"])
    assert shown["error"] == ("hand", wanted) and said in wanted


# Three-player riichi is played without 2m–8m (so without the red 5m) and without chi (SPEC §9.2).
SANMA = dict(hand="123456789p123s99m", agari="9p")  # with riichi: riichi, pinfu, ittsu


@pytest.mark.parametrize("lang", LANGS)
def test_three_players_tapped_hand_shows_what_the_mahjong_package_counts(lang):
    expected = mahjong_value(SANMA["hand"], SANMA["agari"], riichi=True)
    assert expected[1:3] == (4, 30)  # a non-dealer's ron pays alike at three and at four
    expect(opened(lang, link(players="3", riichi="1", **SANMA)), lang, expected)


# Three players, a non-dealer's closed tsumo on the tile drawn after a North set aside, no kan
# in the hand: rinshan kaihou all the same (Tenhou's rule; engine.situation), and the North a dora.
KITA_RINSHAN = dict(players="3", hand="123p456p789s11z999s", agari="9s", win="tsumo")


@pytest.mark.parametrize("lang", LANGS)
def test_three_players_rinshan_after_a_north_set_aside(lang):
    yaku, han, fu, _total = mahjong_value(KITA_RINSHAN["hand"], "9s", win="tsumo", rinshan=True)
    assert sorted(name for name, _han in yaku) == ["menzen_tsumo", "rinshan"]
    kita = STRINGS[lang]["tiles"]["dora_count"].format(
        label=STRINGS[lang]["tiles"]["dora_kind"]["kita"], n=1)
    for shown in (opened(lang, link(**KITA_RINSHAN), kita="1", rinshan="1"),  # ticked
                  opened(lang, link(**KITA_RINSHAN, kita="1", rinshan="1"))):  # the link keeps it
        assert shown["tiles"]["yaku"] == expected_yaku(lang, yaku)
        assert shown["tiles"]["value"] == value_text(lang, han + 1, fu)
        assert shown["tiles"]["dora"] == kita
    # no kan, no North: the flag cannot apply, and is sent as off
    assert "rinshan" not in dict(opened(lang, link(**KITA_RINSHAN), rinshan="1")["tiles"]["yaku"])


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("keys,field,code", [
    (dict(hand="456789p123s99m", agari="9p", melds="chi:123p"), "melds", "no_chi_sanma"),
    (dict(hand="234m456789p123s99m", agari="9p"), "hand", "not_in_sanma"),
])
def test_three_players_refuse_a_chi_or_2m_to_8m_next_to_the_field(lang, keys, field, code):
    wanted = STRINGS[lang]["error"][code].format(label=STRINGS[lang]["label"][field])
    shown = opened(lang, link(players="3", **keys))
    assert shown["error"] == (field, wanted)
    assert shown["state"] == "invalid" and shown["tiles"] is None


@pytest.mark.parametrize("lang, said", [("ko", "화료패 칸에 ‘8삭’ 패가 남아 있어요"),
                                        ("ja", "和了牌の欄に「八索」が残っています")])
def test_a_winning_tile_left_beside_13_tiles_is_named(lang, said):
    """A 14-tile hand cut to 13 leaves its winning tile in its field (fifth Korean reader, B1):
    the message names that tile, not a rule the player broke."""
    keys = dict(hand="234m345m678p5567s", agari="8s")  # 13 tiles, a winning tile left
    with pytest.raises(InputError) as refused:
        calculate({"rule": "riichi", "fumode": "tiles", **keys})
    assert (refused.value.field, refused.value.code, refused.value.tile) == ("agari", "not_held", "8s")
    shown = opened(lang, link(**keys))
    wanted = STRINGS[lang]["error"]["not_held_tile"].format(
        label=STRINGS[lang]["label"]["agari"], tile=STRINGS[lang]["tiles"]["name"]["8s"])
    assert shown["error"] == ("agari", wanted) and said in wanted
