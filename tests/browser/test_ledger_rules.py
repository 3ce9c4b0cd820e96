"""Issue 16 in Chromium: a WRC game with a chombo and a tie on top, entered through the form on
both pages, every figure against `python -m engine.ledger` replaying the exported record."""
import sys

import pytest

import build

from .ledger_page import add, board, cli, expected_board, exported, fill, open_ledger, preview, \
    words

sys.path.insert(0, str(build.SITE))
from ledger import present as ledger_present  # noqa: E402  (site/: how the page names a seat)

# WRC (engine.presets): kiriage, chombo as a 30,000-point penalty (2022), ties share the uma.
# E1: seat 1 wins 4 han 30 fu off seat 3 (kiriage mangan 8,000). E2: seat 2 chombo, with seat 0
# in riichi (the stick goes back), dealt again. E2: seat 0 wins a mangan off seat 2. Then six
# hands nobody tenpai: 38,000 / 38,000 / 22,000 / 22,000, two ties (tests/test_ledger_rules.py
# works the results out by hand: 18, 18, -48, -18).
HANDS = [
    {"result": "ron", "from": 3, "winners": [{"seat": 1, "han": 4, "fu": 30}], "riichi": []},
    {"result": "chombo", "seat": 2, "riichi": [0]},
    {"result": "ron", "from": 2, "winners": [{"seat": 0, "han": 5, "fu": 30}], "riichi": []},
    *[{"result": "draw", "tenpai": [], "riichi": []}] * 6,
]


def result(page, seat):
    return float(page.inner_text(f'[data-ledger-result="{seat}"]').replace("\u2212", "-"))


@pytest.mark.parametrize("lang", ["ko", "ja"])
def test_wrc_chombo_and_a_shared_top(context, base_url, lang):
    page, watch = open_ledger(context, base_url, lang)
    page.select_option("#lr-preset", "wrc")
    # A target that is not a whole number: refused next to its field, no game started.
    page.locator("#ledger-rule-list").evaluate("d => d.open = true")
    page.fill("#lr-target", "3万")
    page.click("[data-ledger-start]")
    error = page.locator('[data-ledger-error="target"]')
    assert error.is_visible() and words(lang)["rule"]["target"] in error.inner_text()
    assert page.locator("[data-ledger-game]").is_hidden()
    page.select_option("#lr-preset", "wrc")
    page.click("[data-ledger-start]")
    page.wait_for_selector("[data-ledger-game]:not([hidden])")
    # WRC has no abortive draws: the choice is not offered; chombo is.
    assert page.locator("#lh-result-abort").is_hidden()
    assert page.locator("#lh-result-chombo").is_visible()
    record = exported(page)
    for hand in HANDS:
        if hand["result"] == "chombo":
            page.check("#lh-result-chombo")
            page.select_option("#lh-seat", str(hand["seat"]))
            for seat in hand["riichi"]:
                page.check(f"#lh-riichi-{seat}")
            assert words(lang)["hand"]["chombo_penalty"].format(penalty="\u221230") == \
                page.inner_text("[data-ledger-chombo-hint]")
        else:
            fill(page, hand)
        after = cli({**record, "hands": [*record["hands"], hand]})
        assert preview(page) == after["hands"][-1]["deltas"]
        add(page)
        record = exported(page)
        game = cli(record)
        assert game == after
        if not game["over"]:
            assert board(page) == expected_board(game, lang)
    # The chombo hand is in the history, and the hand after it was played at the same table.
    chombo_row = page.locator("[data-ledger-history] tr").nth(1).inner_text()
    # the seat named with its wind in that hand (SPEC §10.1): seat 2 in E2, where seat 1 deals
    chombo_seat = ledger_present.named(words(lang), {**record, "rules": {"players": 4, **record["rules"]}},
                                       2, game["hands"][1]["dealer"])
    said = words(lang)["history"]["chombo_penalty"].format(seat=chombo_seat, penalty="\u221230")
    assert said in chombo_row
    assert [game["hands"][i]["round"] for i in (1, 2)] == ["E2", "E2"]
    assert game["over"] and game["final"]["results"] == [18.0, 18.0, -48.0, -18.0]
    page.wait_for_selector("[data-ledger-final]:not([hidden])")
    assert [result(page, seat) for seat in range(4)] == game["final"]["results"]
    rows = page.locator("[data-ledger-final-rows] tr")
    shared = words(lang)["final"]["shared"]
    assert [rows.nth(i).locator("th").inner_text() for i in range(4)] == [
        shared.format(best=1, worst=2)] * 2 + [shared.format(best=3, worst=4)] * 2
    # The penalty has its own column: -30 for seat 2 (the third row: seats 2 and 3 share 3-4).
    assert page.locator(".ledger-final th.lg-penalty").is_visible()
    cells = [rows.nth(2).locator("td").nth(i).inner_text() for i in range(6)]
    assert cells[4] == "\u221230" and cells[5] == "\u221248.0"
    watch.clean()
