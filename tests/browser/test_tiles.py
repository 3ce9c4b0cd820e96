"""The calculator's third fu mode, a hand by its tiles (SPEC §9.4), in Chromium, ko and ja.

Every expected value (yaku, han, fu, total, waits) comes from the independent `mahjong` package,
never from our engine: the page must agree with it, from a link and from taps on the palette.
What the page shows for a link or a state (the yaku rows, the value, the cards, the waits, the
messages) is proven in both languages in plain Python by tests/test_tiles_cards.py, with that
package's answers (`mahjong_value`, taken from there); here stay the taps, the palette, the
layout, what the page hides and shows, and one boot per case showing that the page writes those
values.
"""
import pytest

import build
from tests.test_calculator_cards import opened
from tests.test_tiles_cards import (DOUBLE_WIND, HAND, KITA_RINSHAN, SANMA, WAITING, han_text,
                                    link, mahjong_value, split, value_text)

from .helpers import address, card, shipped_scripts

LANGS = ("ko", "ja")
STRINGS = {lang: build.load_strings(lang) for lang in LANGS}


def shown_yaku(page):
    rows = page.locator("[data-tiles-yaku] [data-yaku]")
    return sorted((rows.nth(i).get_attribute("data-yaku"),
                   rows.nth(i).locator(".tiles-yaku-han").inner_text().strip())
                  for i in range(rows.count()))


def expect(page, lang, expected):
    yaku, han, fu, total = expected
    assert shown_yaku(page) == sorted((name, han_text(lang, h)) for name, h in yaku)
    assert page.locator("[data-tiles-value]").inner_text().strip() == value_text(lang, han, fu)
    assert card(page, "total") == f"{total:,}"
    assert card(page, "fu") == str(fu)
    assert page.locator("#results").get_attribute("data-state") == "ok"


# Both languages, and the hand as held: test_tiles_cards.py, the same name
@pytest.mark.parametrize("lang", ["ko"])
def test_a_hand_from_a_link_shows_what_the_mahjong_package_counts(open_page, lang):
    expected = mahjong_value(HAND["hand"], HAND["agari"], riichi=True, dora=HAND["dora"])
    assert expected[1] == 4  # riichi, pinfu, tanyao and a dora: the hand is what it claims
    page, watch = open_page(lang, link(**HAND))
    expect(page, lang, expected)
    dora = STRINGS[lang]["tiles"]["dora_count"].format(
        label=STRINGS[lang]["tiles"]["dora_kind"]["dora"], n=1)
    assert page.locator("[data-tiles-dora-counts]").inner_text().strip() == dora
    # the hand as tiles, sorted, the winning tile apart and last
    held = page.locator("[data-tiles-hand] [data-held]")
    tiles = [held.nth(i).get_attribute("data-held") for i in range(held.count())]
    rest = sorted(split(HAND["hand"]), key=lambda t: ("mpsz".index(t[1]), t[0]))
    rest.remove("3s")
    assert tiles == rest + ["3s"]
    assert "tile-agari" in held.nth(13).get_attribute("class")
    watch.clean()


@pytest.mark.parametrize("lang", LANGS)
def test_the_same_hand_tapped_on_the_palette_gives_the_same_result(open_page, lang):
    expected = mahjong_value(HAND["hand"], HAND["agari"], riichi=True, dora=HAND["dora"])
    page, watch = open_page(lang, "?rule=riichi&fumode=tiles")
    tiles = split(HAND["hand"])
    tiles.remove(HAND["agari"])
    for tile in tiles + [HAND["agari"]]:  # the last tile added is the winning tile
        page.click(f'[data-tiles-palette] [data-tile="{tile}"]')
    page.check("#f-riichi")
    page.click('[data-tiles-target="dora"]')
    page.click('[data-tiles-palette] [data-tile="1m"]')
    expect(page, lang, expected)
    assert page.locator("#f-agari").input_value() == "3s"
    url = address(page)
    assert "agari=3s" in url and "riichi=1" in url and "dora=1m" in url
    # a tap on a shown tile takes it out: 13 tiles, no winning tile, the waits instead
    page.click('[data-tiles-hand] [data-held="2m"]')
    assert page.locator("#f-agari").input_value() == ""
    assert page.locator("[data-tiles-waits-box]").is_visible()
    assert not page.locator('[data-result="total"]').is_visible()
    watch.clean()


