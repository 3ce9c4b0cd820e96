"""The built site, read as HTML: pages, tables, default cards, links, strings."""
import json
import re
import string
import tomllib
from urllib.parse import urlparse

import pytest
from bs4 import BeautifulSoup

import build
from engine import calculate, tables
from calculator.present import fmt, hk_cells

LANGS = ("ko", "ja")



@pytest.fixture(scope="module")
def pages(site):
    return {lang: BeautifulSoup((site / lang / "index.html").read_text(encoding="utf-8"), "html.parser")
            for lang in LANGS}


def text(element):
    return " ".join(element.get_text(" ", strip=True).split())


@pytest.mark.parametrize("lang", LANGS)
def test_page_language_and_head(pages, lang):
    page = pages[lang]
    assert page.html["lang"] == lang
    assert page.title.string.strip()
    assert page.find("meta", attrs={"name": "description"})["content"]
    alternates = {link["hreflang"]: link["href"] for link in page.find_all("link", rel="alternate")}
    other = "ja" if lang == "ko" else "ko"
    assert alternates == {lang: "./", other: f"../{other}/"}
    faq = json.loads(page.find("script", type="application/ld+json").string)
    assert faq["@type"] == "FAQPage" and len(faq["mainEntity"]) >= 6
    assert all(q["name"] and q["acceptedAnswer"]["text"] for q in faq["mainEntity"])
    assert page.find("meta", attrs={"http-equiv": "Content-Security-Policy"})


@pytest.mark.parametrize("lang", LANGS)
def test_ten_tables_with_149_rows(pages, lang):
    # SPEC §2's eight tables and 94 rows, plus issue 11: two yakuman rows under the limits,
    # the draws table (9 rows) and the three-player fu × han table (44 rows)
    found = pages[lang].select(".tables table")
    assert len(found) == 10
    assert sum(len(t.select("tbody tr")) for t in found) == 94 + 2 + 9 + 44


@pytest.mark.parametrize("lang", LANGS)
def test_default_cards(pages, lang):
    page = pages[lang]
    value = lambda hook: text(page.select_one(f'[data-result="{hook}"] [data-value]'))  # noqa: E731
    assert value("total") == "3,900"
    assert value("payments") == {"ko": "방총한 사람 3,900", "ja": "放銃者 3,900"}[lang]  # the payer named
    assert value("middle") == "960"
    assert value("fu") == "30"
    who = [[text(td) for td in tr.find_all(["th", "td"])] for tr in page.select("[data-who-pays] tr")]
    assert [row[1:] for row in who] == [["3,900", "0"], ["0", "0"], ["0", "0"]]


@pytest.mark.parametrize("lang", LANGS)
def test_your_hand_tag_on_30_fu_3_han(pages, lang):
    rows = pages[lang].select("[data-fu-han-rows] tr")
    tagged = [row for row in rows if not row.select_one("[data-your-hand]").has_attr("hidden")]
    assert [(row["data-fu"], row["data-han"]) for row in tagged] == [("30", "3")]


def cells(table):
    return [[text(c) for c in tr.find_all(["th", "td"])] for tr in table.select("tbody tr")]


# The cells a published fu × han table leaves blank (a real hand never reaches them): every 20-fu
# ron (20 fu is a closed pinfu tsumo only), 1 han at 20 or 25 fu (pinfu tsumo and seven pairs are
# 2 han at least), and 25 fu 2 han by tsumo (seven pairs with menzen tsumo: 3 han at least).
NEVER_RON = {(20, 1), (20, 2), (20, 3), (20, 4), (25, 1)}
NEVER_TSUMO = {(20, 1), (25, 1), (25, 2)}


def never(lang):
    return "— " + build.load_strings(lang)["table"]["never"]


