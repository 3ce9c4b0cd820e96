"""The game ledger in Chromium: hands entered through the form, checked against the command line.

Every figure the page shows is compared with `python -m engine.ledger` replaying the record the
page exports; the hands themselves are the table's facts (who won, on whose discard, han, fu).
One game through the form in each language stays here end to end, with what only a browser
proves (two tabs, offline, storage across reloads, a link from the calculator, axe, keys only);
the flows that only compared the page's figures with the command line (the guide's final
standings, a calculator link's hand) are plain Python: tests/test_ledger_flows.py.
"""
import json
import pathlib

import pytest

import build

from .conftest import READY
from .ledger_page import (KEY, CONTROLLED, words, cli, points, open_ledger, board, expected_board,
                          exported, start, fill, preview, add)

# A four-player game of five hands: a riichi ron, a dealer tsumo, a tsumo with one honba, a draw
# with two tenpai (one of them in riichi), and a double ron on one discard with a riichi stick.
HANDS = [
    {"result": "ron", "from": 2, "winners": [{"seat": 1, "han": 3, "fu": 40}], "riichi": [1]},
    {"result": "tsumo", "winners": [{"seat": 1, "han": 2, "fu": 30}], "riichi": []},
    {"result": "tsumo", "winners": [{"seat": 3, "han": 1, "fu": 30}], "riichi": [0]},
    {"result": "draw", "tenpai": [0, 2], "riichi": [2]},
    {"result": "ron", "from": 1, "winners": [{"seat": 0, "han": 2, "fu": 30},
                                             {"seat": 3, "han": 4, "fu": 30}], "riichi": [3]},
]


@pytest.mark.parametrize("lang", ["ko", "ja"])
def test_a_game_through_the_form_matches_the_command_line(context, base_url, lang):
    page, watch = open_ledger(context, base_url, lang)
    start(page)
    first = exported(page)
    assert first["hands"] == [] and first["rules"]["players"] == 4
    assert board(page) == expected_board(cli(first), lang)
    record = first
    for hand in HANDS:
        fill(page, hand)
        # The preview is the change the hand will make, before it is added.
        after = cli({**record, "hands": [*record["hands"], hand]})
        assert preview(page) == after["hands"][-1]["deltas"]
        add(page)
        record = exported(page)
        assert len(record["hands"]) == len(after["hands"])
        game = cli(record)
        assert game == after
        assert board(page) == expected_board(game, lang)
        assert page.locator("[data-ledger-history] tr").count() == len(record["hands"])
    # The facts of this game, from the rules (SPEC §6.2): honba and sticks as they were played.
    played = [(hand["round"], hand["honba"], hand["sticks"]) for hand in game["hands"]]
    assert played == [("E1", 0, 0), ("E2", 0, 0), ("E2", 1, 0), ("E3", 0, 0), ("E3", 1, 1)]
    assert sum(game["next"]["scores"]) + 1000 * game["next"]["sticks"] == 100_000
    shown = board(page)

    # Differences to the others, from the seat tapped; the board stays in view at the bottom.
    page.click('[data-ledger-ref="2"]')
    scores = game["next"]["scores"]
    diffs = [page.inner_text(f'[data-ledger-diff="{seat}"]') for seat in range(4)]
    assert diffs[2] == words(lang)["board"]["reference"]
    assert [points(diffs[seat]) for seat in (0, 1, 3)] == [scores[s] - scores[2] for s in (0, 1, 3)]
    page.locator("#guide-ledger-final-results h3").scroll_into_view_if_needed()
    top = page.locator("#ledger-board").bounding_box()["y"]
    assert 0 <= top < 2 and page.locator("[data-ledger-sticks]").is_visible()
    # The download is the exported record.
    assert page.get_attribute("[data-ledger-download]", "href").startswith("blob:")
    with page.expect_download() as download:
        page.click("[data-ledger-download]")
    assert download.value.suggested_filename == "mahjong-ledger.json"
    assert json.loads(pathlib.Path(download.value.path()).read_text(encoding="utf-8")) == \
        {**record, "names": ["", "", "", ""]}

    page.reload()
    page.wait_for_selector(READY, timeout=60_000)
    assert board(page) == shown
    assert exported(page) == record

    page.click("[data-ledger-undo]")
    page.wait_for_function("document.querySelectorAll('[data-ledger-history] tr').length === 4")
    shorter = {**record, "hands": record["hands"][:-1]}
    assert exported(page) == shorter
    assert board(page) == expected_board(cli(shorter), lang)
    page.reload()
    page.wait_for_selector(READY, timeout=60_000)
    assert exported(page) == shorter

    # An earlier hand corrected, then another deleted, through the history's own buttons (SPEC
    # §10.3; every correction's figures: tests/test_ledger_flows.py): each replayed as the
    # command line replays the record.
    page.click('[data-ledger-edit="0"]')
    assert page.is_checked("#lh-result-ron") and page.is_checked("#lh-winner-1")
    page.select_option("#lh-han-1", "4")
    page.click("[data-ledger-add]")
    page.wait_for_function("document.querySelector('[data-ledger-editing]').hidden")
    changed = exported(page)
    assert changed["hands"][0]["winners"][0]["han"] == 4 and changed["hands"][1:] == shorter["hands"][1:]
    assert board(page) == expected_board(cli(changed), lang)
    page.click('[data-ledger-delete="3"]')
    page.wait_for_function("document.querySelectorAll('[data-ledger-history] tr').length === 3")
    deleted = exported(page)
    assert deleted["hands"] == changed["hands"][:3]
    assert board(page) == expected_board(cli(deleted), lang)
    watch.clean()