# (DOUBLE_WIND.) Each preset in both languages: test_tiles_cards.py, the same name; here each
# preset chosen on the page once.
@pytest.mark.parametrize("lang,preset,double_wind_fu", [("ko", "tenhou", 4), ("ja", "mleague", 2)])
def test_a_preset_sets_the_double_wind_pair(open_page, lang, preset, double_wind_fu):
    expected = mahjong_value(DOUBLE_WIND["hand"], DOUBLE_WIND["agari"], riichi=True,
                             seatwind="E", roundwind="E", double_wind_fu=double_wind_fu)
    assert expected[2] == (50 if double_wind_fu == 4 else 40)
    page, watch = open_page(lang, link(**DOUBLE_WIND))
    page.locator("#table-rules").evaluate("d => d.open = true")
    page.select_option("#f-preset", preset)
    expect(page, lang, expected)
    watch.clean()


# Every bad link's message in both languages: test_tiles_cards.py, the same name; here the
# hostile one, in each language: nothing injected.
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("keys,field,code", [
    (dict(hand="<img src=x onerror=alert(1)>"), "hand", "bad_tiles"),
])
def test_a_bad_or_hostile_link_says_why_next_to_the_field(open_page, site_root, lang, keys,
                                                          field, code):
    page, watch = open_page(lang, link(**keys))
    messages, labels = STRINGS[lang]["error"], STRINGS[lang]["label"]
    wanted = messages[code].format(label=labels[field], low="", high="")
    box = page.locator(f'[data-error="{field}"]')
    assert box.is_visible() and box.inner_text().strip() == wanted
    assert page.locator("#results").get_attribute("data-state") == "invalid"
    assert page.locator("img").count() == 0
    assert page.locator("script").count() == shipped_scripts(site_root, lang)
    assert page.locator("[data-tiles-result]").is_hidden()
    watch.clean()


@pytest.mark.parametrize("lang", LANGS)
def test_before_python_a_tiles_link_is_pending_never_a_stale_number(context, base_url, lang):
    page = context.new_page()
    page.route("**/app/**", lambda route: route.abort())  # Python never gets its modules
    page.goto(f"{base_url}{lang}/{link(**HAND)}")
    page.wait_for_selector("html[data-boot=done]")
    assert page.locator("#results").get_attribute("data-state") == "pending"
    assert page.locator("[data-tiles-live]").get_attribute("inert") is not None
    assert page.locator("[data-tiles-result]").is_hidden()
    assert page.locator("#f-hand").input_value() == HAND["hand"]


def test_the_tiles_have_names_for_screen_readers(open_page):
    page, watch = open_page("ko", "?rule=riichi&fumode=tiles")
    names = STRINGS["ko"]["tiles"]["name"]
    buttons = page.locator("[data-tiles-palette] [data-tile]")
    assert buttons.count() == 37
    for tile, name in (("3m", "3만"), ("0p", "적5통"), ("1z", "동"), ("6z", "발")):
        assert names[tile] == name
        assert page.locator(f'[data-tiles-palette] [data-tile="{tile}"]').get_attribute(
            "aria-label") == name
    box = page.locator('[data-tiles-palette] [data-tile="1m"]').bounding_box()
    # a finger's height on a 390 px phone, and ten to a row so that each suit keeps one row
    assert box["width"] >= 30 and box["height"] >= 44
    watch.clean()


# Three-player riichi is played without 2m–8m (so without the red 5m) and without chi (SPEC §9.2).
SANMA_GONE = ["2m", "3m", "4m", "5m", "0m", "6m", "7m", "8m"]
HIDDEN = "els => els.filter(el => !el.checkVisibility()).map(el => el.getAttribute('{key}'))"


def hidden_in(page, selector, key):
    """The `key` attribute of each element under `selector` that does not show."""
    return page.locator(selector).evaluate_all(HIDDEN.format(key=key))


def hidden_tiles(page):
    return hidden_in(page, "[data-tiles-palette] [data-tile]", "data-tile")


