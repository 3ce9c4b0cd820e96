"""The ledger's table view (SPEC §10.2) in Chromium: one phone flat in the middle of the table.

The panels face their players in turn order (the hook and the computed CSS turn agree), the screen
is kept awake while the view is open, riichi is a tap, and a hand entered by taps is the record the
command line replays to the same scores (one ron by taps in each language, end to end). The flows
that only compared the hand tapped in with the command line (a draw with riichi, tsumo, draw and
chombo in three-player, a winner refused as discarder, the tiles' values on the sheet) are plain
Python: tests/test_table_flows.py.
"""

import pytest

from ledger.tilebox import seat_wind

from .conftest import READY, Watch
from ..ledger_flow import PINFU_ON_8S, expected as tiles_value
from .ledger_page import cli, exported, points, start, stored_current, words

# Seats in turn order counter-clockwise from the bottom: bottom, right, top, left.
ROTATION = {0: 0, 1: 270, 2: 180, 3: 90}
WAKE_STUB = """
window.wakeCalls = [];
Object.defineProperty(navigator, "wakeLock", {configurable: true, value: {
  request(type) {
    window.wakeCalls.push("request " + type);
    return Promise.resolve({release() { window.wakeCalls.push("release"); return Promise.resolve(); }});
  }}});
"""
NO_WAKE = "delete Navigator.prototype.wakeLock;"
TURN = """node => {
  const m = new DOMMatrixReadOnly(getComputedStyle(node).transform);
  return Math.round(Math.atan2(m.b, m.a) * 180 / Math.PI);
}"""
VISIBLE = """() => {
  Object.defineProperty(document, "visibilityState", {configurable: true, get: () => "visible"});
  document.dispatchEvent(new Event("visibilitychange"));
}"""


def open_view(context, base_url, lang="ko", players=4, init=WAKE_STUB):
    page = context.new_page()
    watch = Watch(page)
    if init:
        page.add_init_script(init)
    page.goto(f"{base_url}{lang}/ledger/")
    page.wait_for_selector(READY, timeout=60_000)
    start(page, players)
    page.click("[data-table-open]")
    page.wait_for_selector("[data-table-view]:not([hidden])")
    return page, watch


def wait_hands(page, count):
    """Until the exported record holds `count` hands (saved and drawn)."""
    page.wait_for_function(f"JSON.parse(document.querySelector('[data-ledger-export]').value)"
                           f".hands.length === {count}")


def view_scores(page, players=4):
    return [points(page.inner_text(f'[data-table-score="{seat}"]')) for seat in range(players)]


def sticks(page):
    return int(page.inner_text("[data-table-sticks]"))


def turned(angle):
    return angle % 360