@pytest.mark.parametrize("lang", LANGS)
def test_fu_han_cells_equal_engine_data(pages, lang):
    shown = cells(pages[lang].select_one("#fu-han table"))
    blank = {"ron": set(), "tsumo": set()}
    for row, data in zip(shown, tables.fu_han_rows(), strict=True):
        assert row[0].split()[0] == str(data["fu"])
        assert row[1] == str(data["han"])
        hand = (data["fu"], data["han"])
        if row[2] == never(lang):
            blank["ron"].add(hand)
            assert row[3] == never(lang)
        else:
            assert row[2:4] == [fmt(data["ron_nondealer"]), fmt(data["ron_dealer"])]
        if row[4] == never(lang):
            blank["tsumo"].add(hand)
            assert row[5] == never(lang)
            continue
        nd = data["tsumo_nondealer"]
        joiner = build.load_strings(lang)["joiner"]["tsumo_payments"]  # two amounts: 子・親
        shares = f'{fmt(nd["nondealer"])}{joiner}{fmt(nd["dealer"])}'
        assert row[4] == f'{fmt(nd["total"])} {shares}'
        each = fmt(data["tsumo_dealer"]["each"])  # a dealer's tsumo as players say it: "2,000 올"
        all_pay = build.load_strings(lang)["card"]["all"].format(a=each)
        assert row[5] == f'{fmt(data["tsumo_dealer"]["total"])} {all_pay}'
    assert blank == {"ron": NEVER_RON, "tsumo": NEVER_TSUMO}
    # one published figure, as a reader would look it up: 30 fu 4 han, non-dealer tsumo
    assert shown[4 * 2 + 3][4] == {"ko": "7,900 2,000·3,900", "ja": "7,900 2,000・3,900"}[lang]
    assert shown[4 * 2 + 3][5] == {"ko": "11,700 3,900 올", "ja": "11,700 3,900オール"}[lang]


@pytest.mark.parametrize("lang", LANGS)
def test_other_tables_equal_engine_data(pages, lang):
    page = pages[lang]
    hk = cells(page.select_one("#hk table"))
    for row, data, live in zip(hk, tables.hk_rows(), hk_cells(tables.hk_rows()), strict=True):
        assert row == [str(data["fan"]), fmt(data["full"]), fmt(data["half"]), *live]
    assert hk[0][3] == "0.5" and hk[13][4] == "128"
    nmjl = cells(page.select_one("#nmjl table"))
    assert nmjl[0] == ["25", "100", "200", "150", "300"]
    assert len(nmjl) == 6
    mcr = cells(page.select_one("#mcr table"))
    assert mcr[0] == ["8", "16", "8", "32", "16", "48"]
    assert mcr[-1] == ["88", "96", "8", "112", "96", "288"]
    limits = cells(page.select_one("#limits table"))
    assert [row[2:4] for row in limits] == [["8,000", "12,000"], ["12,000", "18,000"],
                                           ["16,000", "24,000"], ["24,000", "36,000"],
                                           ["32,000", "48,000"], ["32,000", "48,000"],
                                           ["64,000", "96,000"]]
    breakdown = cells(page.select_one("#fu-breakdown table"))
    assert [row[-1] for row in breakdown] == ["20", "10", "0", "0", "0", "0", "0", "0", "30", "30"]
    assert len(cells(page.select_one("#rules table"))) == 4
    assert len(cells(page.select_one("#who-pays table"))) == 3


@pytest.mark.parametrize("lang", LANGS)
def test_links_stay_on_the_site(pages, lang):
    page = pages[lang]
    sources = page.select_one("#guide-sources")
    external = set(sources.find_all("a")) if sources else set()
    for element in page.find_all(src=True) + page.find_all(href=True):
        url = element.get("src") or element.get("href")
        if element in external:
            assert urlparse(url).scheme == "https"
            continue
        assert not url.startswith("/"), url
        assert not urlparse(url).scheme and not urlparse(url).netloc, url
    assert len(external) >= 5


@pytest.mark.parametrize("lang", LANGS)
def test_no_template_leftovers(site, lang):
    """No page shows a template's leftovers: a Python object's repr (a string group's key that is
    also a dict method, `s.tiles.clear`, once printed "<built-in method clear ...>" escaped)."""
    for page in ("index.html", "ledger/index.html", "conditions/index.html"):
        html = (site / lang / page).read_text(encoding="utf-8")
        for leftover in ("{{", "{%", "built-in method", "bound method", " object at 0x", "None<",
                         "Undefined"):
            assert leftover not in html, (page, leftover)


