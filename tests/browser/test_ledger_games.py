"""Several games on one phone (SPEC §10.4) in Chromium: a second game started and the first
resumed from the list, scores as the command line replays each record; delete after the page's own
confirmation, then undo; a game kept from a link beside the one it replaced; version 1's stored
games moved in; a write the browser refuses said at once with nothing kept lost; every game
exported and imported at once. The store's logic itself is tests/test_ledger_store.py."""
import json

import pytest

from engine.ledger import link

from tests.test_ledger_store import V1_CURRENT, V1_PREVIOUS

from .conftest import READY, Watch
from .ledger_page import (INDEX, add, board, cli, expected_board, exported, fill, kept_games,
                          open_ledger, page_game, start, words)

FIRST = [{"result": "ron", "from": 2, "winners": [{"seat": 1, "han": 3, "fu": 40}], "riichi": [1]},
         {"result": "draw", "tenpai": [0, 2], "riichi": []}]
SECOND = [{"result": "tsumo", "winners": [{"seat": 0, "han": 4, "fu": 30}], "riichi": []}]


def storage(page):
    return page.evaluate("() => Object.fromEntries(Object.entries(localStorage))")


def play(page, hands):
    for hand in hands:
        fill(page, hand)
        add(page)
    return exported(page)


def items(page):
    return page.locator("[data-games] [data-game]")


def item(page, game_id):
    return page.locator(f'[data-games] [data-game="{game_id}"]')


def reload(page):
    page.reload()
    page.wait_for_selector(READY, timeout=60_000)


def round_words(lang, record):
    return expected_board(cli(record), lang)["round"]


@pytest.mark.parametrize("lang", ["ko", "ja"])
def test_a_second_game_then_the_first_resumed_from_the_list(context, base_url, lang):
    said = words(lang)
    page, watch = open_ledger(context, base_url, lang)
    assert page.locator("[data-games-empty]").is_visible() and items(page).count() == 0
    page.fill("#lr-name-0", "Ann")
    page.fill("#lr-name-2", "Kim")
    start(page)
    first = play(page, FIRST)
    first_board = board(page)
    assert first_board == expected_board(cli(first), lang)
    page.click("[data-games-new]")
    page.wait_for_selector("[data-ledger-setup]:not([hidden])")
    page.select_option("#lr-preset", "mleague")
    page.fill("#lr-name-0", "")
    page.fill("#lr-name-2", "")
    start(page)
    second = play(page, SECOND)
    assert second["hands"] != first["hands"]
    current, kept = kept_games(page)
    assert [game["record"] for game in kept] == [first, second] and current == kept[1]["id"]
    # One item per game: its preset, its round (SPEC §10.4: round or final standing), its names.
    ids = [game["id"] for game in kept]
    texts = [item(page, game_id).inner_text() for game_id in ids]
    assert said["preset"]["tenhou"] in texts[0] and said["preset"]["mleague"] in texts[1]
    assert round_words(lang, first) in texts[0] and round_words(lang, second) in texts[1]
    joiner = said["games"]["names_joiner"]
    assert joiner.join(["Ann", said["seat"]["1"], "Kim", said["seat"]["3"]]) in texts[0]
    assert said["games"]["current"] in texts[1] and said["games"]["current"] not in texts[0]
    # Resumed: the first game's scores, as the command line replays its record.
    item(page, ids[0]).locator("[data-game-resume]").click()
    page.wait_for_function("document.querySelectorAll('[data-ledger-history] tr').length === 2")
    assert exported(page) == first
    assert board(page) == first_board == expected_board(cli(first), lang)
    assert page.locator('[data-ledger-seat="0"] [data-ledger-name]').inner_text() == "Ann"
    # It goes on from there, and the second game is untouched.
    fill(page, SECOND[0])
    add(page)
    longer = exported(page)
    assert board(page) == expected_board(cli(longer), lang)
    reload(page)
    assert exported(page) == longer
    item(page, ids[1]).locator("[data-game-resume]").click()
    page.wait_for_function("document.querySelectorAll('[data-ledger-history] tr').length === 1")
    assert exported(page) == second and board(page) == expected_board(cli(second), lang)
    watch.clean()


