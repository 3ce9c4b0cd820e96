"""The tile palette's pure parts (site/tiles/): the sprite, the hand model, the presenter."""
import re
import sys
import xml.etree.ElementTree as ElementTree

import pytest

import build
from engine import KEYS, InputError, calculate
from engine.yaku import YAKU

sys.path.insert(0, str(build.SITE))

from tiles import hand as tiles_hand  # noqa: E402
from tiles import present as tiles_present  # noqa: E402
from tiles import sprite  # noqa: E402
from tiles.box import FLAGS, TileBox  # noqa: E402
from tiles.hand import Hand, applicable, meld_of, notation, tiles  # noqa: E402

STRINGS = {lang: build.load_strings(lang) for lang in build.LANGUAGES}
SVG = "{http://www.w3.org/2000/svg}"


def test_the_sprite_has_one_symbol_per_tile_and_nothing_from_elsewhere():
    text = sprite.sprite_svg()
    root = ElementTree.fromstring(text)
    ids = [symbol.get("id") for symbol in root.iter(f"{SVG}symbol")]
    assert ids == [f"t-{t}" for t in sprite.TILES] and len(ids) == 37
    assert {t for t in sprite.TILES if t[0] == "0"} == {"0m", "0p", "0s"}
    assert not re.search(r"href|url\(|@import|<image|<script|on\w+=", text)
    assert len(text.encode()) < 30_000  # precached on every first visit


@pytest.mark.parametrize("tile,circles", [("1p", 3), ("5p", 15), ("9p", 27), ("0p", 16)])
def test_a_dot_tile_draws_its_dots(tile, circles):
    """Each dot is three circles (ring, face, centre); a red five adds its corner mark."""
    symbol = ElementTree.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">'
                                    f'{sprite.drawing(tile)}</svg>')
    assert len(list(symbol.iter(f"{SVG}circle"))) == circles


@pytest.mark.parametrize("lang", build.LANGUAGES)
def test_every_tile_has_a_name_and_every_yaku_a_word(lang):
    words = STRINGS[lang]
    assert set(words["tiles"]["name"]) == set(sprite.TILES)
    assert len(set(words["tiles"]["name"].values())) == 37  # no two tiles named alike
    assert set(words["yaku"]) == {yaku.name for yaku in YAKU}  # SPEC §9.2's names, each once
    assert len(set(words["yaku"].values())) == len(words["yaku"])
    for key in ("hand", "melds", "agari", "seatwind", "roundwind", "dora", "ura", "kita",
                "kuitan", "aka", "doubleyakuman", "renhouvalue"):
        assert key in KEYS and words["label"][key]


@pytest.mark.parametrize("lang,tile,name", [
    ("ko", "3m", "3만"), ("ko", "0m", "적5만"), ("ko", "1z", "동"), ("ko", "7z", "중"),
    ("ja", "3m", "三萬"), ("ja", "0m", "赤五萬"), ("ja", "5z", "白"), ("ja", "6z", "發"),
])
def test_tile_names_for_screen_readers(lang, tile, name):
    assert tiles_present.tile_names([tile], STRINGS[lang]) == name


@pytest.mark.parametrize("text,found", [
    ("123m", ["1m", "2m", "3m"]), ("0p55p", ["0p", "5p", "5p"]), (" 1 2z ", ["1z", "2z"]),
    ("", []), ("8z", None), ("0z", None), ("12", None), ("m12", None), ("<b>", None),
])
def test_notation_reads_as_the_engine_writes_it(text, found):
    assert tiles(text) == found


def test_notation_sorts_by_suit_and_number_a_red_five_after_its_five():
    assert notation(tiles("7z1s0p9m5p1m")) == "19m50p1s7z"
    assert notation(tiles("321m"), sort=False) == "321m"


@pytest.mark.parametrize("kind,tile,meld", [
    ("chi", "3s", ["3s", "4s", "5s"]), ("chi", "0m", ["0m", "6m", "7m"]), ("chi", "8p", None),
    ("chi", "1z", None), ("pon", "7z", ["7z", "7z", "7z"]), ("pon", "0p", ["0p", "5p", "5p"]),
    ("ankan", "9m", ["9m"] * 4),
])
def test_a_tap_calls_the_meld_from_that_tile(kind, tile, meld):
    assert meld_of(kind, tile) == meld


