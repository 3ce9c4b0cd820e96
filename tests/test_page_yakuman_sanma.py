"""The built pages' yakuman, three-player, draws and preset parts (issue 11), read as HTML."""
import tomllib

import pytest
from bs4 import BeautifulSoup

import build
from calculator import present
from engine import calculate, tables
from engine.presets import NAMES, PRESETS
from calculator.present import fmt

from .test_build import LANGS, NEVER_RON, NEVER_TSUMO, cells, never, text

STRINGS = {lang: tomllib.loads((build.CONTENT / lang / "strings.toml").read_text()) for lang in LANGS}


@pytest.fixture(scope="module")
def pages(site):
    return {lang: BeautifulSoup((site / lang / "index.html").read_text(encoding="utf-8"), "html.parser")
            for lang in LANGS}


@pytest.mark.parametrize("lang", LANGS)
def test_draws_table(pages, lang):
    rows = cells(pages[lang].select_one("#draws table"))
    words = STRINGS[lang]["table"]["draws"]
    assert len(rows) == 9
    for row, data in zip(rows, tables.draw_rows(), strict=True):
        assert row == [words[f"players_{data['players']}"], str(data["tenpai"]), str(data["noten"]),
                       fmt(data["receive"]), fmt(data["pay"])]
    # SPEC §1.8, as a reader finds them: one tenpai of four, two of three
    assert rows[1][3:] == ["3,000", "1,000"] and rows[7][3:] == ["1,000", "2,000"]


@pytest.mark.parametrize("lang", LANGS)
def test_limits_table_has_single_and_double_yakuman(pages, lang):
    rows = pages[lang].select("#limits tbody tr")
    tier = STRINGS[lang]["tier"]
    no_han = STRINGS[lang]["table"]["limits"]["yakuman_han"]
    all_pay = STRINGS[lang]["card"]["all"].format  # a dealer's tsumo: "16,000 올" / 「16,000オール」
    pair = STRINGS[lang]["joiner"]["tsumo_payments"].join  # a non-dealer's tsumo: 子・親, two amounts

    def shown(row, rule):  # the cells a reader sees in four-player, or three-player by tsumo rule
        spans = {"four": ".not-3p", "loss": ".for-loss", "noloss": ".for-noloss"}
        return [text(cell) if not cell.select(spans[rule]) else text(cell.select_one(spans[rule]))
                for cell in row.find_all(["th", "td"])]

    assert shown(rows[-2], "four") == [tier["yakuman"], no_han, "32,000", "48,000",
                                       "32,000 " + pair(("8,000", "16,000")),
                                       "48,000 " + all_pay(a="16,000")]
    assert shown(rows[-1], "four") == [tier["yakuman2"], no_han, "64,000", "96,000",
                                       "64,000 " + pair(("16,000", "32,000")),
                                       "96,000 " + all_pay(a="32,000")]
    # three-player (SPEC §1.7): yakuman tsumo 16,000 / 8,000; mangan 4,000 / 2,000 or, without
    # tsumo loss, 5,000 / 3,000 and a dealer's 6,000 each
    assert shown(rows[-2], "loss")[4:] == ["24,000 " + pair(("8,000", "16,000")),
                                           "32,000 " + all_pay(a="16,000")]
    assert shown(rows[0], "loss")[4:] == ["6,000 " + pair(("2,000", "4,000")), "8,000 " + all_pay(a="4,000")]
    assert shown(rows[0], "noloss")[4:] == ["8,000 " + pair(("3,000", "5,000")),
                                            "12,000 " + all_pay(a="6,000")]
    for row, data in zip(rows, tables.limit_rows(), strict=True):
        cells = row.find_all("td")
        for rule in ("loss", "noloss"):
            nd, each = data["three"]["tsumo_nondealer"][rule], data["three"]["tsumo_dealer"][rule]
            assert text(cells[3].select_one(f".for-{rule}")) == (
                f'{fmt(nd["total"])} {pair((fmt(nd["nondealer"]), fmt(nd["dealer"])))}')
            assert text(cells[4].select_one(f".for-{rule}")) == (
                f'{fmt(each["total"])} {all_pay(a=fmt(each["each"]))}')
            assert "for-3p" in cells[3].select_one(f".for-{rule}")["class"]


@pytest.mark.parametrize("lang", LANGS)
def test_three_player_fu_han_table(pages, lang):
    page = pages[lang]
    box = page.select_one("#fu-han-3p")
    assert "for-3p" in box["class"] and "not-3p" in page.select_one("#fu-han")["class"]
    rows = box.select("tbody tr")
    all_pay = STRINGS[lang]["card"]["all"].format  # a dealer's tsumo: "2,000 올" / 「2,000オール」
    pair = STRINGS[lang]["joiner"]["tsumo_payments"].join  # a non-dealer's tsumo: 子・親, two amounts
    assert len(rows) == 44
    blank = {"ron": set(), "tsumo": set()}
    for row, data in zip(rows, tables.fu_han_rows_3p(), strict=True):
        tds = row.find_all("td")
        hand = (data["fu"], data["han"])
        if text(tds[1]) == never(lang):
            blank["ron"].add(hand)
            assert text(tds[2]) == never(lang)
        else:
            assert text(tds[1]) == fmt(data["ron_nondealer"]) and text(tds[2]) == fmt(data["ron_dealer"])
        if text(tds[3]) == never(lang):
            blank["tsumo"].add(hand)
            assert text(tds[4]) == never(lang)
            continue
        for cell, column in ((tds[3], "tsumo_nondealer"), (tds[4], "tsumo_dealer")):
            for rule in ("loss", "noloss"):
                shown = text(cell.select_one(f".for-{rule}"))
                figures = data[column][rule]
                shares = (pair((fmt(figures["nondealer"]), fmt(figures["dealer"])))
                          if "dealer" in figures else all_pay(a=fmt(figures["each"])))
                assert shown == f'{fmt(figures["total"])} {shares}'
    assert blank == {"ron": NEVER_RON, "tsumo": NEVER_TSUMO}  # three players reach the same hands
    # SPEC §1.7: 4 han 40 fu is a mangan; non-dealer tsumo 4,000 / 2,000, no tsumo loss 5,000 / 3,000
    mangan = rows[3 * 4 + 3].find_all("td")[3]
    assert text(mangan.select_one(".for-loss")) == "6,000 " + pair(("2,000", "4,000"))
    assert text(mangan.select_one(".for-noloss")) == "8,000 " + pair(("3,000", "5,000"))


