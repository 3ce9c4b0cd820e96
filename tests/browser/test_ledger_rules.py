"""Issue 16 in Chromium: what only the page proves of a WRC game — a rule refused next to its
field, the abortive draw not offered and chombo offered, a chombo through the form, and the final
table's penalty column with the shared places. Every figure of the WRC game (each preview and
board, the chombo's history line, the shared top, the results) against `python -m engine.ledger`
is checked in plain Python, in both languages: tests/test_ledger_flows.py::
test_wrc_chombo_and_a_shared_top."""
import json

from engine.presets import preset_rules

from ..ledger_flow import WRC_HANDS
from .ledger_page import add, cli, exported, open_ledger, preview, words


def result(page, seat):
    return float(page.inner_text(f'[data-ledger-result="{seat}"]').replace("\u2212", "-"))


def test_wrc_offers_chombo_and_shows_the_penalty(context, base_url):
    lang = "ja"
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
    # A chombo through the form: its seat, a riichi whose stick goes back, the rules' penalty.
    record = exported(page)
    chombo = WRC_HANDS[1]
    page.check("#lh-result-chombo")
    page.select_option("#lh-seat", str(chombo["seat"]))
    for seat in chombo["riichi"]:
        page.check(f"#lh-riichi-{seat}")
    assert words(lang)["hand"]["chombo_penalty"].format(penalty="\u221230") == \
        page.inner_text("[data-ledger-chombo-hint]")
    assert preview(page) == cli({**record, "hands": [chombo]})["hands"][-1]["deltas"]
    add(page)
    assert exported(page)["hands"] == [chombo]

    # The whole game pasted: over, the final table with its penalty column and shared places.
    whole = {"rules": preset_rules("wrc", 4), "hands": WRC_HANDS}
    page.fill("[data-ledger-import]", json.dumps(whole))
    page.click("[data-ledger-import-go]")
    page.wait_for_selector("[data-ledger-final]:not([hidden])")
    game = cli(whole)
    assert [result(page, seat) for seat in range(4)] == game["final"]["results"] == [18.0, 18.0, -48.0, -18.0]
    rows = page.locator("[data-ledger-final-rows] tr")
    shared = words(lang)["final"]["shared"]
    assert [rows.nth(i).locator("th").inner_text() for i in range(4)] == [
        shared.format(best=1, worst=2)] * 2 + [shared.format(best=3, worst=4)] * 2
    # The penalty has its own column: -30 for seat 2 (the third row: seats 2 and 3 share 3-4).
    assert page.locator(".ledger-final th.lg-penalty").is_visible()
    cells = [rows.nth(2).locator("td").nth(i).inner_text() for i in range(6)]
    assert cells[4] == "\u221230" and cells[5] == "\u221248.0"
    assert page.locator("#ledger-hand").is_hidden()
    watch.clean()
