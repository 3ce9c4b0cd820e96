"""axe-core on the ledger's and the conditions page's states a table meets (issue 33): no
violation of any impact — moderate included — in either language, light or dark."""
import pytest

from .conftest import READY
from .helpers import AXE
from .ledger_page import ALL_LAST, KEY, envelope, open_table, page_game

RUN = ("axe.run(document, {resultTypes: ['violations']}).then(r => r.violations"
       ".map(v => v.id + ' (' + v.impact + '): ' + v.nodes.map(n => n.target.join(' ')).join(', ')))")


def violations(page):
    page.add_script_tag(path=str(AXE))
    return page.evaluate(RUN)


@pytest.fixture(params=["light", "dark"])
def scheme_context(browser, request):
    # axe is injected as an inline script, which the page's own policy rightly refuses.
    context = browser.new_context(bypass_csp=True, viewport={"width": 390, "height": 844},
                                  color_scheme=request.param)
    yield context
    context.close()


@pytest.mark.parametrize("lang", ["ko", "ja"])
def test_the_ledgers_states_have_no_violation(scheme_context, base_url, lang):
    page = scheme_context.new_page()
    page.goto(f"{base_url}{lang}/ledger/")
    page.wait_for_selector(READY, timeout=60_000)
    report = {"setup": violations(page)}
    game = page_game({"rules": {"length": "east"}, "hands": ALL_LAST})
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [KEY, envelope(game)])
    page.reload()
    page.wait_for_selector(READY, timeout=60_000)
    page.locator("[data-need-panel]").evaluate("d => d.open = true")
    report["game at all-last"] = violations(page)
    page.locator("[data-ledger-share-box]").evaluate("d => d.open = true")
    page.wait_for_selector("[data-ledger-share-box] svg, [data-ledger-share-box] canvas, "
                           "[data-ledger-share-box] img", timeout=30_000)
    report["share box"] = violations(page)
    open_table(page)
    report["table view"] = violations(page)
    page.click('[data-table-end="ron"]')
    page.click('[data-table-pick="1"]')
    page.click('[data-table-pick="0"]')
    page.wait_for_selector("[data-table-sheet-box]:not([hidden])")
    report["table view, sheet"] = violations(page)
    page.click("[data-table-confirm]")
    page.wait_for_selector("[data-table-over]:not([hidden])")
    report["table view, game over"] = violations(page)
    page.click("[data-table-close]")
    report["final results"] = violations(page)
    assert report == {state: [] for state in report}


@pytest.mark.parametrize("lang", ["ko", "ja"])
def test_the_conditions_page_from_a_ledger_link_has_no_violation(scheme_context, base_url, lang):
    page = scheme_context.new_page()
    query = "?players=4&scores=35900,8600,14400,41100&dealer=3&honba=0&sticks=0&seat=1&place=1&riichi=0"
    page.goto(f"{base_url}{lang}/conditions/{query}")
    page.wait_for_selector(READY, timeout=60_000)
    assert violations(page) == []
