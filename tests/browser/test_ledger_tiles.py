"""A winner's hand entered by its tiles in the ledger's form (SPEC §9.4), in Chromium, ko and ja.

The han and fu the page fills in are compared with the engine for the same tiles in the situation
the game gives (seat and round wind from the dealer and the round, ron or tsumo, riichi, the
Tenhou preset's rules, written out here from the rule book's data), and the scores after the hand
with `python -m engine.ledger` replaying the exported record.
"""
import pytest

import build
import engine
from engine.presets import PRESETS, preset_rules

from .ledger_page import add, board, cli, exported, expected_board, open_ledger, preview, start

LANGS = ("ko", "ja")
PINFU = ["2m", "3m", "4m", "0p", "6p", "7p", "3s", "4s", "5s", "6s", "8s", "3z", "3z", "7s"]
# The same tiles won on 8s: a ryanmen wait (pinfu). Won on 7s: a kanchan, and no yaku without
# riichi or tsumo.
PINFU_ON_8S = [*PINFU[:10], "7s", "3z", "3z", "8s"]


def expected(tiles, agari, seatwind, roundwind, win, riichi="0", dora="", players=4, melds=""):
    """The engine's value of these tiles at a Tenhou table (its preset's tile rules)."""
    rules = preset_rules("tenhou", players)
    keys = {"rule": "riichi", "fumode": "tiles", "hand": "".join(tiles), "agari": agari,
            "melds": melds, "dora": dora, "win": win, "seatwind": seatwind,
            "roundwind": roundwind, "riichi": riichi, "players": str(players),
            "kiriage": str(rules["kiriage"]), "kazoe": str(rules["kazoe"]),
            **{key: str(PRESETS["tenhou"][key]) for key in
               ("kuitan", "aka", "doubleyakuman", "renhouvalue", "dwind4")}}
    return engine.calculate(keys)


def winner_box(page, seat):
    return page.locator(f'[data-ledger-winner="{seat}"]')


def tap(page, seat, tiles, target="hand"):
    box = winner_box(page, seat)
    box.locator(f'[data-tiles-target="{target}"]').click()
    for tile in tiles:
        box.locator(f'[data-tiles-palette] [data-tile="{tile}"]').click()


def han_fu(page, seat):
    return int(page.input_value(f"#lh-han-{seat}")), int(page.input_value(f"#lh-fu-{seat}"))


def error_words(lang, code, field):
    strings = build.load_strings(lang)
    return strings["error"][code].format(label=strings["label"][field])


@pytest.mark.parametrize("lang", LANGS)
def test_winners_by_their_tiles(context, base_url, lang):
    page, watch = open_ledger(context, base_url, lang)
    start(page)
    # East 1: B wins 1 han 30 fu from C, typed: East 2 is B's deal, so C is South, D West.
    page.check("#lh-winner-1")
    page.select_option("#lh-from", "2")
    page.select_option("#lh-han-1", "1")
    add(page)
    assert board(page) == expected_board(cli(exported(page)), lang)

    # D (West) wins on 7s by tiles, no riichi: a kanchan with no yaku, refused next to the tiles.
    page.check("#lh-winner-3")
    page.select_option("#lh-from", "0")
    page.check("#lh-bytiles-3")
    tap(page, 3, PINFU)
    error = winner_box(page, 3).locator('[data-ledger-error="tiles"]')
    error.wait_for(state="visible")
    with pytest.raises(engine.InputError) as refused:
        expected(PINFU, "7s", "W", "E", "ron")
    assert error.inner_text() == error_words(lang, refused.value.code, refused.value.field)
    assert [page.inner_text(f'[data-ledger-preview="{seat}"]') for seat in range(4)] == ["–"] * 4
    page.click("[data-ledger-add]")
    page.wait_for_timeout(300)
    assert len(exported(page)["hands"]) == 1  # nothing added
    assert error.inner_text() == error_words(lang, refused.value.code, refused.value.field)
    assert board(page) == expected_board(cli(exported(page)), lang)

    # C (South in East 2) wins in riichi on 8s from D, a red five and a dora indicator: riichi,
    # pinfu, dora 1, red five 1. The pair 3z is West, D's seat wind and not C's: pinfu holds.
    page.uncheck("#lh-winner-3")
    page.check("#lh-winner-2")
    page.select_option("#lh-from", "3")
    page.check("#lh-riichi-2")
    page.check("#lh-bytiles-2")
    tap(page, 2, PINFU_ON_8S)
    tap(page, 2, ["1m"], target="dora")
    want = expected(PINFU_ON_8S, "8s", "S", "E", "ron", riichi="1", dora="1m")["tiles"]
    page.wait_for_function(f"document.querySelector('#lh-fu-2').value === '{want['fu']}'")
    assert han_fu(page, 2) == (want["han"], want["fu"]) == (4, 30)
    yaku = winner_box(page, 2).locator("[data-tiles-yaku] [data-yaku]")
    assert [yaku.nth(i).get_attribute("data-yaku") for i in range(yaku.count())] == \
        [y["name"] for y in want["yaku"]]
    assert winner_box(page, 2).locator('[data-ledger-error="tiles"]').is_hidden()
    add(page)
    record = exported(page)
    winner, = record["hands"][1]["winners"]
    assert (winner["seat"], winner["han"], winner["fu"], winner.get("yakuman", 0)) == (2, 4, 30, 0)
    game = cli(record)
    assert board(page) == expected_board(game, lang)
    assert game["hands"][1]["deltas"] == [0, 0, 7700, -7700]  # 4 han 30 fu; the riichi stick comes back

    # East 3: C deals and wins by tsumo with the same tiles, no riichi: menzen tsumo, pinfu, red
    # five, 20 fu; each pays the dealer.
    assert not page.is_checked("#lh-bytiles-2")  # the form starts afresh
    page.check("#lh-result-tsumo")
    page.check("#lh-winner-2")
    page.check("#lh-bytiles-2")
    assert winner_box(page, 2).locator("[data-tiles-hand] [data-held]").count() == 0
    tap(page, 2, PINFU_ON_8S)
    want = expected(PINFU_ON_8S, "8s", "E", "E", "tsumo")["tiles"]
    page.wait_for_function(f"document.querySelector('#lh-fu-2').value === '{want['fu']}'")
    assert han_fu(page, 2) == (want["han"], want["fu"]) == (3, 20)
    assert winner_box(page, 2).locator('[data-tiles-target="ura"]').is_hidden()  # no riichi
    add(page)
    record = exported(page)
    game = cli(record)
    assert board(page) == expected_board(game, lang)
    assert game["hands"][2]["dealer"] == 2
    assert game["hands"][2]["deltas"] == [-1300, -1300, 3900, -1300]  # dealer 3 han 20 fu: 1,300 all
    watch.clean()


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
    page.click("[data-ledger-add]")
    page.wait_for_timeout(300)
    assert exported(page)["hands"] == []

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
    watch.clean()
