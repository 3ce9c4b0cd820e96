"""Yakuman multiples, three-player riichi and the rule-set presets, live in Chromium (issue 11).

The cards' values for each link and state, in ko and ja, are proven in plain Python by
tests/test_calculator_cards.py, computed as the page computes them; here stay the controls that
hide and show, the tables the CSS switches, the presets written into the form, the address, and
one boot per case showing that the page writes those values."""
import tomllib
from urllib.parse import parse_qs, urlparse

import pytest

import build
from engine.presets import PRESETS

from .helpers import address, card, paid, set_state, shown_text, visible_error

LANGS = ("ko", "ja")
STRINGS = {lang: tomllib.loads((build.CONTENT / lang / "strings.toml").read_text()) for lang in LANGS}
TSUMO_JOINER = {"ko": "·", "ja": "・"}  # TERMS.md: "1,000·2,000", 「1000・2000」 (non-dealers first)


def tsumo(lang, amounts):
    """A riichi tsumo's payments card: "2,000 / 4,000" written the way the page's language does."""
    return amounts.replace(" / ", TSUMO_JOINER[lang])


def who_pays(page):
    """The who-pays table's visible rows as (payer, amount, honba)."""
    rows = page.locator("[data-who-pays] tr")
    return [tuple(c.strip() for c in rows.nth(i).locator("th, td").all_inner_texts())
            for i in range(rows.count()) if rows.nth(i).is_visible()]


def link(page):
    return {k: v[0] for k, v in parse_qs(urlparse(address(page)).query).items()}


def open_rules(page):
    page.locator("#table-rules").evaluate("d => d.open = true")


# The values in both languages: test_calculator_cards.py::test_double_yakuman_dealer_tsumo_link
@pytest.mark.parametrize("lang", ["ja"])
def test_double_yakuman_dealer_tsumo_link(open_page, lang):
    page, watch = open_page(lang, "?yakuman=2&win=tsumo&seat=dealer")
    words = STRINGS[lang]
    assert card(page, "total") == "96,000"
    assert card(page, "payments") == words["card"]["all"].format(a="32,000")
    assert card(page, "tier") == words["tier"]["yakuman2"]
    assert card(page, "middle") == "16,000"
    each = words["payer"]["nondealer"]
    assert who_pays(page) == [(each, "32,000", "0")] * 3
    assert page.locator("[data-explain]").inner_text() == words["explain"]["tsumo_each"].format(a="32,000")
    for hidden in ("#f-han", "#f-fu", "#f-fumode-count", '[data-result="fu"]'):
        assert not page.locator(hidden).is_visible(), hidden
    assert page.locator("#f-yakuman").input_value() == "2"
    assert page.locator("[data-fu-han-rows] tr.mine").count() == 0  # a yakuman has no fu × han cell
    watch.clean()


@pytest.mark.parametrize("lang", LANGS)
def test_yakuman_control_hides_and_shows_han_and_fu(open_page, lang):
    page, watch = open_page(lang, "?fumode=count")
    assert page.locator('[data-result="fu"]').is_visible() and page.locator("#fu-breakdown").is_visible()
    page.select_option("#f-yakuman", "3")
    assert card(page, "tier") == STRINGS[lang]["tier"]["yakuman3"]
    assert card(page, "total") == "96,000"
    for hidden in ("#f-han", "#f-m1", "#f-fumode-known", '[data-result="fu"]', "#fu-breakdown"):
        assert not page.locator(hidden).is_visible(), hidden
    assert link(page)["yakuman"] == "3" and "fumode" not in link(page)
    page.select_option("#f-yakuman", "0")
    assert page.locator("#f-han").is_visible() and page.locator("#f-m1").is_visible()
    assert card(page, "total") == "3,900"
    watch.clean()