def test_two_tabs_follow_each_other(context, base_url):
    first, watch = open_ledger(context, base_url, "ko")
    start(first)
    second, _ = open_ledger(context, base_url, "ja")
    fill(second, HANDS[0])
    add(second)
    first.wait_for_function("document.querySelectorAll('[data-ledger-history] tr').length === 1")
    fill(first, HANDS[1])
    add(first)
    second.wait_for_function("document.querySelectorAll('[data-ledger-history] tr').length === 2")
    assert exported(second)["hands"] == exported(first)["hands"] and len(exported(first)["hands"]) == 2
    watch.clean()


def test_offline_after_one_visit_keeps_the_game(context, base_url):
    page, watch = open_ledger(context, base_url, "ja")
    page.wait_for_function(CONTROLLED, timeout=60_000)
    start(page)
    fill(page, HANDS[0])
    add(page)
    shown = board(page)
    context.set_offline(True)
    try:
        page.reload()
        page.wait_for_selector(READY, timeout=60_000)
        assert board(page) == shown
        fill(page, HANDS[1])
        add(page)
        assert board(page) == expected_board(cli(exported(page)), "ja")
        other = context.new_page()
        other.goto(f"{base_url}ko/ledger/")  # the other language, never opened online
        other.wait_for_selector(READY, timeout=60_000)
        assert board(other) == expected_board(cli(exported(page)), "ko")
    finally:
        context.set_offline(False)
    watch.clean()


def test_a_damaged_import_keeps_the_current_game(context, base_url):
    page, watch = open_ledger(context, base_url, "ko")
    start(page)
    fill(page, HANDS[0])
    add(page)
    before, record = board(page), exported(page)
    error = page.locator('[data-ledger-error="import"]')
    for text, says in (("{this is not json", words("ko")["store"]["bad_json_pasted"]),
                       (json.dumps({**record, "hands": [{**HANDS[0], "winners": [
                           {"seat": 1, "han": 14, "fu": 40}]}]}), "1번째 국"),
                       (json.dumps({"format": "mahjong-ledger", "version": 99, "record": record}),
                        "99")):
        page.fill("[data-ledger-import]", text)
        page.click("[data-ledger-import-go]")
        error.wait_for(state="visible")
        assert says in error.inner_text()
        assert board(page) == before and exported(page) == record
    page.reload()
    page.wait_for_selector(READY, timeout=60_000)
    assert exported(page) == record

    # A good record replaces the game, and keeps its names from an envelope.
    envelope = {"format": "mahjong-ledger", "version": 1, "record": {**record, "hands": HANDS[:2]},
                "names": ["Ana", "Bo", "Cy", "Di"]}
    page.fill("[data-ledger-import]", json.dumps(envelope))
    page.click("[data-ledger-import-go]")
    page.wait_for_function("document.querySelectorAll('[data-ledger-history] tr').length === 2")
    assert not error.is_visible()
    assert board(page) == expected_board(cli({**record, "hands": HANDS[:2]}), "ko")
    assert page.inner_text('[data-ledger-seat="1"] [data-ledger-name]') == "Bo"
    watch.clean()