@pytest.mark.parametrize("players", [4, 3])
def test_panels_face_their_players_in_turn_order(context, base_url, players):
    page, watch = open_view(context, base_url, players=players)
    boxes = {}
    for seat in range(4):
        panel = page.locator(f'[data-table-seat="{seat}"]')
        if seat == players:
            assert not panel.is_visible()
            continue
        assert int(panel.get_attribute("data-table-rotation")) == ROTATION[seat]
        assert turned(panel.evaluate(TURN)) == ROTATION[seat]
        boxes[seat] = panel.bounding_box()
        for hook in ("data-table-riichi", "data-table-look"):
            box = page.locator(f'[{hook}="{seat}"]').bounding_box()
            assert box["width"] >= 48 and box["height"] >= 48, (hook, seat, box)
    centre = {seat: (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
              for seat, box in boxes.items()}
    assert centre[0][1] == max(y for _, y in centre.values())  # seat 0 at the bottom
    assert centre[1][0] == max(x for x, _ in centre.values())  # its right: the next in turn
    assert centre[2][1] == min(y for _, y in centre.values())  # opposite
    if players == 4:
        assert centre[3][0] == min(x for x, _ in centre.values())
    ends = [page.get_attribute(f"[data-table-end]:visible >> nth={i}", "data-table-end")
            for i in range(page.locator("[data-table-end]:visible").count())]
    assert ends == ["ron", "tsumo", "draw", "abort", "chombo"]  # the default preset has all five
    for i in range(len(ends)):
        box = page.locator("[data-table-end]:visible").nth(i).bounding_box()
        assert box["width"] >= 48 and box["height"] >= 48
    # Each panel names its seat with this hand's wind, as the board does (seat 0 deals first).
    wind = words("ko")["seat_wind"]
    assert page.inner_text('[data-table-name="1"]') == words("ko")["named"]["with_wind"].format(
        name=words("ko")["seat"]["1"], wind=wind["1"])
    assert page.locator('[data-table-dealer="0"]').is_visible()
    assert not page.locator('[data-table-dealer="1"]').is_visible()
    watch.clean()


def test_the_screen_is_kept_awake_while_the_view_is_open(context, base_url):
    page, watch = open_view(context, base_url)
    page.wait_for_function("window.wakeCalls.length === 1")
    assert page.evaluate("window.wakeCalls") == ["request screen"]
    page.evaluate(VISIBLE)
    page.wait_for_function("window.wakeCalls.length === 2")
    assert page.evaluate("window.wakeCalls") == ["request screen"] * 2
    assert not page.locator("[data-table-no-wake]").is_visible()
    page.click("[data-table-close]")
    page.wait_for_function("window.wakeCalls.length === 3")
    assert page.evaluate("window.wakeCalls")[-1] == "release"
    assert not page.locator("[data-table-view]").is_visible()
    page.evaluate(VISIBLE)  # closed: nothing more is asked for
    page.wait_for_timeout(200)
    assert len(page.evaluate("window.wakeCalls")) == 3
    watch.clean()


def test_without_a_wake_lock_the_view_says_so_once(context, base_url):
    page, watch = open_view(context, base_url, lang="ja", init=NO_WAKE)
    note = page.locator("[data-table-no-wake]")
    note.wait_for(state="visible")
    assert note.inner_text() == words("ja")["table"]["no_wake"]
    page.click("[data-table-close]")
    page.click("[data-table-open]")
    page.wait_for_timeout(200)
    assert not note.is_visible()
    watch.clean()


def test_riichi_is_one_tap_and_a_second_takes_it_back(context, base_url):
    page, watch = open_view(context, base_url)
    assert view_scores(page) == [25000] * 4 and sticks(page) == 0
    page.click('[data-table-riichi="2"]')
    assert view_scores(page) == [25000, 25000, 24000, 25000] and sticks(page) == 1
    assert page.is_checked("#lh-riichi-2")  # the form's riichi list is the hand's
    assert page.get_attribute('[data-table-riichi="2"]', "aria-pressed") == "true"
    page.click('[data-table-riichi="0"]')
    assert view_scores(page) == [24000, 25000, 24000, 25000] and sticks(page) == 2
    page.click('[data-table-riichi="2"]')
    assert view_scores(page) == [24000, 25000, 25000, 25000] and sticks(page) == 1
    assert not page.is_checked("#lh-riichi-2") and page.is_checked("#lh-riichi-0")

    # A panel tapped: the differences to the others from that seat, turned toward its player.
    page.click('[data-table-look="3"]')
    sheet = page.locator("[data-table-sheet]")
    assert sheet.is_visible() and sheet.get_attribute("data-table-rotation") == "90"
    assert turned(sheet.evaluate(TURN)) == 90
    assert not page.locator('[data-table-preview="3"]').is_visible()
    assert [points(page.inner_text(f'[data-table-preview="{seat}"]')) for seat in range(3)] == [-1000, 0, 0]
    assert not page.locator("[data-table-confirm]").is_visible()
    page.click("[data-table-sheet-cancel]")
    assert not sheet.is_visible() and page.is_checked("#lh-riichi-0")  # the hand's riichi stays
    watch.clean()


def ron_by_taps(page, riichi, winner, discarder):
    """One seat's riichi, then a ron by taps: the winner's panel, the discarder's; the sheet."""
    page.click(f'[data-table-riichi="{riichi}"]')
    page.click('[data-table-end="ron"]')
    page.click(f'[data-table-pick="{winner}"]')
    page.click(f'[data-table-pick="{discarder}"]')
    sheet = page.locator("[data-table-sheet]")
    sheet.wait_for(state="visible")
    return sheet


def confirmed_as_the_command_line(page, hand):
    """The sheet's preview is the command line's change for `hand` as the first hand; confirmed,
    the saved hand is `hand` and the view's scores are the command line's. Returns its game."""
    expected = cli({**exported(page), "hands": [hand]})
    preview = [points(page.inner_text(f'[data-table-preview="{seat}"]')) for seat in range(4)]
    panels = [points(page.inner_text(f'[data-table-score="{seat}"]')) for seat in range(4)]
    # From the points the panels show (this hand's riichi paid) to the command line's after it.
    assert [shown + change for shown, change in zip(panels, preview)] == expected["hands"][0]["scores"]
    page.click("[data-table-confirm]")
    wait_hands(page, 1)
    saved = exported(page)
    assert saved["hands"] == [hand]
    game = cli(saved)
    assert view_scores(page) == game["next"]["scores"] == expected["next"]["scores"]
    return game


@pytest.mark.parametrize("lang", ["ko", "ja"])
def test_a_ron_entered_by_taps_matches_the_command_line(context, base_url, lang):
    page, watch = open_view(context, base_url, lang)
    sheet = ron_by_taps(page, riichi=2, winner=1, discarder=2)
    assert sheet.get_attribute("data-table-rotation") == "270"  # toward the winner, on the right
    assert turned(sheet.evaluate(TURN)) == 270
    sheet.locator('select[name="han"]').select_option("4")
    sheet.locator('select[name="fu"]').select_option("30")
    # The record the form makes (its winners carry yakuman 0 beside han and fu).
    hand = {"result": "ron", "from": 2, "winners": [{"seat": 1, "yakuman": 0, "han": 4, "fu": 30}],
            "riichi": [2]}
    game = confirmed_as_the_command_line(page, hand)
    assert sticks(page) == game["next"]["sticks"] == 0
    assert int(page.inner_text("[data-table-honba]")) == game["next"]["honba"]
    assert not sheet.is_visible()
    assert stored_current(page)["record"]["hands"] == [hand]  # saved at once, as the form's hands
    assert not page.is_checked("#lh-riichi-2")  # the next hand starts without riichi

    # A double ron: the second winner after "more", then the discarder; one sheet per winner.
    page.click('[data-table-end="ron"]')
    page.click('[data-table-pick="0"]')
    page.click("[data-table-more]")
    page.click('[data-table-pick="3"]')
    page.click('[data-table-pick="1"]')
    assert sheet.get_attribute("data-table-rotation") == "0"
    sheet.locator('select[name="han"]').select_option("2")
    page.click("[data-table-confirm]")
    assert sheet.get_attribute("data-table-rotation") == "90"
    sheet.locator('select[name="yakuman"]').select_option("1")
    page.click("[data-table-confirm]")
    wait_hands(page, 2)
    saved = exported(page)
    assert saved["hands"][1] == {"result": "ron", "from": 1, "riichi": [],
                                 "winners": [{"seat": 0, "yakuman": 0, "han": 2, "fu": 30},
                                                         {"seat": 3, "yakuman": 1}]}
    over = cli(saved)  # seat 1 is below zero: the game is over (busting=1)
    assert over["over"] and view_scores(page) == over["final"]["scores"]
    assert page.locator("[data-table-over]").is_visible()
    assert not page.locator("[data-table-end]:visible").count()

    # Undo as in the form, but four people share the phone: the first tap only asks.
    undo = page.locator("[data-table-undo]")
    undo.click()
    assert undo.text_content() == words(lang)["table"]["undo_sure"]
    assert len(exported(page)["hands"]) == 2
    undo.click()
    wait_hands(page, 1)
    assert undo.text_content() == words(lang)["history"]["undo"]
    assert view_scores(page) == game["next"]["scores"]
    watch.clean()


def test_a_winner_valued_by_tiles_on_the_sheet_matches_the_command_line(context, base_url):
    # The tile box lent to the sheet and given back (ja); its values in both languages:
    # tests/test_table_flows.py::test_a_winner_valued_by_tiles_on_the_sheet_matches_the_command_line.
    page, watch = open_view(context, base_url, "ja")
    sheet = ron_by_taps(page, riichi=1, winner=1, discarder=2)  # the winner in riichi
    sheet.locator("[data-table-bytiles]").check()
    # The form's own tile box, lent to the sheet: the form's "by tiles" box is ticked.
    sheet.locator("[data-ledger-tiles] [data-tiles-palette]").wait_for(state="visible")
    assert page.is_checked("#lh-bytiles-1")
    sheet.locator('[data-tiles-target="hand"]').click()
    for tile in PINFU_ON_8S:
        sheet.locator(f'[data-tiles-palette] [data-tile="{tile}"]').click()
    sheet.locator('[data-tiles-target="dora"]').click()
    sheet.locator('[data-tiles-palette] [data-tile="1m"]').click()
    # East 1, seat 0 deals: the winner's seat wind is South, the round's East.
    want = tiles_value(PINFU_ON_8S, "8s", seat_wind(1, 0, 4), "E", "ron", riichi="1", dora="1m")["tiles"]
    page.wait_for_function(f"document.querySelector('#tv-fu').value === '{want['fu']}'"
                           f" && document.querySelector('#tv-han').value === '{want['han']}'")
    assert sheet.locator('select[name="han"]').is_disabled()  # the tiles' value, not the player's
    hand = {"result": "ron", "from": 2, "riichi": [1],
            "winners": [{"seat": 1, "yakuman": 0, "han": want["han"], "fu": want["fu"]}]}
    confirmed_as_the_command_line(page, hand)
    # The box is back in the winner's block of the form, which starts the next hand afresh.
    assert page.locator('[data-ledger-winner="1"] [data-ledger-tiles]').count() == 1
    assert not sheet.locator("[data-ledger-tiles]").count() and not page.is_checked("#lh-bytiles-1")
    watch.clean()
