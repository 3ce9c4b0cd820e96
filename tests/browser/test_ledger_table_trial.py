"""What the table trial caught (issue 33's ledger blockers), in Chromium: a reload keeps the hand
in progress (riichi, the ending being entered, the winners picked, the value typed) and reopens the
table view where it was; the back gesture closes the sheet, then the view, and stays on the page;
a link to the conditions page carries the game's state there; keeping a shared game disarms the
undo of an earlier correction; two tabs never write over each other's hands; the table button
in view after the start, and the view and its sheet within every screen.

What the trial caught that is a value the page computes (a correction's preview and its second
line, the double ron, the round of a game ended by hand, the one-game export's names, a calculator
hand the ledger cannot take, each seat's need at all-last and its result at the end, both links
for three and four players) is proven on the page's own steps and draws in plain Python:
tests/test_ledger_trial_flows.py and tests/test_ledger_panel_flows.py."""
import json
import subprocess
import sys
from urllib.parse import parse_qsl, urlsplit

import pytest

import build
from engine.conditions import conditions
from engine.conditions.state import read_query
from engine.ledger import link

from .conftest import READY
from .ledger_page import (ALL_LAST, add, cli, envelope, exported, fill, open_ledger, open_table, page_game,
                          points, start, stored_current, stored_page)

HANDS = [  # E1 (dealer 0), E2 after a non-dealer ron, then a draw with one riichi
    {"result": "ron", "from": 2, "winners": [{"seat": 1, "han": 3, "fu": 30}], "riichi": []},
    {"result": "draw", "tenpai": [1], "riichi": [1]},
]


def table_scores(page, players=4):
    return [points(page.inner_text(f'[data-table-score="{seat}"]')) for seat in range(players)]


def riichi_pressed(page, players=4):
    return [page.get_attribute(f'[data-table-riichi="{seat}"]', "aria-pressed") == "true"
            for seat in range(players)]


def sheet_preview(page, players=4):
    return [points(page.inner_text(f'[data-table-preview="{seat}"]')) for seat in range(players)]


def after_sheet(page, players=4):
    """Each panel's points (this hand's riichi paid) moved by the sheet's preview: the points
    after the hand."""
    shown = zip(table_scores(page, players), sheet_preview(page, players))
    return [points + change for points, change in shown]


def ron_half_entered(page):
    """Two riichi on the table, then a ron by seat 1 on seat 3's discard, valued 4 han 30 fu on
    the sheet (not confirmed)."""
    open_table(page)
    page.click('[data-table-riichi="1"]')
    page.click('[data-table-riichi="2"]')
    page.click('[data-table-end="ron"]')
    page.click('[data-table-pick="1"]')
    page.click('[data-table-pick="3"]')
    page.wait_for_selector("[data-table-sheet-box]:not([hidden])")
    page.select_option("#tv-han", "4")


# Korean only: the same taps' values in both languages are
# tests/test_ledger_trial_flows.py::test_a_ron_tapped_in_previews_and_saves_as_the_command_line.
@pytest.mark.parametrize("lang", ["ko"])
def test_a_reload_mid_hand_keeps_the_riichi_the_entry_and_the_view(context, base_url, lang):
    page, watch = open_ledger(context, base_url, lang)
    start(page)
    ron_half_entered(page)
    assert table_scores(page) == [25000, 24000, 24000, 25000]
    expected = cli({**exported(page), "hands": [
        {"result": "ron", "from": 3, "riichi": [1, 2], "winners": [{"seat": 1, "han": 4, "fu": 30}]}]})
    assert after_sheet(page) == expected["hands"][0]["scores"]

    page.reload()  # a discarded tab: the page opens afresh
    page.wait_for_selector(READY, timeout=60_000)
    assert page.is_visible("[data-table-view]")
    assert riichi_pressed(page) == [False, True, True, False]
    assert table_scores(page) == [25000, 24000, 24000, 25000]
    assert page.inner_text("[data-table-sticks]").strip() == "2"
    assert page.is_visible("[data-table-sheet-box]")
    assert page.input_value("#tv-han") == "4"
    assert after_sheet(page) == expected["hands"][0]["scores"]

    rows = page.locator("[data-ledger-history] tr").count()
    page.click("[data-table-confirm]")
    page.wait_for_function(f"document.querySelectorAll('[data-ledger-history] tr').length === {rows + 1}")
    record = exported(page)
    assert cli(record) == expected
    assert riichi_pressed(page) == [False] * 4  # the next hand starts with none

    page.reload()  # the hand just added is not put back as the one in progress
    page.wait_for_selector(READY, timeout=60_000)
    assert page.is_visible("[data-table-view]") and riichi_pressed(page) == [False] * 4
    assert exported(page)["hands"] == record["hands"]
    watch.clean()


