"""The calculator's cards for a link or a state, computed in plain Python the way the page computes
them: the link read by site/address.py, the form's values overridden by it (calculator.on_link),
the tile box's `adjust` under fumode=tiles, engine.query.parse, engine.calculate_values, and the
texts of calculator.present (and tiles.present) in the page's own strings.

These were browser tests (tests/browser/test_live.py, test_yakuman_sanma.py) that proved only
arithmetic and wording reached through a form; the browser keeps one boot per language showing
that the page writes what `opened` says (code review turn 5, §4.3). Expected texts are literal.
"""
from urllib.parse import parse_qsl

import pytest

import address
import build
import engine
from calculator import present
from engine import DEFAULTS, KEYS, InputError
from engine.query import parse
from tiles import present as tiles_present
from tests.test_tiles_page import fake_box

LANGS = ("ko", "ja")
STRINGS = {lang: build.load_strings(lang) for lang in LANGS}


class Params:
    """URLSearchParams as the browser reads a query (application/x-www-form-urlencoded: `+` a
    space, %-escapes decoded as UTF-8, a name without `=` an empty value); what address.read
    calls of it."""

    def __init__(self, search=""):
        self.pairs = parse_qsl(search[1:] if search.startswith("?") else search,
                               keep_blank_values=True)

    @classmethod
    def new(cls, search=""):
        return cls(search)

    def has(self, name):
        return any(key == name for key, _ in self.pairs)

    def get(self, name):
        return next(value for key, value in self.pairs if key == name)


class Window:
    URLSearchParams = Params

    def __init__(self, search):
        self.location = type("Location", (), {"search": search})()


def opened(lang, query="", **then):
    """What the calculator shows once `query` is opened (calculator.on_link: the static form at
    its defaults, engine.DEFAULTS, overridden by the link's keys), and then the controls of
    `then` are set (calculator.recompute reads the whole form):

    {"state": "ok" | "invalid" | "incomplete" (the page's #results data-state: a link opened
    with an error has no answer of its own to keep struck through, so "invalid", never "stale"),
    "error": (field, message) or None, "rule", "view": calculator.present.view (None while 13 tiles wait),
    "mine": the (fu, han) of the fu × han row marked "your hand", or None, "tiles": the tile
    box's texts or None, "result": the engine's}.
    """
    strings = STRINGS[lang]
    mapping = {**DEFAULTS, **address.read(Window(query), KEYS), **then}
    hand = None
    if mapping.get("fumode") == "tiles" and mapping.get("rule") == "riichi":  # calculator.with_tiles
        box = fake_box()[0]
        hand = box.hand(mapping)  # what box.sync reads of a link: nothing typed, nothing tapped
        mapping = box.adjust(dict(mapping), hand)
    shown = {"state": "ok", "error": None, "rule": mapping["rule"], "view": None, "mine": None,
             "tiles": None, "result": None}
    try:
        values = parse(mapping)
        result = engine.calculate_values(values)
    except InputError as error:
        if mapping.get("fumode") == "tiles" and error.field == "hand" and error.code == "empty":
            return dict(shown, state="incomplete")  # calculator.still_entering, for a link
        return dict(shown, state="invalid", error=(error.field, present.error_text(error, strings)))
    shown["result"] = result
    tiles = result.get("tiles")
    if "total" in result:
        shown["view"] = present.view(result, strings)
        if result["rule"] == "riichi" and "fu" in result:  # calculator.mark_your_hand
            shown["mine"] = (str(result["fu"]), str(tiles["han"] if tiles else values["han"]))
    if tiles is not None:
        shown["tiles"] = tile_texts(tiles, result, hand, strings)
    return shown


def tile_texts(tiles, result, hand, strings):
    """The tile box's texts (tiles.box.TileBox.draw): the hand as shown (the winning tile apart
    and last), and the value, yaku and dora counts of a win, or a 13-tile hand's waits."""
    rest, agari = hand.shown()
    texts = {"held": rest + ([agari] if agari else []), "agari": agari}
    if "waits" in tiles:
        texts.update(tenpai=strings["tiles"]["tenpai" if tiles["tenpai"] else "noten"],
                     waits=tiles_present.wait_rows(tiles["waits"], strings, hand.reds()),
                     dock=present.dock_waits(tiles, strings))
        return texts
    texts.update(
        value=tiles_present.value_text(tiles, strings, result.get("tier", "none")),
        yaku=sorted((key, han) for key, _name, han in tiles_present.yaku_rows(tiles, strings)),
        dora=strings["joiner"]["dora"].join(
            strings["tiles"]["dora_count"].format(label=label, n=count)
            for _kind, label, count in tiles_present.dora_rows(tiles, strings)))
    return texts