@pytest.mark.parametrize("stored", [
    "{\"format\": \"mahjong-ledger\", \"version\": 1, \"record\": {\"hands\": [",  # cut off
    json.dumps({"format": "mahjong-ledger", "version": 7, "record": {"hands": []}}),
    json.dumps({"format": "mahjong-ledger", "version": 1,
                "record": {"hands": [{"result": "ron", "from": 2, "winners": [{"seat": 2}]}]}}),
])
def test_a_damaged_stored_game_is_shown_raw_and_kept(context, base_url, stored):
    page, watch = open_ledger(context, base_url, "ja")
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [KEY, stored])
    page.reload()
    page.wait_for_selector(READY, timeout=60_000)
    notice = page.locator("[data-ledger-damaged]")
    assert notice.is_visible()
    assert page.inner_text("[data-ledger-damaged-message]").strip()
    assert page.input_value("[data-ledger-damaged-raw]") == stored
    kept = page.evaluate("""() => Object.keys(localStorage)
        .filter(k => k.startsWith('mahjong-ledger.unreadable.')).map(k => localStorage.getItem(k))""")
    assert kept == [stored]
    # A new game does not touch it, and it is still shown after a reload.
    start(page)
    page.reload()
    page.wait_for_selector(READY, timeout=60_000)
    assert page.input_value("[data-ledger-damaged-raw]") == stored
    assert page.locator("[data-ledger-game]").is_visible()
    watch.clean()


def carried(context, base_url, change=None):
    """A game started on the ledger; on the calculator, a dealer's 4 han 40 fu tsumo (then
    `change(calculator)`), carried by the ledger link. Returns (the ledger's tab, its Watch, the
    calculator's tab, now on the ledger)."""
    page, watch = open_ledger(context, base_url, "ko")
    start(page)
    calculator = context.new_page()
    calculator.goto(f"{base_url}ko/?han=4&fu=40&win=tsumo&seat=dealer")
    calculator.wait_for_selector(READY, timeout=60_000)
    if change is not None:
        change(calculator)
    with calculator.expect_navigation():
        calculator.click("[data-ledger-link]")
    calculator.wait_for_selector(READY, timeout=60_000)
    return page, watch, calculator


def test_a_hand_changed_just_before_the_tap_is_the_one_carried(context, base_url):
    # The calculator writes its address once input pauses; the ledger link still takes the hand
    # as the form shows it at the moment of the tap. (The form a link fills, and its preview, for
    # the hand as the address has it: tests/test_ledger_flows.py::test_the_calculators_hand_in_one_tap.)
    _page, watch, calculator = carried(context, base_url, lambda tab: tab.fill("#f-han", "6"))
    assert calculator.is_checked("#lh-result-tsumo")
    assert calculator.is_checked("#lh-winner-0")  # the dealer of East 1
    assert calculator.input_value("#lh-han-0") == "6" and calculator.input_value("#lh-fu-0") == "40"
    assert calculator.locator("[data-ledger-carried]").is_visible()
    assert preview(calculator) == [18000, -6000, -6000, -6000]  # a dealer's haneman: 6,000 all
    assert "?" not in calculator.url  # taken once; a reload does not apply it again
    watch.clean()