def hidden_calls(page):
    return hidden_in(page, "[data-tiles-target]", "data-tiles-target")


@pytest.mark.parametrize("lang", LANGS)
def test_three_players_are_offered_no_chi_and_no_2m_to_8m(open_page, lang):
    page, watch = open_page(lang, link(players="3"))
    assert hidden_tiles(page) == SANMA_GONE
    assert hidden_calls(page) == ["chi", "ura"]  # and no ura row before a riichi
    tiles = split(SANMA["hand"])
    tiles.remove(SANMA["agari"])
    for tile in tiles + [SANMA["agari"]]:
        page.click(f'[data-tiles-palette] [data-tile="{tile}"]')
    page.check("#f-riichi")
    expected = mahjong_value(SANMA["hand"], SANMA["agari"], riichi=True)
    assert expected[1:3] == (4, 30)  # a non-dealer's ron pays alike at three and at four
    expect(page, lang, expected)
    # four players: chi and every tile again; a chi chosen there gives way to the hand at three
    page.check("#f-players-4")
    assert hidden_tiles(page) == [] and hidden_calls(page) == []
    page.click('[data-tiles-target="chi"]')
    page.check("#f-players-3")
    assert hidden_calls(page) == ["chi"]
    assert page.get_attribute('[data-tiles-target="hand"]', "aria-pressed") == "true"
    assert page.locator("#results").get_attribute("data-state") == "ok"
    watch.clean()


# Three players, a non-dealer's closed tsumo on the tile drawn after a North set aside, no kan
# in the hand (KITA_RINSHAN): rinshan kaihou all the same (Tenhou's rule; engine.situation), and
# the North a dora. Its values from a link in both languages: test_tiles_cards.py.
@pytest.mark.parametrize("lang", LANGS)
def test_three_players_tick_rinshan_after_a_north_set_aside(open_page, lang):
    yaku, han, fu, _total = mahjong_value(KITA_RINSHAN["hand"], "9s", win="tsumo", rinshan=True)
    assert sorted(name for name, _han in yaku) == ["menzen_tsumo", "rinshan"]
    kita = STRINGS[lang]["tiles"]["dora_count"].format(
        label=STRINGS[lang]["tiles"]["dora_kind"]["kita"], n=1)
    page, watch = open_page(lang, link(**KITA_RINSHAN))
    assert page.locator("#f-rinshan").is_hidden()  # no kan, no North: no replacement tile
    page.fill("#f-kita", "1")
    page.check("#f-rinshan")
    assert shown_yaku(page) == sorted((name, han_text(lang, h)) for name, h in yaku)
    assert page.locator("[data-tiles-value]").inner_text().strip() == value_text(lang, han + 1, fu)
    assert page.locator("[data-tiles-dora-counts]").inner_text().strip() == kita
    url = address(page)
    assert "kita=1" in url and "rinshan=1" in url
    watch.clean()
    # the link keeps it
    page, watch = open_page(lang, link(**KITA_RINSHAN, kita="1", rinshan="1"))
    assert page.locator("#f-rinshan").is_checked()
    assert shown_yaku(page) == sorted((name, han_text(lang, h)) for name, h in yaku)
    assert "rinshan=1" in address(page)
    watch.clean()


# Both cases' messages in both languages: test_tiles_cards.py, the same name; here each case
# once, the refused tiles shown.
@pytest.mark.parametrize("lang,keys,field,code,shown", [
    ("ko", dict(hand="456789p123s99m", agari="9p", melds="chi:123p"), "melds", "no_chi_sanma",
     "[data-tiles-melds] .tiles-meld-chi"),
    ("ja", dict(hand="234m456789p123s99m", agari="9p"), "hand", "not_in_sanma",
     '[data-tiles-hand] [data-held="3m"]'),
])
def test_three_players_refuse_a_chi_or_2m_to_8m_next_to_the_field(open_page, lang, keys, field,
                                                                   code, shown):
    page, watch = open_page(lang, link(players="3", **keys))
    wanted = STRINGS[lang]["error"][code].format(label=STRINGS[lang]["label"][field])
    box = page.locator(f'[data-error="{field}"]')
    assert box.is_visible() and box.inner_text().strip() == wanted
    assert page.locator("#results").get_attribute("data-state") == "invalid"
    assert page.locator(shown).is_visible()  # the refused tiles stay shown, a tap from going
    assert page.locator("[data-tiles-result]").is_hidden()
    watch.clean()