@pytest.mark.parametrize("lang", LANGS)
def test_every_control_has_a_label_and_error_box(pages, lang):
    page = pages[lang]
    for field in page.select("#calc input, #calc select"):
        name = field["name"]
        assert page.select_one(f'[data-error="{name}"]'), name
        if field.get("type") != "radio":
            assert page.select_one(f'label[for="{field["id"]}"]'), name


def flatten(strings, prefix=""):
    for key, value in strings.items():
        if isinstance(value, dict):
            yield from flatten(value, f"{prefix}{key}.")
        else:
            yield f"{prefix}{key}", value


def fields(template):
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_strings_have_the_same_keys_and_placeholders():
    ko, ja = (dict(flatten(tomllib.loads((build.CONTENT / lang / "strings.toml").read_text())))
              for lang in LANGS)
    assert ko.keys() == ja.keys()
    for key in ko:
        assert fields(ko[key]) == fields(ja[key]), key


@pytest.mark.parametrize("lang", LANGS)
def test_labels_meant_to_differ_do_differ(lang):
    strings = tomllib.loads((build.CONTENT / lang / "strings.toml").read_text())
    groups = [strings["tier"], strings["payer"], strings["notice"], strings["error"],
              *strings["option"].values()]
    for group in groups:
        assert len(set(group.values())) == len(group), group
    labels = strings["label"]
    assert len(set(labels.values())) == len(labels)


@pytest.mark.parametrize("lang", LANGS)
def test_every_engine_code_has_words(lang):
    strings = tomllib.loads((build.CONTENT / lang / "strings.toml").read_text())
    from engine.query import CODES
    assert set(CODES) <= set(strings["error"])
    notices = set()
    for mapping in ({"han": "4", "fu": "40"}, {"han": "4", "fu": "30", "kiriage": "1"},
                    {"han": "13", "kazoe": "0"}, {"han": "1", "fu": "20"}, {"han": "1", "fu": "25"},
                    {"han": "1", "fu": "20", "win": "tsumo"},  # a ron says only its own 20 fu
                    {"fumode": "count", "menzen": "0"}, {"rule": "hk", "fan": "12"},
                    {"rule": "hk", "fan": "1"}, {"rule": "mcr", "points": "1"},
                    {"rule": "nmjl", "jokerless": "1"}):
        notices.update(calculate(mapping)["notices"])
    assert notices <= set(strings["notice"])
    assert len(notices) == 11


def test_index_offers_both_languages(site):
    page = BeautifulSoup((site / "index.html").read_text(encoding="utf-8"), "html.parser")
    hrefs = {a["href"] for a in page.select(".languages a")}
    assert hrefs == {"ko/", "ja/"}


def test_sitemap_and_base_url(tmp_path):
    build.main(["--out", str(tmp_path), "--base-url", "https://user.github.io/repo"])
    sitemap = (tmp_path / "sitemap.xml").read_text()
    assert re.findall(r"<loc>(.*?)</loc>", sitemap) == ["https://user.github.io/repo/ko/",
                                                        "https://user.github.io/repo/ko/ledger/",
                                                        "https://user.github.io/repo/ko/conditions/",
                                                        "https://user.github.io/repo/ko/practice/",
                                                        "https://user.github.io/repo/ko/season/",
                                                        "https://user.github.io/repo/ja/",
                                                        "https://user.github.io/repo/ja/ledger/",
                                                        "https://user.github.io/repo/ja/conditions/",
                                                        "https://user.github.io/repo/ja/practice/",
                                                        "https://user.github.io/repo/ja/season/"]
    page = BeautifulSoup((tmp_path / "ko" / "index.html").read_text(), "html.parser")
    assert page.find("link", rel="canonical")["href"] == "https://user.github.io/repo/ko/"