def test_a_reload_keeps_the_forms_hand_in_progress(context, base_url):
    page, watch = open_ledger(context, base_url, "ko")
    start(page)
    fill(page, {"result": "ron", "from": 0, "winners": [{"seat": 2, "han": 2, "fu": 40}], "riichi": [2, 3]})
    before = [points(page.inner_text(f'[data-ledger-preview="{seat}"]')) for seat in range(4)]
    page.reload()
    page.wait_for_selector(READY, timeout=60_000)
    assert page.is_hidden("[data-table-view]")
    assert [page.is_checked(f"#lh-riichi-{seat}") for seat in range(4)] == [False, False, True, True]
    assert page.is_checked("#lh-result-ron") and page.is_checked("#lh-winner-2")
    assert page.input_value("#lh-from") == "0" and page.input_value("#lh-han-2") == "2"
    assert [points(page.inner_text(f'[data-ledger-preview="{seat}"]')) for seat in range(4)] == before
    watch.clean()


def test_the_back_gesture_closes_the_sheet_then_the_view_and_stays(context, base_url):
    page, watch = open_ledger(context, base_url, "ko")
    start(page)
    url = page.url
    ron_half_entered(page)
    page.go_back()
    page.wait_for_selector("[data-table-sheet-box]", state="hidden")
    assert page.is_visible("[data-table-view]") and page.url == url
    assert riichi_pressed(page) == [False, True, True, False]  # the riichi stay on the table
    page.go_back()
    page.wait_for_selector("[data-table-view]", state="hidden")
    assert page.url == url and page.locator(READY).count() == 1
    assert [page.is_checked(f"#lh-riichi-{seat}") for seat in range(4)] == [False, True, True, False]
    # Closed by its own button, the view leaves no entry behind: back then leaves the page.
    open_table(page)
    page.keyboard.press("Escape")
    page.wait_for_selector("[data-table-view]", state="hidden")
    open_table(page)
    page.click("[data-table-close]")
    page.wait_for_selector("[data-table-view]", state="hidden")
    assert page.evaluate("history.state") is None
    watch.clean()


def cli_conditions(record, seat, place, riichi):
    state = {"record": record, "seat": seat, "place": place, "riichi": riichi}
    done = subprocess.run([sys.executable, "-m", "engine.conditions", "-"], input=json.dumps(state),
                          capture_output=True, text=True, cwd=build.ROOT, check=True)
    return json.loads(done.stdout)