@pytest.mark.parametrize("lang", LANGS)
def test_three_player_tsumo_and_tsumo_loss_live(open_page, lang):
    page, watch = open_page(lang, "?players=3&han=5&win=tsumo")
    words = STRINGS[lang]
    assert (card(page, "total"), card(page, "payments")) == ("6,000", tsumo(lang, "2,000 / 4,000"))
    assert who_pays(page) == [(words["payer"]["nondealer"], "2,000", "0"),
                              (words["payer"]["dealer"], "4,000", "0")]
    assert page.locator("[data-explain]").inner_text() == words["explain"]["tsumo_nondealer_3p"].format(
        a="4,000", b="2,000")
    # the three-player fu × han table replaces the four-player one
    assert page.locator("#fu-han-3p").is_visible() and not page.locator("#fu-han").is_visible()
    cell = page.locator('#fu-han-3p tr[data-fu="40"][data-han="4"] td').nth(3)
    assert shown_text(cell).split() == ["6,000", tsumo(lang, "2,000 / 4,000")]
    mangan = page.locator("#limits tbody tr").first.locator("td").nth(3)  # the limits table too
    assert mangan.inner_text().split() == ["6,000", tsumo(lang, "2,000 / 4,000")]
    open_rules(page)
    page.set_checked("#f-tsumoloss", False)
    assert (card(page, "total"), card(page, "payments")) == ("8,000", tsumo(lang, "3,000 / 5,000"))
    assert [row[1] for row in who_pays(page)] == ["3,000", "5,000"]
    assert link(page)["tsumoloss"] == "0"
    assert shown_text(cell).split() == ["8,000", tsumo(lang, "3,000 / 5,000")]
    assert mangan.inner_text().split() == ["8,000", tsumo(lang, "3,000 / 5,000")]
    page.check("#f-players-4")
    assert card(page, "payments") == tsumo(lang, "2,000 / 4,000")  # the card: 子・親, two amounts
    assert len(who_pays(page)) == 3
    assert not page.locator("#f-tsumoloss").is_visible() and "tsumoloss" not in link(page)
    assert page.locator("#fu-han").is_visible() and not page.locator("#fu-han-3p").is_visible()
    assert mangan.inner_text().split() == ["8,000", tsumo(lang, "2,000 / 4,000")]
    watch.clean()


# The values in both languages: test_calculator_cards.py::test_three_player_ron_with_honba
@pytest.mark.parametrize("lang", ["ko"])
def test_three_player_ron_with_honba(open_page, lang):
    page, watch = open_page(lang, "?players=3&honba=2")
    assert (card(page, "total"), card(page, "payments")) == ("4,300", paid(STRINGS[lang], "4,300 / 0"))
    assert who_pays(page)[0][1:] == ("4,300", "400")
    assert page.locator('#fu-han-3p tr.mine[data-fu="30"][data-han="3"]').count() == 1
    watch.clean()


@pytest.mark.parametrize("lang", LANGS)
def test_preset_sets_the_table_rules_and_the_result(open_page, lang):
    page, watch = open_page(lang, "?han=4&fu=30")
    words = STRINGS[lang]["option"]["preset"]
    open_rules(page)
    assert card(page, "total") == "7,700"
    page.select_option("#f-preset", "mleague")  # kiriage on, no kazoe
    assert page.locator("#f-kiriage").is_checked() and not page.locator("#f-kazoe").is_checked()
    assert page.locator("#f-multi").is_checked() == bool(PRESETS["mleague"]["multi"])
    assert card(page, "total") == "8,000"
    assert link(page)["kiriage"] == "1" and link(page)["kazoe"] == "0" and "preset" not in link(page)
    page.select_option("#f-preset", "ema")  # no kiriage, no kazoe, yakuman not cumulative
    assert card(page, "total") == "7,700"
    page.select_option("#f-yakuman", "2")
    assert card(page, "total") == "32,000"
    assert page.locator("#f-preset option:checked").inner_text() == words["ema"]
    page.set_checked("#f-multi", True)  # one rule changed by hand: no longer EMA
    assert card(page, "total") == "64,000"
    assert page.locator("#f-preset").input_value() == "custom"
    assert page.locator("#f-preset option:checked").inner_text() == words["custom"]
    page.select_option("#f-preset", "tenhou")
    assert not page.locator("#f-kiriage").is_checked() and page.locator("#f-kazoe").is_checked()
    assert page.locator("#f-preset").input_value() == "tenhou"
    watch.clean()