def test_the_last_tile_of_a_full_hand_is_the_winning_tile_until_one_goes_out():
    hand = Hand()
    for tile in tiles("123m456p789s555z2z"):
        hand = hand.add(tile, "hand")
        assert hand.agari == ""  # short of 14 tiles there is no winning tile
    hand = hand.add("2z", "hand")
    assert (hand.count(), hand.agari) == (14, "2z")
    assert hand.fields() == {"hand": "123m456p789s22555z", "agari": "2z", "melds": "",
                             "dora": "", "ura": ""}
    assert hand.shown() == (tiles("123m456p789s2555z"), "2z")
    assert hand.add("1m", "hand") is None  # full
    assert hand.add("9m", "agari") is None  # a winning tile not held needs room for it
    assert hand.add("5z", "agari").agari == "5z"  # another one chosen among those held
    assert hand.take("1m").agari == ""  # 13 tiles: waiting, no winning tile
    assert list(hand.take("2z").concealed) == tiles("123m456p789s555z2z")


def test_a_fifth_copy_and_a_sixth_indicator_are_refused():
    hand = Hand.read("1111m", "", "", "", "")
    assert hand.add("1m", "hand") is None and hand.add("1m", "dora") is None
    assert hand.add("1m", "pon") is None
    dora = Hand.read("", "", "", "12345m", "")
    assert dora.add("6m", "dora") is None and dora.add("6m", "ura") is not None


@pytest.mark.parametrize("lang", build.LANGUAGES)
def test_a_second_red_five_is_refused_and_named(lang):
    """A set has one red five of each suit (third Japanese reader, F8): a second one, in the
    hand, a meld or the indicators, is refused on the tap, as the engine refuses it typed."""
    for held in (Hand.read("0m", "", "", "", ""), Hand.read("", "", "", "0m", ""),
                 Hand.read("", "", "pon:05m5m", "", "")):
        for target in ("hand", "dora", "ura", "pon"):
            assert held.add("0m", target) is None, (held, target)
        assert held.refusal("0m", "hand") == "no_second_red"
        assert held.add("0p", "hand") is not None and held.add("5m", "hand") is not None
    with pytest.raises(InputError) as refused:
        calculate({"rule": "riichi", "fumode": "tiles", "hand": "0m0m123p456p789s11z", "agari": "1z"})
    assert (refused.value.code, refused.value.tile) == ("too_many", "0m")
    says = STRINGS[lang]["tiles"]
    said = says["no_second_red"].format(tile=says["name"]["0m"])
    assert said == {"ko": "‘적5만’ 패는 한 장뿐인데 이미 넣었어요(표시패에 넣은 것도 세요).",
                    "ja": "赤五萬は1枚しかなく、もう使っています（ドラ表示牌に入れた分も数えます）。"}[lang]


def test_melds_count_three_and_come_out_by_a_tap():
    hand = Hand.read("123m456p789s1z", "", "", "", "").add("7z", "pon")
    assert hand.fields()["melds"] == "pon:777z" and hand.count() == 13
    hand = hand.add("1z", "hand")
    assert hand.agari == "1z" and hand.is_open() and not hand.has_kan()
    hand = hand.remove("melds", 0)
    assert hand.fields()["melds"] == "" and hand.agari == ""
    closed = Hand.read("123m456p789s1z", "", "ankan:9999s", "", "")
    assert not closed.is_open() and closed.has_kan()


def test_a_typed_full_hand_wins_on_its_last_typed_tile():
    typed = Hand.read("789s123m456p22z555z", "", "", "", "").typed()
    assert typed.agari == "5z"
    kept = Hand.read("789s123m456p22z555z", "2z", "", "", "").typed()
    assert kept.agari == "2z"


@pytest.mark.parametrize("melds,win,dealer,riichi,players,wanted", [
    ("", "ron", False, False, "4", {"riichi", "doubleriichi", "chankan", "houtei", "renhou"}),
    ("", "tsumo", True, True, "4",
     {"riichi", "doubleriichi", "ippatsu", "ura", "haitei", "tenhou"}),
    ("", "tsumo", False, False, "3", {"riichi", "doubleriichi", "haitei", "chiihou", "kita"}),
    ("pon:777z", "ron", False, True, "4", {"chankan", "houtei"}),  # open: no riichi
    ("ankan:1111m", "tsumo", False, True, "4",
     {"riichi", "doubleriichi", "ippatsu", "ura", "rinshan", "haitei"}),
    ("kan:1111m", "tsumo", True, False, "4", {"rinshan", "haitei"}),
])
def test_the_flags_shown_are_those_that_can_apply(melds, win, dealer, riichi, players, wanted):
    hand = Hand.read("123m", "", melds, "", "")
    assert applicable(hand, win, dealer, riichi, players) == wanted