# Four players, to follow the link to the conditions page; both links' state for three and four
# players: tests/test_ledger_panel_flows.py (test_both_conditions_links_carry_the_game_...).
@pytest.mark.parametrize("players", [4])
def test_both_conditions_links_carry_the_game_and_give_the_clis_answer(context, base_url, players):
    hands = HANDS if players == 4 else [
        {"result": "tsumo", "winners": [{"seat": 2, "han": 2, "fu": 30}], "riichi": [0]},
        {"result": "draw", "tenpai": [0], "riichi": []}]
    game = page_game({"rules": {"players": players, "preset": "mleague" if players == 4 else "tenhou"},
                      "hands": hands})
    page, watch = stored_page(context, base_url, "ko", game)
    record = exported(page)
    assert len(record["hands"]) == 2
    page.locator("[data-need-panel]").evaluate("d => d.open = true")
    page.select_option("[data-need-place]", "2" if players == 4 else "1")
    page.check("[data-need-riichi]")
    for selector in ("[data-need-open]", "[data-need-link]"):
        query = dict(parse_qsl(urlsplit(page.get_attribute(selector, "href")).query))
        seat, place, riichi = int(query["seat"]), int(query["place"]), int(query["riichi"])
        assert (place, riichi) == ((2 if players == 4 else 1), 1)
        assert conditions(*read_query(query)) == cli_conditions(record, seat, place, riichi)
    # The link as a player follows it: the conditions page shows the game's state.
    ledger = page.url
    upcoming = cli(record)["next"]
    page.click("[data-need-open]")
    page.wait_for_selector(READY, timeout=60_000)
    scores = page.input_value('[name="scores"]')
    assert [int(s) for s in scores.replace(",", " ").replace("/", " ").split()] == upcoming["scores"]
    # A seat opened in the panel is the one the link asks for.
    page.goto(ledger)
    page.wait_for_selector(READY, timeout=60_000)
    page.locator("[data-need-panel]").evaluate("d => d.open = true")
    page.locator('[data-need-seat="0"] summary').click()
    page.evaluate("""() => {  // the page's own click handler runs; the navigation does not
      document.addEventListener("click", event => event.preventDefault(), {once: true});
      document.querySelector("[data-need-link]").click();
    }""")
    query = dict(parse_qsl(urlsplit(page.get_attribute("[data-need-link]", "href")).query))
    assert query["seat"] == "0"
    watch.clean()


def test_keeping_a_shared_game_disarms_the_undo_of_a_correction(context, base_url):
    """Security report F1: undo after keep wrote the other game's old record over the kept one."""
    mine = page_game({"hands": [{"result": "tsumo", "winners": [{"seat": 2, "han": 2, "fu": 30}]}]},
                     ["Eve", "Fay", "Gus", "Hal"])
    page, watch = stored_page(context, base_url, "ko", mine)
    page.click('[data-ledger-edit="0"]')
    page.select_option("#lh-han-2", "3")
    page.click("[data-ledger-add]")
    page.wait_for_selector("[data-ledger-editing]", state="hidden")
    theirs = page_game({"hands": [{"result": "ron", "from": 1,
                                   "winners": [{"seat": 0, "han": 3, "fu": 30}]}]},
                       ["Ann", "Bo", "Cy", "Di"])
    page.evaluate("hash => { location.hash = hash }", link.fragment(theirs))
    page.wait_for_selector("[data-ledger-follow]")
    page.click("[data-ledger-keep]")
    page.wait_for_function("() => !document.querySelector('[data-ledger-follow]')")
    kept = stored_current(page)
    page.click("[data-ledger-undo]")
    after = stored_current(page)
    assert after["id"] == kept["id"] and after["names"] == ["Ann", "Bo", "Cy", "Di"]
    assert after["record"]["hands"] == []  # the undo took the kept game's last hand, nothing else
    watch.clean()


def test_after_start_the_table_button_is_in_view_and_a_new_game_says_nothing_of_the_last(
        context, base_url):
    page, watch = open_ledger(context, base_url, "ko")
    page.set_viewport_size({"width": 390, "height": 844})
    start(page)
    box = page.locator("[data-table-open]").bounding_box()
    board = page.locator("[data-ledger-board]").bounding_box()
    assert board["y"] + board["height"] <= box["y"] and box["y"] + box["height"] <= 844
    fill(page, HANDS[0])
    add(page)
    page.click('[data-ledger-edit="0"]')
    page.select_option("#lh-han-1", "4")
    page.click("[data-ledger-add]")
    page.wait_for_selector("[data-ledger-editing]", state="hidden")
    assert page.inner_text("[data-ledger-history-done]").strip()
    page.click("[data-games-new]")
    start(page)
    assert page.inner_text("[data-ledger-history-done]").strip() == ""
    watch.clean()