# 13 tiles: the waits, and no hand has won (issue 33). The tables under the cards, the "your
# hand" mark and the link into the ledger would all belong to another hand.
NOT_WON = ("#who-pays", "#fu-breakdown", "[data-ledger-link]")


def who_pays(page):
    rows = page.locator("[data-who-pays] tr")
    return [rows.nth(i).locator("td").first.inner_text().strip() for i in range(rows.count())
            if rows.nth(i).is_visible()]


@pytest.mark.parametrize("lang", LANGS)
def test_thirteen_tiles_show_no_payments_fu_or_ledger_link_of_another_hand(open_page, lang):
    page, watch = open_page(lang, link(hand=WAITING))
    assert page.locator("[data-tiles-waits-box]").is_visible()
    for selector in NOT_WON:
        assert page.locator(selector).is_hidden(), selector
    assert page.locator("[data-fu-han-rows] tr.mine, [data-fu-han-3p-rows] tr.mine").count() == 0
    names = STRINGS[lang]["tiles"]["name"]
    dock = page.locator("[data-dock-waits]")  # the bar stays, naming the waits
    assert names["2p"] in dock.inner_text() and names["5p"] in dock.inner_text()
    # each wait with its ron and tsumo, as the page's Python writes them (their values against
    # the mahjong package: test_tiles_cards.py::test_thirteen_tiles_show_their_waits_with_each_value)
    shown = opened(lang, link(hand=WAITING))["tiles"]
    words = STRINGS[lang]["tiles"]
    assert page.locator("[data-tiles-tenpai]").inner_text().strip() == shown["tenpai"]
    assert dock.inner_text().strip() == shown["dock"]
    rows = page.locator("[data-tiles-waits] [data-wait]")
    drawn = [(rows.nth(i).get_attribute("data-wait"),
              *rows.nth(i).locator(".tiles-wait-win").all_inner_texts()) for i in range(rows.count())]
    assert drawn == [(tile, f'{words["ron"]} {ron}', f'{words["tsumo"]} {tsumo}')
                     for tile, ron, tsumo in shown["waits"]]
    # the winning tile in: this hand's payments, fu and link
    _yaku, _han, fu, total = mahjong_value(WAITING + "2p", "2p")
    page.click('[data-tiles-palette] [data-tile="2p"]')
    page.wait_for_function("document.querySelector('#results').dataset.view === 'value'")
    for selector in NOT_WON:
        assert page.locator(selector).is_visible(), selector
    assert who_pays(page) == [f"{total:,}", "0", "0"]
    assert page.locator("[data-fu-rows] tr").last.locator("[data-fu-value]").inner_text() == str(fu)
    assert page.locator(f'[data-fu-han-rows] tr.mine[data-fu="{fu}"]').count() == 1
    # one tile out again: 13 tiles, and the tables go again
    page.click('[data-tiles-hand] [data-held="2p"]')
    page.wait_for_function("document.querySelector('#results').dataset.view === 'waits'")
    for selector in NOT_WON:
        assert page.locator(selector).is_hidden(), selector
    watch.clean()


def hand_error(page):
    box = page.locator('[data-error="hand"]')
    return box.inner_text().strip() if box.is_visible() else ""