YAKUMAN = {"han": 0, "fu": None, "yakuman": 2, "dora": 0, "ura": 0, "aka": 0, "kita": 0,
           "yaku": [{"name": "daisangen", "yakuman": 1}, {"name": "tsuuiisou", "yakuman": 1}]}
PLAIN = {"han": 4, "fu": 30, "yakuman": 0, "dora": 1, "ura": 0, "aka": 1, "kita": 0,
         "yaku": [{"name": "riichi", "han": 1}, {"name": "tanyao", "han": 1}],
         "reading": {"shape": "standard", "pairs": ["55p"], "wait": "ryanmen",
                     "melds": [{"kind": "sequence", "tiles": "234m", "open": False},
                               {"kind": "triplet", "tiles": "777z", "open": True,
                                "called": True}]}}


@pytest.mark.parametrize("seat, round_, ja, ko", [
    ("E", "E", ["自風 東", "場風 東"], ["자풍 동", "장풍 동"]),  # the dealer's double wind
    ("S", "S", ["自風 南", "場風 南"], ["자풍 남", "장풍 남"]),
])
def test_a_wind_yaku_names_its_wind_as_tenhou_does(seat, round_, ja, ko):
    """Tenhou writes 「自風 東」「場風 南」 beside 「役牌 白」; a wind triplet's yaku say the wind
    of this hand's seat and round, from the engine's result."""
    from engine import calculate

    wind = {"E": "1z", "S": "2z"}[seat]
    result = calculate({"rule": "riichi", "fumode": "tiles", "hand": "234m567p345s88s",
                        "melds": f"pon:{wind * 3}", "agari": "8s", "seatwind": seat,
                        "roundwind": round_})
    for lang, said in (("ja", ja), ("ko", ko)):
        rows = tiles_present.yaku_rows(result["tiles"], STRINGS[lang])
        assert [name for _key, name, _han in rows] == said


def test_the_presenter_names_each_yaku_with_its_han_or_multiple():
    ko, ja = STRINGS["ko"], STRINGS["ja"]
    assert tiles_present.yaku_rows(PLAIN, ko) == [("riichi", "리치", "1판"), ("tanyao", "탕야오", "1판")]
    assert tiles_present.yaku_rows(YAKUMAN, ja) == [("daisangen", "大三元", "役満"),
                                                    ("tsuuiisou", "字一色", "役満")]
    assert tiles_present.value_text(PLAIN, ja) == "4飜30符"
    assert tiles_present.value_text(YAKUMAN, ko) == "더블 역만"
    assert tiles_present.dora_rows(PLAIN, ko) == [("dora", "도라", 1), ("aka", "적도라", 1)]
    assert tiles_present.dora_rows(YAKUMAN, ko) == []


def test_the_presenter_reads_the_melds_and_the_pair():
    groups = tiles_present.reading_groups(PLAIN["reading"], STRINGS["ko"])
    assert groups == [("슌쯔", ["2m", "3m", "4m"]), ("울어서 만든 커쯔", ["7z", "7z", "7z"]),
                      ("머리", ["5p", "5p"])]
    assert tiles_present.tile_names(["0m", "1z"], STRINGS["ja"]) == "赤五萬 東"


@pytest.mark.parametrize("lang, ron, pon", [
    ("ko", "론으로 완성한 커쯔", "울어서 만든 커쯔"),
    ("ja", "刻子（ロンで完成）", "刻子（鳴き）"),
])
def test_a_triplet_a_ron_completed_is_not_called_a_called_one(lang, ron, pon):
    """ko review: a closed hand's shanpon won by ron was captioned 「울어서 만든 커쯔」. The
    engine reads that triplet open (its fu, 4 for a terminal) but not called; a pon is both."""
    base = {"rule": "riichi", "fumode": "tiles", "riichi": "1", "win": "ron"}
    closed = calculate({**base, "hand": "234m567p345s999s11z", "agari": "9s"})["tiles"]
    called = calculate({**base, "riichi": "0", "hand": "234m567p345s99s", "melds": "pon:777z",
                        "agari": "9s"})["tiles"]

    def caption(tiles, tile):
        groups = tiles_present.reading_groups(tiles["reading"], STRINGS[lang])
        return next(label for label, found in groups if found == [tile] * 3)

    assert (caption(closed, "9s"), closed["fu"]) == (ron, 40)  # 20 + 10 closed ron + 4 + 8 - 2
    assert caption(called, "7z") == pon


def test_each_wait_says_its_ron_and_tsumo_or_no_yaku():
    wait = {"tile": "2z", "ron": "no_yaku", "tsumo": {**PLAIN, "total": 7900}}
    assert tiles_present.wait_rows([wait], STRINGS["ko"]) == [("2z", "역 없음", "7,900점(4판 30부)")]
    assert tiles_present.wait_rows([wait], STRINGS["ja"]) == [("2z", "役なし", "7,900点（4飜30符）")]