def test_setup_presets_rules_and_a_three_player_game(context, base_url):
    from engine.presets import preset_rules
    page, watch = open_ledger(context, base_url, "ja")
    page.select_option("#lr-preset", "mleague")
    page.locator("#ledger-rule-list").evaluate("d => d.open = true")
    wanted = preset_rules("mleague", 4)
    assert [int(page.input_value(f"#lr-uma-{rank}")) for rank in range(4)] == wanted["uma"]
    assert page.input_value("#lr-doubleron") == wanted["doubleron"]
    assert page.is_checked("#lr-kiriage") == bool(wanted["kiriage"])
    # M-League has no three-player rules: the page says so and leaves the choice to the user.
    page.check("#lr-players-3")
    assert page.input_value("#lr-preset") == "custom"
    assert words("ja")["setup"]["three_not_offered"] in page.inner_text('[data-ledger-error="rules"]')
    # Uma that do not add up to zero: a message next to the field, and no game yet.
    page.fill("#lr-uma-0", "20")
    page.click("[data-ledger-start]")
    assert page.locator('[data-ledger-error="uma"]').is_visible()
    assert page.locator("[data-ledger-game]").is_hidden()
    page.select_option("#lr-preset", "tenhou")
    assert [int(page.input_value(f"#lr-uma-{rank}")) for rank in range(3)] == \
        preset_rules("tenhou", 3)["uma"]
    start(page, players=3)
    record = exported(page)
    assert record["rules"] == preset_rules("tenhou", 3)
    assert page.locator('[data-ledger-score="3"]').is_hidden()
    # Three-player: a non-dealer mangan tsumo with tsumo loss, then a draw with one tenpai.
    for hand in ({"result": "tsumo", "winners": [{"seat": 1, "han": 5, "fu": 30}], "riichi": []},
                 {"result": "draw", "tenpai": [2], "riichi": []}):
        fill(page, hand)
        after = cli({**record, "hands": [*record["hands"], hand]})
        assert preview(page, 3) == after["hands"][-1]["deltas"]
        add(page)
        record = exported(page)
        assert board(page) == expected_board(cli(record), "ja")
    assert cli(record)["hands"][0]["deltas"] == [-4000, 6000, -2000]  # SPEC §1.7: 4,000 / 2,000
    watch.clean()


AXE_RUN = ("axe.run(document, {resultTypes: ['violations']}).then(r => r.violations"
           ".filter(v => v.impact === 'serious' || v.impact === 'critical')"
           ".map(v => v.id + ': ' + v.nodes.map(n => n.target.join(' ')).join(', ')))")


@pytest.mark.parametrize("lang", ["ko", "ja"])
def test_axe_finds_nothing_serious(browser, base_url, lang):
    # axe is injected as an inline script, which the page's own policy rightly refuses.
    context = browser.new_context(bypass_csp=True, viewport={"width": 390, "height": 844})
    try:
        page, _watch = open_ledger(context, base_url, lang)
        page.add_script_tag(path=str(build.NODE / "axe-core" / "axe.min.js"))
        page.locator("#ledger-rule-list").evaluate("d => d.open = true")
        report = {"setup": page.evaluate(AXE_RUN)}
        start(page)
        for hand in HANDS[:4]:
            fill(page, hand)
            add(page)
        fill(page, HANDS[4])
        report["game"] = page.evaluate(AXE_RUN)
        add(page)
        page.click("[data-ledger-end]")
        page.click("[data-ledger-end-sure]")
        page.wait_for_selector("[data-ledger-final]:not([hidden])")
        report["final"] = page.evaluate(AXE_RUN)
    finally:
        context.close()
    assert report == {"setup": [], "game": [], "final": []}


def test_keyboard_only(context, base_url):
    page, watch = open_ledger(context, base_url, "ko")
    page.focus("#lr-preset")
    page.keyboard.press("Tab")  # players
    page.keyboard.press("ArrowDown")  # radios move with arrows: three players
    assert page.is_checked("#lr-players-3")
    page.keyboard.press("ArrowUp")
    assert page.is_checked("#lr-players-4")
    page.focus("[data-ledger-start]")
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-ledger-game]:not([hidden])")
    reached = set()
    page.focus("#lh-result-ron")
    for _ in range(40):
        name = page.evaluate("document.activeElement.name || document.activeElement.id"
                             " || Object.keys(document.activeElement.dataset).join()")
        reached.add(name)
        if page.evaluate("document.activeElement.matches('input, select, button')"):
            assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") != "none"
        page.keyboard.press("Tab")
    assert {"result", "winner", "from", "riichi", "ledgerAdd"} <= reached
    # Adding before a winner is chosen says what is missing, next to the winners, and adds nothing.
    page.focus("[data-ledger-add]")
    page.keyboard.press("Enter")
    assert page.inner_text('[data-ledger-error="winner"]') == build.load_strings("ko")["error"]["no_winner"]
    assert page.locator("[data-ledger-history] tr").count() == 0
    # A riichi ron with keys only.
    page.focus("#lh-winner-1")
    page.keyboard.press("Space")
    page.focus("#lh-from")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")  # 동가, 남가, 서가
    page.focus("#lh-riichi-1")
    page.keyboard.press("Space")
    page.focus("[data-ledger-add]")
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelectorAll('[data-ledger-history] tr').length === 1")
    assert exported(page)["hands"][0]["from"] == 2
    watch.clean()