def test_delete_asks_in_the_page_then_undo(context, base_url):
    said = words("ko")["games"]
    page, watch = open_ledger(context, base_url, "ko")
    start(page)
    first = play(page, FIRST)
    page.click("[data-games-new]")
    start(page)
    _current, kept = kept_games(page)
    target = item(page, kept[0]["id"])
    # The first tap only asks, inside the item; cancel leaves everything as it was.
    target.locator("[data-game-delete]").click()
    confirm = target.locator("[data-game-confirm]")
    assert confirm.is_visible() and said["delete_ask"] in confirm.inner_text()
    assert items(page).count() == 2
    confirm.locator("[data-game-delete-cancel]").click()
    assert confirm.is_hidden() and items(page).count() == 2
    before = storage(page)
    target.locator("[data-game-delete]").click()
    confirm.locator("[data-game-delete-sure]").click()
    page.wait_for_function("document.querySelectorAll('[data-games] [data-game]').length === 1")
    assert page.inner_text("[data-games-done]") == said["deleted"]
    assert len(kept_games(page)[1]) == 1
    # Undo while the page is open: the game back in its place, its record as it was.
    page.click("[data-games-undo]")
    page.wait_for_function("document.querySelectorAll('[data-games] [data-game]').length === 2")
    assert page.inner_text("[data-games-done]") == said["undone"]
    assert page.locator("[data-games-undo]").is_hidden()
    assert storage(page) == before
    item(page, kept[0]["id"]).locator("[data-game-resume]").click()
    page.wait_for_function("document.querySelectorAll('[data-ledger-history] tr').length === 2")
    assert exported(page) == first and board(page) == expected_board(cli(first), "ko")
    # Deleting the game on show leaves the setup, the other game listed.
    current = item(page, kept[0]["id"])
    current.locator("[data-game-delete]").click()
    current.locator("[data-game-delete-sure]").click()
    page.wait_for_selector("[data-ledger-setup]:not([hidden])")
    assert items(page).count() == 1
    watch.clean()  # no window.confirm: a dialog would be caught here


@pytest.mark.parametrize("lang", ["ko", "ja"])
def test_a_game_kept_from_a_link_and_the_replaced_one_are_both_listed(context, base_url, lang):
    said = words(lang)
    page, watch = open_ledger(context, base_url, lang)
    start(page)
    mine = play(page, FIRST)
    theirs = page_game({"hands": SECOND + FIRST}, ["Yuki", "", "", "Min"])
    page.goto(f"{base_url}{lang}/ledger/" + link.fragment(theirs))
    page.wait_for_selector(READY, timeout=60_000)
    assert page.locator("[data-ledger-follow]").is_visible()
    assert said["follow"]["keep"] in page.inner_text("[data-ledger-keep]")
    page.click("[data-ledger-keep]")
    page.wait_for_function("() => !document.querySelector('[data-ledger-follow]')")
    over = cli({"rules": theirs["rules"], "hands": theirs["hands"]})["over"]
    assert page.inner_text("[data-ledger-kept]") == said["joiner"]["sentences"].join(
        [said["follow"]["kept_over" if over else "kept"], said["follow"]["kept_others"]])  # it had a game
    current, kept = kept_games(page)
    assert [game["record"]["hands"] for game in kept] == [mine["hands"], theirs["hands"]]
    assert current == kept[1]["id"] and items(page).count() == 2
    assert board(page) == expected_board(cli({"rules": theirs["rules"], "hands": theirs["hands"]}), lang)
    assert "Yuki" in item(page, kept[1]["id"]).inner_text()
    item(page, kept[0]["id"]).locator("[data-game-resume]").click()
    page.wait_for_function("document.querySelectorAll('[data-ledger-history] tr').length === 2")
    assert exported(page) == mine and board(page) == expected_board(cli(mine), lang)
    watch.clean()


