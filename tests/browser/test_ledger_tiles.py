"""A winner's hand entered by its tiles in the ledger's form (SPEC §9.4), in Chromium, ko and ja.

The han and fu the page fills in are compared with the engine for the same tiles in the situation
the game gives (seat and round wind from the dealer and the round, ron or tsumo, riichi, the
Tenhou preset's rules, written out from the rule book's data: tests/ledger_flow.py expected), and
the scores after the hand with `python -m engine.ledger` replaying the exported record. The
four-player flow that only compared those values (winners by their tiles in East 1 to 3, a hand
refused for no yaku) is plain Python: tests/test_ledger_flows.py::test_winners_by_their_tiles;
the tile box itself (the calculator's page read into the form, taps, what it offers and hides,
its yaku, its refusal) is proven here.
"""
import pytest

import engine
from engine.presets import preset_rules

from ..ledger_flow import PINFU_ON_8S, error_words, expected
from .ledger_page import add, board, cli, exported, expected_board, open_ledger, preview, start

LANGS = ("ko", "ja")


def winner_box(page, seat):
    return page.locator(f'[data-ledger-winner="{seat}"]')


def tap(page, seat, tiles, target="hand"):
    box = winner_box(page, seat)
    box.locator(f'[data-tiles-target="{target}"]').click()
    for tile in tiles:
        box.locator(f'[data-tiles-palette] [data-tile="{tile}"]').click()


def han_fu(page, seat):
    return int(page.input_value(f"#lh-han-{seat}")), int(page.input_value(f"#lh-fu-{seat}"))


def test_the_calculators_tile_hand_arrives_as_tiles(context, base_url):
    page, watch = open_ledger(context, base_url, "ko")
    start(page)
    calculator = context.new_page()
    hand = "".join(PINFU_ON_8S)
    calculator.goto(f"{base_url}ko/?fumode=tiles&hand={hand}&agari=8s&dora=1m&riichi=1&seatwind=E")
    calculator.wait_for_selector("html[data-engine=ready]", timeout=60_000)
    with calculator.expect_navigation():
        calculator.click("[data-ledger-link]")
    calculator.wait_for_selector("html[data-engine=ready]", timeout=60_000)
    # East 1: East is A, the dealer.
    assert calculator.is_checked("#lh-winner-0") and calculator.is_checked("#lh-riichi-0")
    assert calculator.is_checked("#lh-bytiles-0") and calculator.is_checked("#lh-result-ron")
    want = expected(PINFU_ON_8S, "8s", "E", "E", "ron", riichi="1", dora="1m")["tiles"]
    calculator.wait_for_function("document.querySelectorAll("
                                 "'[data-ledger-winner=\"0\"] [data-tiles-hand] [data-held]').length === 14")
    calculator.wait_for_function(f"document.querySelector('#lh-han-0').value === '{want['han']}'")
    assert han_fu(calculator, 0) == (want["han"], want["fu"])
    assert calculator.locator("[data-ledger-carried]").is_visible()
    calculator.select_option("#lh-from", "1")
    assert preview(calculator) == [11600, -11600, 0, 0]  # dealer 4 han 30 fu
    watch.clean()