@pytest.mark.parametrize("lang", LANGS)
def test_new_controls(pages, lang):
    page = pages[lang]
    words = STRINGS[lang]
    assert [o["value"] for o in page.select("#f-yakuman option")] == [str(k) for k in range(7)]
    assert page.select_one("#f-yakuman option[selected]")["value"] == "0"
    assert [r["value"] for r in page.select('input[name="players"]')] == ["4", "3"]
    assert page.select_one("#f-players-4").has_attr("checked")
    assert page.select_one("#f-multi").has_attr("checked")
    assert page.select_one("#f-tsumoloss").has_attr("checked")
    assert "for-3p" in page.select_one("#f-tsumoloss").parent["class"]
    for name in ("fumode", "han", "fu", "shape", "m1", "pair", "wait"):
        field = page.select_one(f"#f-{name}, #f-{name}-known")
        assert "not-yakuman" in field.find_parent(class_="field")["class"], name
    assert "not-yakuman" in page.select_one('[data-result="fu"]')["class"]
    options = page.select("#f-preset option")
    assert [o["value"] for o in options] == ["custom", *NAMES]
    assert [text(o) for o in options] == [words["option"]["preset"][v] for v in ["custom", *NAMES]]
    assert options[0].has_attr("selected")
    assert page.select_one("#f-preset").find_parent("details")["id"] == "table-rules"
    # the honba hint has a three-player wording shown in its place (200 per counter on ron)
    assert "not-3p" in page.select_one("#honba-hint")["class"]
    assert "for-3p" in page.select_one("#honba-hint-3p")["class"]
    assert "200" in text(page.select_one("#honba-hint-3p"))
    assert page.select_one("#f-honba")["aria-describedby"] == "honba-hint honba-hint-3p honba-error"


@pytest.mark.parametrize("lang", LANGS)
def test_new_words_exist_and_differ(lang):
    words = STRINGS[lang]
    assert {f"yakuman{k}" if k > 1 else "yakuman" for k in range(1, 7)} <= set(words["tier"])
    notices = set()
    for keys in ({"yakuman": "2", "multi": "0"}, {"players": "3", "win": "tsumo"}):
        notices.update(calculate(keys)["notices"])
    assert notices == {"yakuman_single"} and notices <= set(words["notice"])
    for group in ("players", "yakuman", "preset"):
        assert len(set(words["option"][group].values())) == len(words["option"][group])


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("keys,amounts", [
    ({"players": "3", "han": "5", "win": "tsumo"}, ("4,000", "2,000")),
    ({"players": "3", "han": "5", "win": "tsumo", "tsumoloss": "0"}, ("5,000", "3,000")),
    ({"players": "3", "han": "5", "win": "tsumo", "seat": "dealer"}, ("4,000",)),
    ({"yakuman": "2", "win": "tsumo", "seat": "dealer"}, ("32,000",)),
])
def test_explanation_names_the_payers(lang, keys, amounts):
    result = calculate(keys)
    sentence = present.explanation(result, STRINGS[lang])
    say = STRINGS[lang]["explain"]
    three = "_3p" if keys.get("players") == "3" else ""
    template = say[("tsumo_each" if keys.get("seat") == "dealer" else "tsumo_nondealer") + three]
    assert sentence == template.format(a=amounts[0], b=amounts[-1])
    view = present.view(result, STRINGS[lang])
    assert len(view["who_pays"]) == (2 if three else 3)


# The presets the selector offers, against the published rule sets' values in engine.presets
# (whose SOURCES name the documents) and the figures SPEC and the issue quote for them.
@pytest.mark.parametrize("name,players,keys", [
    ("tenhou", "4", {"kiriage": "0", "kazoe": "1", "multi": "1"}),
    ("tenhou", "3", {"kiriage": "0", "kazoe": "1", "multi": "1", "tsumoloss": "1"}),
    ("mahjongsoul", "3", {"kiriage": "0", "kazoe": "1", "multi": "1", "tsumoloss": "1"}),
    ("mleague", "4", {"kiriage": "1", "kazoe": "0", "multi": "1"}),
    ("mleague", "3", {"kiriage": "1", "kazoe": "0", "multi": "1"}),  # four-player only
    ("wrc", "4", {"kiriage": "1", "kazoe": "0", "multi": "1"}),
    ("ema", "4", {"kiriage": "0", "kazoe": "0", "multi": "0"}),
])
def test_preset_keys(name, players, keys):
    assert present.preset_keys(name, players) == keys
    assert all(PRESETS[name][key] == int(value) for key, value in keys.items())
    assert present.preset_matches(name, {**keys, "players": players})
    flipped = {**keys, "kiriage": "1" if keys["kiriage"] == "0" else "0", "players": players}
    assert not present.preset_matches(name, flipped)
    assert present.preset_keys("custom", players) == {}