def cards(shown):
    return {hook: shown["view"][hook] for hook in ("total", "payments", "middle")}


# ---------------------------------------------------------------- shared links (test_live.py)
# (shared link, total, payments by language, middle) — figures of SPEC §1
LINKS = [
    ("?rule=riichi&han=3&fu=30&win=tsumo&honba=2&sticks=1", "5,600",
     {"ko": "1,200·2,200", "ja": "1,200・2,200"}, "960"),
    ("?rule=hk&fan=3&win=tsumo&tsumo_split=full", "24", {"ko": "각자 8", "ja": "各家 8"}, "8"),
    ("?rule=mcr&points=24&flowers=2", "50",
     {"ko": "방총한 사람 34 / 다른 사람 각 8", "ja": "放銃者 34 / 他家 各8"}, "34"),
    ("?rule=nmjl&value=25&jokerless=1&win=tsumo", "300", {"ko": "각자 100", "ja": "各家 100"}, "50"),
]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("query,total,payments,middle", LINKS)
def test_shared_link_opens_with_the_right_cards(lang, query, total, payments, middle):
    shown = opened(lang, query)
    assert cards(shown) == {"total": total, "payments": payments[lang], "middle": middle}
    assert shown["state"] == "ok"
    assert shown["rule"] == query.split("rule=")[1].split("&")[0]


# ---------------------------------------------------------------- yakuman and three players
# (test_yakuman_sanma.py): every value those browser tests read off the cards, for each state.

def test_double_yakuman_dealer_tsumo_link():
    for lang in LANGS:
        words = STRINGS[lang]
        shown = opened(lang, "?yakuman=2&win=tsumo&seat=dealer")
        view = shown["view"]
        assert view["total"] == "96,000"
        assert view["payments"] == {"ko": "32,000 올", "ja": "32,000オール"}[lang]
        assert view["tier"] == {"ko": "더블 역만", "ja": "ダブル役満"}[lang] == words["tier"]["yakuman2"]
        assert view["middle"] == "16,000"
        each = {"ko": "자", "ja": "子"}[lang]
        assert view["who_pays"] == [(each, "32,000", "0")] * 3
        assert view["explanation"] == words["explain"]["tsumo_each"].format(a="32,000")
        assert view["fu"] == "" and shown["mine"] is None  # a yakuman has no fu × han cell
        assert shown["result"]["rule"] == "riichi" and "fu" not in shown["result"]


def test_yakuman_control_sets_and_clears_the_value():
    for lang in LANGS:
        shown = opened(lang, "?fumode=count", yakuman="3")
        assert shown["view"]["tier"] == STRINGS[lang]["tier"]["yakuman3"]
        assert shown["view"]["total"] == "96,000" and shown["view"]["fu"] == ""
        assert opened(lang, "?fumode=count", yakuman="0")["view"]["total"] == "3,900"


def test_three_player_tsumo_and_tsumo_loss():
    for lang in LANGS:
        words, joiner = STRINGS[lang], {"ko": "·", "ja": "・"}[lang]
        shown = opened(lang, "?players=3&han=5&win=tsumo")
        view = shown["view"]
        assert (view["total"], view["payments"]) == ("6,000", f"2,000{joiner}4,000")
        assert view["who_pays"] == [(words["payer"]["nondealer"], "2,000", "0"),
                                    (words["payer"]["dealer"], "4,000", "0")]
        assert view["explanation"] == words["explain"]["tsumo_nondealer_3p"].format(
            a="4,000", b="2,000")
        view = opened(lang, "?players=3&han=5&win=tsumo", tsumoloss="0")["view"]
        assert (view["total"], view["payments"]) == ("8,000", f"3,000{joiner}5,000")
        assert [row[1] for row in view["who_pays"]] == ["3,000", "5,000"]
        view = opened(lang, "?players=3&han=5&win=tsumo", tsumoloss="0", players="4")["view"]
        assert view["payments"] == f"2,000{joiner}4,000"  # the card: 子・親, two amounts
        assert len(view["who_pays"]) == 3


def test_three_player_ron_with_honba():
    for lang in LANGS:
        shown = opened(lang, "?players=3&honba=2")
        discarder = {"ko": "방총한 사람", "ja": "放銃者"}[lang]
        assert (shown["view"]["total"], shown["view"]["payments"]) == ("4,300", f"{discarder} 4,300")
        assert shown["view"]["who_pays"][0][1:] == ("4,300", "400")
        assert shown["mine"] == ("30", "3")


def chosen(preset, players="4"):
    """What choosing `preset` writes into the form (calculator.apply_preset)."""
    return {**present.preset_keys(preset, players), **present.preset_tile_keys(preset)}