def test_the_targets_are_the_tile_fields_and_the_calls():
    assert tiles_hand.TARGETS == ("hand", "agari", "chi", "pon", "kan", "ankan", "dora", "ura")
    for lang in build.LANGUAGES:
        assert set(STRINGS[lang]["tiles"]["target"]) == set(tiles_hand.TARGETS)


class Node:
    """Just enough of an element for a TileBox's `adjust`: attributes (`hidden` apart, as the
    DOM's property), and a root's lookups by selector."""

    def __init__(self, attributes=(), parts=None):
        self.attributes, self.parts = dict(attributes), parts or {}
        self.hidden, self.value = False, ""

    def getAttribute(self, name):
        return self.attributes.get(name)

    def setAttribute(self, name, value):
        self.attributes[name] = value

    def closest(self, _selector):
        return self  # a control stands for its own field box

    def replaceChildren(self, *_nodes):
        pass

    def querySelectorAll(self, selector):
        return self.parts.get(selector, [])

    def querySelector(self, selector):
        return self.parts.setdefault(selector, [Node()])[0]


def fake_box(flags=FLAGS):
    """A TileBox over a fake root holding the target buttons and the 37-tile palette:
    (box, {target: button}, {tile: button})."""
    targets = {name: Node({"data-tiles-target": name}) for name in tiles_hand.TARGETS}
    palette = {tile: Node({"data-tile": tile}) for tile in sprite.TILES}
    parts = {"[data-tiles-target]": list(targets.values()),
             "[data-tiles-palette] [data-tile]": list(palette.values()),
             **{f'[data-tiles-target="{name}"]': [button] for name, button in targets.items()}}
    controls = {}
    box = TileBox(None, Node(parts=parts), lambda name: controls.setdefault(name, Node()),
                  STRINGS["ko"], flags=flags)
    return box, targets, palette


# Three-player riichi is played without 2m–8m (so without the red 5m) and without chi (SPEC §9.2).
SANMA_GONE = ["2m", "3m", "4m", "5m", "0m", "6m", "7m", "8m"]
FORM = {"rule": "riichi", "fumode": "tiles", "win": "ron", "seatwind": "S", "roundwind": "E",
        "riichi": "0"}


def test_a_three_player_palette_offers_no_chi_and_no_2m_to_8m():
    box, targets, palette = fake_box()
    box.choose("chi")
    box.adjust({**FORM, "players": "3"}, Hand())
    assert [tile for tile, button in palette.items() if button.hidden] == SANMA_GONE
    assert [name for name, button in targets.items() if button.hidden] == ["chi", "ura"]
    assert box.target == "hand"  # the chi chosen at four gives the next tap to the hand
    assert targets["hand"].getAttribute("aria-pressed") == "true"
    box.adjust({**FORM, "players": "4"}, Hand())  # four again: every call and every tile
    assert not any(button.hidden for button in palette.values())
    assert [name for name, button in targets.items() if button.hidden] == ["ura"]  # no riichi


def test_the_ura_indicators_are_offered_only_with_riichi():
    """Without riichi the ura row is no place for a tap (third Japanese reader, B1: the tile
    went into a hidden field); a riichi offers it again."""
    box, targets, _palette = fake_box()
    box.adjust({**FORM, "riichi": "1"}, Hand())
    box.choose("ura")
    assert not targets["ura"].hidden
    box.adjust(FORM, Hand())  # riichi unticked
    assert targets["ura"].hidden and box.target == "hand"
    assert targets["hand"].getAttribute("aria-pressed") == "true"
    box.adjust({**FORM, "doubleriichi": "1"}, Hand())
    assert not targets["ura"].hidden


def test_a_north_set_aside_keeps_rinshan():
    """A three-player tsumo after a North set aside may be rinshan (engine.situation, Tenhou's
    rule): the box shows the flag and a link's rinshan=1&kita=1 reaches the engine; without a
    North or a kan the flag is hidden and sent as off."""
    box, _targets, _palette = fake_box()
    hand = Hand.read("123p456p789s11z999s", "9s", "", "", "")
    keys = {**FORM, "players": "3", "win": "tsumo", "kita": "1", "rinshan": "1"}
    assert box.adjust(keys, hand)["rinshan"] == "1"
    assert not box.field_box("rinshan").hidden
    assert box.adjust({**keys, "kita": "0"}, hand)["rinshan"] == "0"
    assert box.field_box("rinshan").hidden