def test_version_1s_games_come_through(context, base_url):
    page, watch = open_ledger(context, base_url, "ja")
    page.evaluate("([a, b]) => { localStorage.setItem('mahjong-ledger', a); "
                  "localStorage.setItem('mahjong-ledger.previous', b); }", [V1_CURRENT, V1_PREVIOUS])
    reload(page)
    record = json.loads(V1_CURRENT)["record"]
    assert exported(page) == record and board(page) == expected_board(cli(record), "ja")
    assert items(page).count() == 2
    assert "mahjong-ledger" not in storage(page) and INDEX in storage(page)
    finished = items(page).first
    assert words("ja")["games"]["over"].format(first="1着 C") in finished.inner_text()
    finished.locator("[data-game-resume]").click()
    page.wait_for_selector("[data-ledger-final]:not([hidden])")
    previous = json.loads(V1_PREVIOUS)["record"]
    assert exported(page) == previous
    watch.clean()


# Every write refused once the test says so: the browser's quota (a DOMException).
REFUSE = """(() => {
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (window.__full) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    return setItem.call(this, key, value);
  };
})();"""


@pytest.mark.parametrize("lang", ["ko", "ja"])
def test_a_refused_write_is_said_at_once_and_nothing_kept_is_lost(context, base_url, lang):
    said = words(lang)["games"]
    context.add_init_script(REFUSE)
    page, watch = open_ledger(context, base_url, lang)
    start(page)
    kept = play(page, FIRST[:1])
    refused = page.locator("[data-ledger-refused]")
    assert refused.is_hidden()
    before = storage(page)
    page.evaluate("window.__full = true")
    fill(page, FIRST[1])
    add(page)
    assert refused.is_visible() and refused.inner_text() == said["refused"]
    assert storage(page) == before
    # The hand stays on the page (its record can still be copied); a new game is refused too.
    assert len(exported(page)["hands"]) == 2
    page.click("[data-games-new]")
    start(page)
    assert refused.is_visible() and storage(page) == before
    reload(page)  # the init script again, storage writable: what was kept is all there
    assert refused.is_hidden()
    assert exported(page) == kept and board(page) == expected_board(cli(kept), lang)
    watch.clean()


def test_every_game_exported_and_imported_at_once(context, browser, base_url):
    said = words("ko")
    page, watch = open_ledger(context, base_url, "ko")
    start(page)
    first = play(page, FIRST)
    page.click("[data-games-new]")
    start(page)
    second = play(page, SECOND)
    page.click("[data-games-export-all]")
    everything = page.input_value("[data-games-export]")
    assert [game["record"] for game in json.loads(everything)["games"]] == [first, second]
    assert page.get_attribute("[data-games-download]", "href").startswith("blob:")
    elsewhere = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        other = elsewhere.new_page()
        other_watch = Watch(other)
        other.goto(f"{base_url}ko/ledger/")
        other.wait_for_selector(READY, timeout=60_000)
        error = other.locator('[data-ledger-error="import"]')
        other.fill("[data-ledger-import]", "  ")  # nothing pasted: said so, not "not JSON"
        other.click("[data-ledger-import-go]")
        assert error.is_visible() and error.inner_text() == said["store"]["empty_paste"]
        other.fill("[data-ledger-import]", json.dumps({**json.loads(everything), "version": 9}))
        other.click("[data-ledger-import-go]")
        assert error.is_visible() and "9" in error.inner_text()
        assert other.locator("[data-games] [data-game]").count() == 0
        other.fill("[data-ledger-import]", everything)
        other.click("[data-ledger-import-go]")
        other.wait_for_function("document.querySelectorAll('[data-games] [data-game]').length === 2")
        assert error.is_hidden()
        assert other.inner_text("[data-ledger-import-done]") == \
            said["games"]["imported_all"].format(n=2)
        assert [game["record"] for game in kept_games(other)[1]] == [first, second]
        # One game's record (the export box's) comes in as one more game, the current one.
        other.fill("[data-ledger-import]", json.dumps(first))
        other.click("[data-ledger-import-go]")
        other.wait_for_function("document.querySelectorAll('[data-games] [data-game]').length === 3")
        assert exported(other) == first and board(other) == expected_board(cli(first), "ko")
        other_watch.clean()
    finally:
        elsewhere.close()
    watch.clean()