# Three-player riichi is played without 2m–8m (so without the red 5m) and without chi (SPEC §9.2).
SANMA_GONE = ["2m", "3m", "4m", "5m", "0m", "6m", "7m", "8m"]
SANMA = ["1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "1s", "2s", "3s", "9m", "9m", "9p"]
HIDDEN = "els => els.filter(el => !el.checkVisibility()).map(el => el.getAttribute('{key}'))"


def hidden_in(box, selector, key):
    """The `key` attribute of each element under `selector` in `box` that does not show."""
    return box.locator(selector).evaluate_all(HIDDEN.format(key=key))


@pytest.mark.parametrize("lang", LANGS)
def test_a_three_player_winner_by_tiles_is_offered_what_the_calculator_offers(context, base_url,
                                                                              lang):
    page, watch = open_ledger(context, base_url, lang)
    page.check("#lr-players-3")
    page.select_option("#lr-preset", "tenhou")
    start(page, players=3)
    assert exported(page)["rules"] == preset_rules("tenhou", 3)
    # East 1: B (South) wins in riichi from C, by tiles: no chi, no 2m–8m on the palette.
    page.check("#lh-winner-1")
    page.select_option("#lh-from", "2")
    page.check("#lh-riichi-1")
    page.check("#lh-bytiles-1")
    box = winner_box(page, 1)
    box.locator('[data-tiles-palette] [data-tile="1m"]').wait_for(state="visible")
    page.wait_for_function("!document.querySelector("
                           "'[data-ledger-winner=\"1\"] [data-tiles-target=\"chi\"]').checkVisibility()")
    assert hidden_in(box, "[data-tiles-target]", "data-tiles-target") == ["chi"]
    assert hidden_in(box, "[data-tiles-palette] [data-tile]", "data-tile") == SANMA_GONE
    tap(page, 1, SANMA)
    want = expected(SANMA, "9p", "S", "E", "ron", riichi="1", players=3)["tiles"]
    page.wait_for_function(f"document.querySelector('#lh-fu-1').value === '{want['fu']}'")
    assert han_fu(page, 1) == (want["han"], want["fu"]) == (4, 30)  # riichi, pinfu, ittsu
    yaku = box.locator("[data-tiles-yaku] [data-yaku]")
    assert [yaku.nth(i).get_attribute("data-yaku") for i in range(yaku.count())] == \
        [y["name"] for y in want["yaku"]]
    assert box.locator('[data-ledger-error="tiles"]').is_hidden()

    # A chi typed in: refused next to the tiles in the page's words, and nothing is added.
    box.locator("details.tiles-keyboard").evaluate("d => d.open = true")
    page.fill("#lh-t1-f-melds", "chi:123p")
    page.fill("#lh-t1-f-hand", "".join(SANMA[3:]))
    with pytest.raises(engine.InputError) as refused:
        expected(SANMA[3:], "9p", "S", "E", "ron", riichi="1", players=3, melds="chi:123p")
    assert (refused.value.field, refused.value.code) == ("melds", "no_chi_sanma")
    error = box.locator('[data-ledger-error="tiles"]')
    error.wait_for(state="visible")
    assert error.inner_text() == error_words(lang, "no_chi_sanma", "melds")
    assert [page.inner_text(f'[data-ledger-preview="{seat}"]') for seat in range(4)] == ["–"] * 4
    page.click("[data-ledger-add]")
    page.wait_for_timeout(300)
    assert exported(page)["hands"] == []
    assert error.inner_text() == error_words(lang, "no_chi_sanma", "melds")

    # The tiles as tapped again: the hand goes in, the scores as the command line replays them.
    page.fill("#lh-t1-f-melds", "")
    page.fill("#lh-t1-f-hand", "".join(SANMA))
    error.wait_for(state="hidden")
    page.wait_for_function(f"document.querySelector('#lh-han-1').value === '{want['han']}'")
    add(page)
    record = exported(page)
    winner, = record["hands"][0]["winners"]
    assert (winner["seat"], winner["han"], winner["fu"]) == (1, 4, 30)
    game = cli(record)
    assert board(page) == expected_board(game, lang)
    assert game["hands"][0]["deltas"] == [0, 7700, -7700]  # 4 han 30 fu; the riichi stick comes back

    # The form starts afresh: no box ticked, none holding tiles; without riichi, no ura target.
    assert not page.is_checked("#lh-bytiles-1")
    page.check("#lh-winner-1")
    page.check("#lh-bytiles-1")
    assert box.locator("[data-tiles-hand] [data-held]").count() == 0
    page.wait_for_function("!document.querySelector("
                           "'[data-ledger-winner=\"1\"] [data-tiles-target=\"ura\"]').checkVisibility()")
    assert box.locator('[data-tiles-target="ura"]').is_hidden()
    watch.clean()