def test_two_tabs_never_write_over_each_others_hands(context, base_url):
    """Security review F2 and F4: another tab's save disarms a correction's undo here, and a
    change made here against a game another tab changed since is refused and said, the stored
    game shown — never a silent overwrite."""
    game = page_game({"hands": HANDS[:1]})
    tab_a, watch_a = stored_page(context, base_url, "ko", game)
    tab_b = context.new_page()
    tab_b.goto(tab_a.url)
    tab_b.wait_for_selector(READY, timeout=60_000)
    undo_text = tab_b.inner_text("[data-ledger-undo]")
    tab_b.click('[data-ledger-edit="0"]')  # B corrects hand 1: its undo is armed
    tab_b.select_option("#lh-han-1", "4")
    tab_b.click("[data-ledger-add]")
    tab_b.wait_for_selector("[data-ledger-editing]", state="hidden")
    assert tab_b.inner_text("[data-ledger-undo]") != undo_text
    tab_a.wait_for_function("document.querySelector('[data-ledger-history] tr td + td + td')"
                            ".textContent.length > 0")
    fill(tab_a, HANDS[1])  # A adds a hand: B hears of it and disarms its undo
    add(tab_a)
    tab_b.wait_for_function("document.querySelectorAll('[data-ledger-history] tr').length === 2")
    assert tab_b.inner_text("[data-ledger-undo]") == undo_text
    stored = stored_current(tab_a)["record"]["hands"]
    assert len(stored) == 2 and stored[0]["winners"][0]["han"] == 4
    # A write B has not heard of yet (the race of two adds a few milliseconds apart).
    key = "mahjong-ledger.game." + stored_current(tab_b)["id"]
    theirs = tab_b.evaluate("key => localStorage.getItem(key)", key)
    changed = theirs.replace('"han": 4', '"han": 5').replace('"han":4', '"han":5')
    assert changed != theirs
    tab_b.evaluate("([key, text]) => localStorage.setItem(key, text)", [key, changed])
    fill(tab_b, {"result": "tsumo", "winners": [{"seat": 0, "han": 1, "fu": 30}], "riichi": []})
    tab_b.click("[data-ledger-add]")
    tab_b.wait_for_selector("[data-ledger-refused]:not([hidden])")
    assert tab_b.evaluate("key => localStorage.getItem(key)", key) == changed  # not written over
    assert tab_b.locator("[data-ledger-history] tr").count() == 2
    assert exported(tab_b)["hands"][0]["winners"][0]["han"] == 5  # the stored game, shown
    watch_a.clean()


@pytest.mark.parametrize("size", [(360, 640), (390, 844), (412, 915), (640, 360), (844, 390)])
def test_the_table_view_and_its_sheet_stay_within_the_screen(browser, base_url, size):
    """Every panel, the centre and the sheet inside the screen, turned or not (UX trial F8, P6)."""
    width, height = size
    context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=True,
                                  has_touch=True)
    page = context.new_page()
    page.goto(f"{base_url}ko/ledger/")
    page.wait_for_selector(READY, timeout=60_000)
    game = page_game({"rules": {"length": "east"}, "hands": ALL_LAST},
                     ["김민수", "佐藤 花子", "Kimberley", "이지은이"])
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", ["mahjong-ledger", envelope(game)])
    page.reload()
    page.wait_for_selector(READY, timeout=60_000)
    open_table(page)
    inside = """() => [...document.querySelectorAll('[data-table-view] button, [data-table-view] strong')]
      .filter(e => e.offsetParent !== null).map(e => e.getBoundingClientRect())
      .filter(r => r.left < -1 || r.top < -1 || r.right > innerWidth + 1
                   || r.bottom > innerHeight + 1).length"""
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert page.evaluate(inside) == 0
    page.click('[data-table-end="ron"]')
    page.click('[data-table-pick="1"]')  # a side seat's sheet
    page.click('[data-table-pick="0"]')
    page.wait_for_selector("[data-table-sheet-box]:not([hidden])")
    assert page.evaluate(inside) == 0
    context.close()