@pytest.mark.parametrize("lang", LANGS)
def test_preset_in_three_player_sets_tsumo_loss(open_page, lang):
    page, watch = open_page(lang, "?players=3&han=5&win=tsumo&tsumoloss=0")
    open_rules(page)
    assert card(page, "payments") == tsumo(lang, "3,000 / 5,000")
    page.select_option("#f-preset", "mahjongsoul")  # ranked three-player: tsumo loss
    assert page.locator("#f-tsumoloss").is_checked()
    assert card(page, "payments") == tsumo(lang, "2,000 / 4,000")
    page.select_option("#f-preset", "wrc")  # four-player only: tsumo loss left as it is
    page.set_checked("#f-tsumoloss", False)
    assert page.locator("#f-preset").input_value() == "wrc"
    assert card(page, "payments") == tsumo(lang, "3,000 / 5,000")
    watch.clean()


# Bad input, each with its documented outcome (README of the keys: SPEC §3.1, §1.6, §1.7): every
# link's message in both languages in test_calculator_cards.py::test_bad_links_show_the_fields_error,
# and its test_ignored_inputs_are_not_errors; one per language here, next to its field.
@pytest.mark.parametrize("lang,query,field,code", [
    ("ko", "?yakuman=7", "yakuman", "out_of_range_yakuman"),
    ("ja", "?players=3&tsumoloss=2", "tsumoloss", "unknown_choice"),
])
def test_bad_links_show_the_fields_error(open_page, lang, query, field, code):
    page, watch = open_page(lang, query)
    words = STRINGS[lang]
    message = words["error"][code]
    assert visible_error(page, field) == message.format(label=words["label"][field], low="", high="")
    assert page.locator("#results").get_attribute("data-state") == "invalid"
    assert page.locator(f'[data-error="{field}"]').get_attribute("data-error") == field
    watch.clean()


# One boot setting each state through the controls (Japanese; the controls and their reading are
# the same page in Korean, set through them in the tests above); the same states' values in both
# languages, in plain Python: test_calculator_cards.py::test_yakuman_and_three_player_scenes.
@pytest.mark.parametrize("lang", ["ja"])
def test_worked_scenes_through_the_controls(open_page, lang):
    page, watch = open_page(lang)
    for state, total, payments in [
        (dict(yakuman=2), "64,000", "64,000 / 0 / 0"),
        (dict(yakuman=3, win="tsumo"), "96,000", tsumo(lang, "24,000 / 48,000")),
        (dict(yakuman=2, multi=0), "32,000", "32,000 / 0 / 0"),
        (dict(yakuman=1, seat="dealer", honba=1, sticks=1), "49,300", "48,300 / 0 / 0"),
        (dict(players=3, han=5, win="tsumo", seat="dealer"), "8,000", "all 4,000"),
        (dict(players=3, han=5, win="tsumo", seat="dealer", tsumoloss=0), "12,000", "all 6,000"),
        (dict(players=3, han=1, win="tsumo", tsumoloss=0), "1,200", tsumo(lang, "500 / 700")),
        (dict(players=3, yakuman=1, win="tsumo"), "24,000", tsumo(lang, "8,000 / 16,000")),
    ]:
        set_state(page, **state)
        if payments.startswith("all "):  # a dealer's tsumo: "4,000 올" / "4,000オール"
            payments = STRINGS[lang]["card"]["all"].format(a=payments[4:])
        elif " / 0" in payments:  # a ron: the discarder named, "방총한 사람 64,000"
            payments = paid(STRINGS[lang], payments)
        assert (card(page, "total"), card(page, "payments")) == (total, payments), state
    watch.clean()
