"""The conditions page (SPEC §7) in Chromium: a link opened in each language, live edits through
real controls with the URL following, a hostile link, keyboard only, axe. Expected words come
from the engine and the shared presenter. The page's handlers' other flows (the default scores
as the label writes them, the static answer, three players said as three, bad input in both
languages) are proven in plain Python on the built page: tests/test_conditions_flows.py."""
import sys
import tomllib
from urllib.parse import parse_qs, urlparse

import pytest

import build
from engine.conditions import conditions
from engine.conditions.state import read_query

from .conftest import READY
from .helpers import address, open_ready

sys.path.insert(0, str(build.SITE))
from conditions import present as conditions_present  # noqa: E402

AXE = build.NODE / "axe-core" / "axe.min.js"


def strings(lang):
    return tomllib.loads((build.CONTENT / lang / "strings.toml").read_text(encoding="utf-8"))


def expected(query, lang):
    table, seat, place, riichi = read_query(query)
    answer = conditions(table, seat, place, riichi)
    return answer, conditions_present.view(answer, table.scores, table.dealer, strings(lang))


def shown(page):
    return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('[data-need]')]
        .filter(e => !e.closest('[hidden]')).map(e => [e.dataset.need, e.textContent]))""")


def open_conditions(context, base_url, lang, query=""):
    return open_ready(context, f"{base_url}{lang}/conditions/{query}")


@pytest.mark.parametrize("lang", ["ko", "ja"])
def test_a_link_is_the_situation(context, base_url, lang):
    query = {"scores": "35000,25200,20000,19800", "dealer": "3", "seat": "1", "place": "1",
             "kiriage": "1"}
    link = "?" + "&".join(f"{k}={v}" for k, v in query.items())
    page, watch = open_conditions(context, base_url, lang, link)
    answer, texts = expected(query, lang)
    assert shown(page) == {hook: text for hook, (text, _h) in texts.items()}
    assert page.get_attribute("#results", "data-need-seat") == "1"
    assert page.get_attribute("#results", "data-state") == "ok"
    # the published example: 5,200 direct, 2,000·4,000 tsumo under kiriage
    assert answer["routes"][0]["need"]["points"] == 5200
    watch.clean()


def test_live_edits_and_the_url_follows(context, base_url):
    """Real controls typed in, chosen and ticked: the answer redrawn and the address following.
    The seat choices' winds, three players' errors and the rest of this flow are proven on the
    page's own handlers in tests/test_conditions_flows.py::test_live_edits_and_the_url_follows."""
    page, watch = open_conditions(context, base_url, "ko")
    page.fill("#f-scores", "30000,26500,22000,21500")
    page.select_option("#f-dealer", "3")
    page.set_checked("#f-riichi", True)
    query = {"scores": "30000,26500,22000,21500", "dealer": "3", "riichi": "1"}
    _answer, texts = expected(query, "ko")
    assert shown(page) == {hook: text for hook, (text, _h) in texts.items()}
    assert shown(page)["draw-noten"] == "리치하면 유국 때는 텐파이예요"
    params = {k: v[0] for k, v in parse_qs(urlparse(address(page)).query).items()}
    assert params == query
    page.select_option("#f-seat", "0")
    assert page.get_attribute("#results", "data-need-seat") == "0"
    assert "seat=0" in address(page)
    watch.clean()


# One language here, for the markup never made in the page; the messages, the stale state and
# the last good answer kept, in both: tests/test_conditions_flows.py::test_hostile_link_and_bad_input.
@pytest.mark.parametrize("lang", ["ko"])
def test_hostile_link_and_bad_input(context, base_url, lang):
    page, watch = open_conditions(context, base_url, lang,
                                  "?scores=<img src=x onerror=alert(1)>&seat=1")
    assert page.locator("main img").count() == 0
    error = page.locator('[data-error="scores"]')
    assert error.is_visible() and "<img" not in error.inner_text()
    assert page.get_attribute("#results", "data-state") == "invalid"
    assert page.locator(".invalid-note").is_visible() and page.locator(".needs").is_hidden()
    assert page.get_attribute("#f-scores", "aria-invalid") == "true"
    page.fill("#f-scores", "32000,28500,22000,17500")
    assert page.get_attribute("#results", "data-state") == "ok"
    before = shown(page)
    for field, value in (("#f-honba", "-1"), ("#f-scores", "32000.5,28500,22000,17500")):
        page.fill(field, value)
        assert page.get_attribute("#results", "data-state") == "stale"
        assert shown(page) == before  # the last good answer stays, marked stale
        name = field[3:]
        assert page.locator(f'[data-error="{name}"]').is_visible()
        page.fill(field, "0" if name == "honba" else "32000,28500,22000,17500")
    watch.clean()


def test_keyboard_only(context, base_url):
    page, watch = open_conditions(context, base_url, "ja")
    page.locator("#table-rules").evaluate("d => d.open = true")
    reached = set()
    for _ in range(40):
        page.keyboard.press("Tab")
        reached.add(page.evaluate("document.activeElement.name || ''"))
    assert {"players", "scores", "dealer", "honba", "sticks", "seat", "place", "riichi",
            "ties", "kiriage", "multi", "tsumoloss"} <= reached
    page.focus("#f-place")
    page.keyboard.press("ArrowDown")
    assert "place=2" in address(page)
    watch.clean()


@pytest.mark.parametrize("lang", ["ko", "ja"])
def test_axe_finds_nothing_serious(browser, base_url, lang):
    context = browser.new_context(bypass_csp=True, viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(f"{base_url}{lang}/conditions/?scores=1,2")
    page.wait_for_selector(READY, timeout=60_000)
    page.locator("#table-rules").evaluate("d => d.open = true")
    page.add_script_tag(path=str(AXE))
    violations = page.evaluate(
        "axe.run(document, {resultTypes: ['violations']}).then(r => r.violations"
        ".filter(v => v.impact === 'serious' || v.impact === 'critical')"
        ".map(v => v.id + ': ' + v.nodes.map(n => n.target.join(' ')).join(', ')))")
    context.close()
    assert violations == []
