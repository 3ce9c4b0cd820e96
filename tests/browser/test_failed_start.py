"""A start that fails says so (issue 33, B1) and a page that is not live yet says so too (F7).

The runtime's wasm is refused (Playwright's route, a fresh context each: no service worker to
answer instead): every page turns `html[data-engine=failed]` within a minute, with its message in
its language and a retry; the calculator keeps its built answer, the ledger names the game this
device keeps. Once the file is let through again, the retry brings the page live. And while the
wasm is held back, the ledger's start button is greyed, says it is getting ready and drops no
tap: the tap made once it is live starts the game."""
import json
import time

import pytest

import build
from engine.ledger.envelope import new_game
from engine.ledger.games import open_shelf
from engine.ledger.storage import MemoryStorage

from .conftest import READY
from .helpers import AXE, card


FAILED = "html[data-engine=failed]"
WASM = "**/runtime/micropython/micropython.wasm"
NOW = "2026-12-06T21:03:00.000Z"
HANDS = [
    {"result": "ron", "riichi": [1], "winners": [{"seat": 1, "yakuman": 0, "han": 3, "fu": 30}],
     "from": 2},
    {"result": "draw", "riichi": [], "tenpai": [0], "nagashi": []},
]


def strings(lang):
    return build.load_strings(lang)


def kept_storage():
    """localStorage as the ledger leaves it: one game of two hands, two seats named."""
    storage = MemoryStorage()
    shelf = open_shelf(storage, NOW)
    game = new_game(names=["민수", "", "유키", ""])
    game["hands"] = [dict(hand) for hand in HANDS]
    shelf.add(game, NOW)
    return dict(storage.items)


@pytest.fixture
def fresh(browser):
    """A new context per page (nothing cached, no service worker), axe allowed in."""
    made = []

    def make():
        context = browser.new_context(viewport={"width": 390, "height": 844}, bypass_csp=True)
        made.append(context)
        return context
    yield make
    for context in made:
        context.close()


def open_blocked(context, url):
    """The page with the wasm refused; returns (page, seconds to the failed state)."""
    page = context.new_page()
    page.route(WASM, lambda route: route.abort())
    started = time.monotonic()
    page.goto(url)
    page.wait_for_selector(FAILED, timeout=60_000)
    return page, time.monotonic() - started


def serious(page):
    page.add_script_tag(path=str(AXE))
    return page.evaluate(
        "axe.run(document, {resultTypes: ['violations']}).then(r => r.violations"
        ".filter(v => v.impact === 'serious' || v.impact === 'critical')"
        ".map(v => v.id + ': ' + v.nodes.map(n => n.target.join(' ')).join(', ')))")


def retry_goes_live(page):
    page.unroute(WASM)
    page.click("[data-engine-retry]")
    page.wait_for_selector(READY, timeout=60_000)
    assert not page.locator("[data-engine-failed]").is_visible()


@pytest.mark.parametrize("lang", ["ko", "ja"])
def test_calculator_says_it_failed_and_keeps_its_answer(fresh, base_url, site_root, lang):
    built = (site_root / "repo" / lang / "index.html").read_text(encoding="utf-8")
    page, seconds = open_blocked(fresh(), f"{base_url}{lang}/")
    assert seconds < 60
    box = page.locator("[data-engine-failed]")
    assert box.is_visible()
    assert strings(lang)["card"]["failed"] in box.inner_text()
    assert page.locator("[data-engine-retry]").inner_text() == strings(lang)["card"]["retry"]
    # the built answer (the default hand's) stays in sight, and nothing says "calculating"
    total = page.locator('[data-result="total"] [data-value]')
    assert total.is_visible() and card(page, "total")
    assert f">{card(page, 'total')}<" in built
    assert not page.locator(".pending-note").is_visible()
    assert not page.locator(".engine-example").is_visible()  # the inputs are the example's
    assert serious(page) == []
    retry_goes_live(page)
    assert card(page, "total")


