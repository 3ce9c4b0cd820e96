"""Every user: axe-core audit, keyboard only, visible focus, and the content policy."""
import pytest

import build

from .helpers import AXE, READY, card, shown_text

RULES = ("riichi", "hk", "mcr", "nmjl")


@pytest.fixture
def audit_context(browser):
    # axe is injected as an inline script, which the page's own policy rightly refuses.
    context = browser.new_context(bypass_csp=True, viewport={"width": 390, "height": 844})
    yield context
    context.close()


@pytest.mark.parametrize("lang", ["ko", "ja"])
def test_axe_finds_nothing_serious(audit_context, base_url, lang):
    page = audit_context.new_page()
    page.goto(f"{base_url}{lang}/")
    page.wait_for_selector(READY, timeout=60_000)
    page.add_script_tag(path=str(AXE))
    report = {}
    for rule in RULES:
        page.select_option("#f-rule", rule)
        page.locator("#table-rules").evaluate("d => d.open = true")
        for fumode in (("known", "count", "tiles") if rule == "riichi" else ("known",)):
            if rule == "riichi":
                page.check(f"#f-fumode-{fumode}")
            if fumode == "tiles":  # the hand strip with tiles in it and its clear button live
                for tile in ("2m", "3m", "4m"):
                    page.click(f'[data-tiles-palette] [data-tile="{tile}"]')
            violations = page.evaluate(
                "axe.run(document, {resultTypes: ['violations']}).then(r => r.violations"
                ".filter(v => v.impact === 'serious' || v.impact === 'critical')"
                ".map(v => v.id + ': ' + v.nodes.map(n => n.target.join(' ')).join(', ')))")
            report[f"{rule}/{fumode}"] = violations
    assert report == {key: [] for key in report}


def test_keyboard_only(context, base_url):
    page = context.new_page()
    page.goto(f"{base_url}ko/")
    page.wait_for_selector(READY, timeout=60_000)
    page.locator("#table-rules").evaluate("d => d.open = true")
    reached = set()
    for _ in range(60):
        page.keyboard.press("Tab")
        name = page.evaluate("document.activeElement.name || document.activeElement.id"
                             " || document.activeElement.tagName")
        reached.add(name)
        outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
        if page.evaluate("document.activeElement.matches('input, select, button, summary, a')"):
            assert outline != "none", name
    for name in ("rule", "fumode", "han", "fu", "menzen", "win", "seat", "honba", "sticks",
                 "kiriage", "kazoe", "dwind4"):
        assert name in reached, name
    # change values with keys only
    page.focus("#f-han")
    page.keyboard.press("Control+A")
    page.keyboard.type("4")
    page.focus("#f-fu")
    page.keyboard.press("ArrowDown")  # 30 -> 40
    assert card(page, "total") == "8,000"
    page.focus("#f-win-ron")
    page.keyboard.press("ArrowRight")  # ron -> tsumo
    assert card(page, "payments") == "2,000·4,000"  # a tsumo: non-dealer share, dealer share (TERMS.md)
    page.focus("#f-kiriage")
    page.keyboard.press("Space")
    page.focus("#f-rule")
    page.keyboard.press("ArrowDown")  # riichi -> hk
    assert card(page, "total") == "12"
    assert page.locator("#results").get_attribute("aria-live") == "polite"


def test_table_rules_disclosure_is_a_details_element(context, base_url):
    page = context.new_page()
    page.goto(f"{base_url}ja/")
    page.wait_for_selector(READY, timeout=60_000)
    page.focus("#table-rules summary")
    page.keyboard.press("Enter")
    assert page.locator("#f-honba").is_visible()


def test_your_hand_tag_is_text(context, base_url):
    page = context.new_page()
    page.goto(f"{base_url}ko/?han=2&fu=40")
    page.wait_for_selector(READY, timeout=60_000)
    row = page.locator("[data-fu-han-rows] tr.mine")
    assert row.count() == 1 and build.load_strings("ko")["table"]["your_hand"] in shown_text(row)


@pytest.mark.parametrize("lang", ["ko", "ja"])
def test_pages_stay_live_under_their_content_policy(browser, base_url, lang):
    context = browser.new_context()
    page = context.new_page()
    page.add_init_script("document.addEventListener('securitypolicyviolation',"
                         " e => (window.__violations = window.__violations || [])"
                         ".push(e.violatedDirective + ' ' + e.blockedURI))")
    messages = []
    page.on("console", lambda m: messages.append(m.text))
    page.goto(f"{base_url}{lang}/?rule=hk&fan=4")
    page.wait_for_selector(READY, timeout=60_000)
    policy = page.locator('meta[http-equiv="Content-Security-Policy"]').get_attribute("content")
    assert "default-src 'self'" in policy and "'wasm-unsafe-eval'" in policy
    assert "unsafe-inline" not in policy.split("script-src", 1)[1].split(";", 1)[0]
    assert card(page, "total") == "16"
    assert page.evaluate("window.__violations || []") == []
    assert not [m for m in messages if "Content Security Policy" in m]
    assert page.locator("[onclick], [onload], [onerror], [oninput], [onchange]").count() == 0
    context.close()