def test_presets_set_the_result():
    """The values test_yakuman_sanma.py's preset tests read off the cards, each preset's controls
    as calculator.apply_preset writes them."""
    for lang in LANGS:
        link = "?han=4&fu=30"
        assert opened(lang, link)["view"]["total"] == "7,700"
        assert opened(lang, link, **chosen("mleague"))["view"]["total"] == "8,000"  # kiriage
        ema = chosen("ema")  # no kiriage, no kazoe, yakuman not cumulative
        assert opened(lang, link, **ema)["view"]["total"] == "7,700"
        assert opened(lang, link, **ema, yakuman="2")["view"]["total"] == "32,000"
        custom = {**ema, "multi": "1"}  # one rule changed by hand: no longer EMA
        assert opened(lang, link, **custom, yakuman="2")["view"]["total"] == "64,000"
        assert not present.preset_matches("ema", {**DEFAULTS, **custom})
        joiner = {"ko": "·", "ja": "・"}[lang]
        three = "?players=3&han=5&win=tsumo&tsumoloss=0"
        assert opened(lang, three)["view"]["payments"] == f"3,000{joiner}5,000"
        soul = chosen("mahjongsoul", players="3")  # ranked three-player: tsumo loss
        assert soul["tsumoloss"] == "1"
        assert opened(lang, three, **soul)["view"]["payments"] == f"2,000{joiner}4,000"
        wrc = chosen("wrc", players="3")
        assert "tsumoloss" not in wrc  # four-player only: tsumo loss left as it is
        assert present.preset_matches("wrc", {**DEFAULTS, **wrc, "players": "3", "tsumoloss": "0"})
        assert opened(lang, three, **wrc)["view"]["payments"] == f"3,000{joiner}5,000"


# Bad input, each with its documented outcome (README of the keys: SPEC §3.1, §1.6, §1.7).
BAD = [
    ("?yakuman=7", "yakuman", "out_of_range_yakuman"),
    ("?yakuman=-1", "yakuman", "out_of_range_yakuman"),
    ("?players=5", "players", "unknown_choice"),
    ("?players=3&tsumoloss=2", "tsumoloss", "unknown_choice"),
]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("query,field,code", BAD)
def test_bad_links_show_the_fields_error(lang, query, field, code):
    words = STRINGS[lang]
    message = words["error"][code]
    shown = opened(lang, query)
    assert shown["error"] == (field, message.format(label=words["label"][field], low="", high=""))
    assert shown["state"] == "invalid"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("query,total", [
    ("?yakuman=2&fumode=count", "64,000"),  # fu counting is ignored while a yakuman is set
    ("?yakuman=2&fumode=count&m1=bogus&han=99", "64,000"),
    ("?tsumoloss=2", "3,900"),  # four-player: tsumo loss does not count
])
def test_ignored_inputs_are_not_errors(lang, query, total):
    shown = opened(lang, query)
    assert shown["view"]["total"] == total
    assert (shown["state"], shown["error"]) == ("ok", None)


# (state, total, payments by language): test_yakuman_sanma.py's scenes set through the controls
YAKUMAN_SCENES = [
    (dict(yakuman=2), "64,000", {"ko": "방총한 사람 64,000", "ja": "放銃者 64,000"}),
    (dict(yakuman=3, win="tsumo"), "96,000", {"ko": "24,000·48,000", "ja": "24,000・48,000"}),
    (dict(yakuman=2, multi=0), "32,000", {"ko": "방총한 사람 32,000", "ja": "放銃者 32,000"}),
    (dict(yakuman=1, seat="dealer", honba=1, sticks=1), "49,300",
     {"ko": "방총한 사람 48,300", "ja": "放銃者 48,300"}),
    (dict(players=3, han=5, win="tsumo", seat="dealer"), "8,000",
     {"ko": "4,000 올", "ja": "4,000オール"}),
    (dict(players=3, han=5, win="tsumo", seat="dealer", tsumoloss=0), "12,000",
     {"ko": "6,000 올", "ja": "6,000オール"}),
    (dict(players=3, han=1, win="tsumo", tsumoloss=0), "1,200", {"ko": "500·700", "ja": "500・700"}),
    (dict(players=3, yakuman=1, win="tsumo"), "24,000",
     {"ko": "8,000·16,000", "ja": "8,000・16,000"}),
]


@pytest.mark.parametrize("lang", LANGS)
def test_yakuman_and_three_player_scenes(lang):
    for state, total, payments in YAKUMAN_SCENES:
        view = opened(lang, **{k: str(v) for k, v in state.items()})["view"]
        assert (view["total"], view["payments"]) == (total, payments[lang]), state