def test_calculator_changed_input_says_it_failed_not_calculating(fresh, base_url):
    page, _ = open_blocked(fresh(), f"{base_url}ko/?han=4")
    assert page.locator("[data-engine-failed]").is_visible()
    assert not page.locator(".pending-note").is_visible()
    # the built answer stays, struck through and named the example's: never shown as this one's
    total = page.locator('[data-result="total"] [data-value]')
    assert total.is_visible()
    struck = total.evaluate("e => getComputedStyle(e.closest('.value')).textDecorationLine")
    assert "line-through" in struck
    assert page.locator(".engine-example").inner_text() == strings("ko")["card"]["failed_example"]


@pytest.mark.parametrize("lang", ["ko", "ja"])
def test_ledger_says_it_failed_and_names_the_kept_game(fresh, base_url, lang):
    context = fresh()
    context.add_init_script(f"if (!localStorage.length) for (const [k, v] of "
                            f"Object.entries({json.dumps(kept_storage())})) localStorage.setItem(k, v);")
    page, seconds = open_blocked(context, f"{base_url}{lang}/ledger/")
    assert seconds < 60
    words = strings(lang)["ledger"]
    assert words["meta"]["failed"] in page.locator("[data-engine-failed]").inner_text()
    assert not page.locator("[data-ledger-loading]").is_visible()
    assert not page.locator("[data-ledger-start]").is_visible()  # the forms give way
    kept = page.locator("[data-engine-kept]")
    assert kept.is_visible()
    text = kept.inner_text()
    joiner = words["joiner"]["kept_names"]
    assert joiner.join(["민수", "B", "유키", "D"]) in text
    assert words["meta"]["kept_playing"].split("{")[0] in text
    assert "2" in text and "2026" in text
    assert serious(page) == []
    stored = page.evaluate("() => Object.fromEntries(Object.entries(localStorage))")
    retry_goes_live(page)
    # the game is the one kept, untouched, and the live page shows it
    assert page.locator('#ledger-board [data-ledger-name="0"]').inner_text() == "민수"
    assert json.loads(stored["mahjong-ledger.games"])["current"] == "1"


def test_ledger_without_a_kept_game_says_it_failed(fresh, base_url):
    page, _ = open_blocked(fresh(), f"{base_url}ko/ledger/")
    assert page.locator("[data-engine-failed]").is_visible()
    assert not page.locator("[data-engine-kept]").is_visible()
    assert page.locator("[data-engine-retry]").is_visible()


def test_conditions_page_says_it_failed(fresh, base_url):
    page, seconds = open_blocked(fresh(), f"{base_url}ja/conditions/")
    assert seconds < 60
    assert strings("ja")["card"]["failed"] in page.locator("[data-engine-failed]").inner_text()
    assert page.locator("[data-need-title]").is_visible()  # the built example's answer stays
    assert serious(page) == []
    retry_goes_live(page)


def test_ledger_start_waits_for_the_engine_then_works(fresh, base_url):
    """F7: greyed and labelled, the tap dropped visibly rather than silently; live, it starts."""
    page = fresh().new_page()
    held = []
    page.route(WASM, lambda route: held.append(route))  # held: a slow first visit
    page.goto(f"{base_url}ko/ledger/")
    start = page.locator("[data-ledger-start]")
    start.wait_for(state="visible")
    page.wait_for_function("() => document.querySelector('[data-ledger-start]')"
                           ".hasAttribute('data-engine-wait')")
    assert page.get_attribute("html", "data-engine") == "static"
    assert start.get_attribute("aria-disabled") == "true"
    assert strings("ko")["card"]["waiting"] in start.inner_text()
    assert serious(page) == []
    page.fill("#lr-name-0", "민수")
    start.click(force=True)
    page.keyboard.press("Enter")
    assert page.evaluate("localStorage.length") == 0  # nothing started
    for route in held:
        route.continue_()
    page.unroute(WASM)  # a request held meanwhile goes on with it
    page.wait_for_selector(READY, timeout=60_000)
    assert start.get_attribute("aria-disabled") is None
    assert start.inner_text() == strings("ko")["ledger"]["setup"]["start"]
    assert page.locator("#lr-name-0").input_value() == "민수"  # what was typed is kept
    start.click()
    page.wait_for_selector("[data-ledger-board]:not([hidden])")
    assert page.locator('#ledger-board [data-ledger-name="0"]').inner_text() == "민수"