@pytest.mark.parametrize("lang", LANGS)
def test_no_error_before_the_hand_is_entered_and_left_short(open_page, lang):
    words, results = STRINGS[lang], "#results"
    page, watch = open_page(lang)
    page.check("#f-fumode-tiles")  # nothing entered yet: no error, no struck-out number
    assert hand_error(page) == ""
    assert page.locator(results).get_attribute("data-state") == "incomplete"
    assert page.locator(".incomplete-note").inner_text().strip() == words["card"]["incomplete"]
    assert page.locator("[data-tiles-hand]").inner_text().strip() == words["tiles"]["empty"]
    for selector in NOT_WON:
        assert page.locator(selector).is_hidden(), selector
    # a pon is three tiles: the count says 3 and no "no tiles yet" beside it
    page.click('[data-tiles-target="pon"]')
    page.click('[data-tiles-palette] [data-tile="7z"]')
    assert page.locator("[data-tiles-count]").inner_text() == words["tiles"]["count"].format(n=3)
    assert words["tiles"]["empty"] not in page.locator("[data-tiles-strip]").inner_text()
    page.click('[data-tiles-target="hand"]')
    for tile in ("2m", "3m", "4m"):
        page.click(f'[data-tiles-palette] [data-tile="{tile}"]')
        assert hand_error(page) == ""
    assert page.locator(results).get_attribute("data-state") == "incomplete"
    # the player moves on with six tiles: now the hand is said to be short
    page.check("#f-win-tsumo")
    wanted = words["error"]["tile_count"].format(label=words["label"]["hand"])
    assert hand_error(page) == wanted
    assert page.locator(results).get_attribute("data-state") == "invalid"  # nothing shown since
    watch.clean()


@pytest.mark.parametrize("lang", LANGS)
def test_one_tap_clears_the_hand_and_a_second_puts_it_back(open_page, lang):
    words = STRINGS[lang]["tiles"]
    expected = mahjong_value(HAND["hand"], HAND["agari"], riichi=True, dora=HAND["dora"])
    page, watch = open_page(lang, link(**HAND))
    clear = page.locator("[data-tiles-clear]")
    assert clear.inner_text().strip() == words["clear"] and clear.is_enabled()
    clear.click()
    assert [page.input_value(f"#f-{name}") for name in ("hand", "agari", "melds", "dora")] == [""] * 4
    assert page.locator("[data-tiles-count]").inner_text() == words["count"].format(n=0)
    assert page.locator("[data-tiles-note]").inner_text() == words["cleared"]
    assert hand_error(page) == ""
    assert clear.inner_text().strip() == words["undo_clear"]
    clear.click()  # the same button puts every tile back
    expect(page, lang, expected)
    assert page.input_value("#f-dora") == HAND["dora"]
    clear.click()
    page.click('[data-tiles-palette] [data-tile="1m"]')  # a new hand begins: no going back
    assert clear.inner_text().strip() == words["clear"]
    assert page.locator("[data-tiles-note]").is_hidden()
    page.click('[data-tiles-hand] [data-held="1m"]')
    assert clear.is_disabled()  # nothing left to clear
    page.click('[data-tiles-palette] [data-tile="2m"]')
    clear.click()  # cleared again, and then a tile typed in (ja review: the note stayed)
    assert page.locator("[data-tiles-note]").inner_text() == words["cleared"]
    page.fill("#f-hand", "1m")
    page.wait_for_function("document.querySelector('[data-tiles-note]').textContent === ''")
    assert clear.inner_text().strip() == words["clear"]
    watch.clean()


@pytest.mark.parametrize("lang", LANGS)
def test_an_error_keeps_struck_through_only_an_answer_of_its_own_mode(open_page, lang):
    """A han/fu answer is never "the last correct input" of a hand by tiles (third Japanese
    reader, F1): no answer is shown until the tiles give one; a 13-tile hand's waits, once
    shown, stay struck through in the result bar too (third Korean reader, #7)."""
    words, results = STRINGS[lang], "#results"
    page, watch = open_page(lang, "?han=3&fu=30")
    page.check("#f-fumode-tiles")
    page.fill("#f-hand", "123m456p789s11zx")
    assert hand_error(page) == words["error"]["bad_tiles"].format(label=words["label"]["hand"])
    assert page.locator(results).get_attribute("data-state") == "invalid"
    assert page.locator(".invalid-note").inner_text().strip() == words["card"]["invalid"]
    assert page.locator(".stale-note").is_hidden() and page.locator(".cards").is_hidden()
    page.fill("#f-hand", WAITING)
    page.wait_for_function("document.querySelector('#results').dataset.view === 'waits'")
    page.fill("#f-hand", WAITING + "x")
    assert page.locator(results).get_attribute("data-state") == "stale"
    assert page.evaluate("getComputedStyle(document.querySelector('[data-dock-waits]'))"
                         ".textDecorationLine") == "line-through"
    watch.clean()
