"""Hostile and malformed links: 205 query strings (200 generated, tests/test_calculator_hostile.py)
walked in one live calculator page, two opened for real (one per language), and the ledger's
red-team bricks."""
import json

import pytest

import build
from engine import DEFAULTS, KEYS
from engine.ledger.envelope import new_game
from engine.ledger.games import open_shelf
from engine.ledger.storage import GAME, INDEX, UNREADABLE, MemoryStorage
from calculator.present import error_text, fmt
from tests.test_calculator_hostile import QUERIES, expected

from .helpers import READY, set_control, shipped_media, shipped_scripts
from .ledger_page import open_ledger, words as ledger_words

STRINGS = {lang: build.load_strings(lang) for lang in ("ko", "ja")}
DANGER = "script, img, svg, iframe, object, embed, [onload], [onerror], [onclick]"


def open_in_place(page, query):
    page.evaluate("q => { history.pushState(null, '', location.pathname + q);"
                  " dispatchEvent(new PopStateEvent('popstate')); }", query)


def check(page, lang, query):
    result, error = expected(query)
    state = page.locator("#results").get_attribute("data-state")
    shown = [b.inner_text() for b in page.locator("[data-error]:not([hidden])").all()]
    if error is None:
        assert state == "ok", query
        assert shown == []
        assert page.locator('[data-result="total"] [data-value]').inner_text() == fmt(result["total"])
    else:
        # struck through if the last answer was of this rule and mode, else none shown
        assert state in ("stale", "invalid"), query
        assert shown == [error_text(error, STRINGS[lang])], query
        assert page.locator(f'[data-error="{error.field}"]').is_visible(), query
    return error


def fix(page, query):
    """Put each bad field back to its default, as a user would, until the page computes."""
    for _ in range(6):
        if page.locator("#results").get_attribute("data-state") == "ok":
            return
        box = page.locator("[data-error]:not([hidden])")
        field = box.get_attribute("data-error")
        if KEYS[field].kind == "flag":  # a checkbox cannot show a bad value: click it, twice
            page.click(f"#f-{field}")
            page.click(f"#f-{field}")
        else:
            set_control(page, field, DEFAULTS[field])
    raise AssertionError(f"still not computing after fixes: {query}")


# The walk in one live page, Korean: every link's message or total, in both languages, is
# tests/test_calculator_hostile.py::test_every_hostile_link_says_what_the_engine_says; the Japanese
# page's sinks (a text field, a choice) are opened for real below.
@pytest.mark.parametrize("lang", ["ko"])
def test_generated_hostile_links(open_page, lang):
    page, watch = open_page(lang)
    baseline = page.locator(DANGER).count()
    errors = 0
    for query in QUERIES:
        open_in_place(page, query)
        errors += check(page, lang, query) is not None
        assert page.locator(DANGER).count() == baseline, query
        fix(page, query)
        assert page.locator("#results").get_attribute("data-state") == "ok"
    assert errors > 80  # many are refused, each with its field named; the rest compute
    watch.clean()


# One link per language opened for real, each trying an injection through a field the page fills
# from the link and names in its error: <script> into han (a text field), "><img …> into table
# (a choice). No element is injected; what the page says for every link (the message per field,
# or the total) is proven in plain Python (tests/test_calculator_hostile.py) and walked in one
# live page above.
@pytest.mark.parametrize("lang,index", [("ko", 54), ("ja", 29)])
def test_hostile_links_opened_for_real(open_page, site_root, lang, index):
    assert any(payload in QUERIES[index] for payload in ("%3Cscript%3E", "%3Cimg"))
    page, watch = open_page(lang, QUERIES[index])
    baseline = shipped_scripts(site_root, lang)  # the page's own script elements
    assert page.evaluate("document.querySelectorAll('script').length") == baseline
    assert check(page, lang, QUERIES[index]) is not None  # refused, next to its field
    assert page.locator("img, svg, iframe, object, embed").count() == shipped_media(site_root, lang)
    assert page.locator("[onload], [onerror], [onclick]").count() == 0
    watch.clean()
    assert page.locator(READY).count() == 1


# ---------------------------------------------------------------- issue 34: the ledger
# The red-team's bricks (../shared/reviews/security-turn5.md F5-F8, F21), in Chromium: whatever
# one stored value or link holds, the ledger comes live and lists every game it can read.

NOW = "2026-12-07T10:00:00.000Z"


def seeded_items(**extra):
    """The red team's "seeded" storage: games 1 Ann/Bo/Cy/Di and 2 Eve/Fay/Gus/Hal, game 2
    current, plus `extra` values."""
    storage = MemoryStorage()
    shelf = open_shelf(storage, NOW)
    hands = [{"result": "abort", "riichi": []}]
    shelf.add({**new_game(), "hands": hands, "names": ["Ann", "Bo", "Cy", "Di"]}, NOW)
    shelf.add({**new_game(), "hands": hands, "names": ["Eve", "Fay", "Gus", "Hal"]}, NOW)
    return {**storage.items, **extra}


def reopen_with(page, items):
    page.evaluate("items => { localStorage.clear(); for (const [k, v] of Object.entries(items))"
                  " localStorage.setItem(k, v); }", items)
    page.reload()
    page.wait_for_selector(READY, timeout=60_000)


@pytest.mark.parametrize("extra", [
    {UNREADABLE + NOW: "[" * 50_000},  # F5: what the crafted "all games" import left
    {INDEX: json.dumps({"format": "mahjong-ledger-games", "version": 2, "current": 2,
                        "order": ["1", "2"], "next": 3})},  # F6
    {GAME + "1": "[" * 100_000},  # F6
    {"mahjong-ledger": "[" * 100_000},  # F6: version 1's key
], ids=["f5-aside", "f6-current-int", "f6-game-deep", "f6-legacy-deep"])
def test_a_stored_value_of_any_shape_never_keeps_the_ledger_from_coming_live(context, base_url,
                                                                           extra):
    page, _watch = open_ledger(context, base_url, "ko")
    reopen_with(page, seeded_items(**extra))
    assert page.locator("[data-games] [data-game]").count() == 2  # both games listed
    reopen_with(page, {**seeded_items(**extra), **page.evaluate(
        "() => Object.fromEntries(Object.entries(localStorage))")})  # and on the next visit


def test_f5_the_brick_bundle_is_imported_aside_and_the_next_visit_comes_live(context, base_url):
    page, _watch = open_ledger(context, base_url, "ko")
    reopen_with(page, seeded_items())
    bundle = json.dumps({"format": "mahjong-ledger-games", "version": 2,
                         "games": [{"unreadable": "[" * 50_000}]})
    page.fill("[data-ledger-import]", bundle)
    page.click("[data-ledger-import-go]")
    page.reload()
    page.wait_for_selector(READY, timeout=60_000)
    assert page.locator("[data-games] [data-game]").count() == 2
    assert page.locator("[data-ledger-damaged]").is_visible()


@pytest.mark.parametrize("fragment", [
    "#g=1eNqrVipSsqqu1VHKU7KKjtVRygBS0dGGQJZSbGwtAIWjCIw",
    "#g=1eNrtwTEBAAAAwqCg69_DGh5AAQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
    "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAK8GbQfi9w",
], ids=["f7-list-code", "f7-deep"])
def test_f7_a_hostile_link_is_said_fresh_and_in_a_live_tab(context, base_url, fragment):
    said = ledger_words("ko")["follow"]["damaged"]
    page, _watch = open_ledger(context, base_url, "ko", fragment)  # fresh: comes live
    box = page.locator("[data-ledger-link-error]")
    assert box.is_visible() and box.inner_text() == said
    page.evaluate("() => { location.hash = ''; }")
    page.evaluate("f => { location.hash = f; }", fragment)  # a live tab: said again
    page.wait_for_function("() => !document.querySelector('[data-ledger-link-error]').hidden")
    assert box.inner_text() == said


BLOCKED = """Object.defineProperty(window, "localStorage", {
  get() { throw new DOMException("The operation is insecure.", "SecurityError"); }
});"""


def test_f8_blocked_site_data_gives_a_ledger_for_this_visit_that_says_so(context, base_url):
    context.add_init_script(BLOCKED)
    page, _watch = open_ledger(context, base_url, "ko")
    refused = page.locator("[data-ledger-refused]")
    assert refused.is_visible()
    assert refused.inner_text() == ledger_words("ko")["games"]["unavailable"]
    # the record's note no longer says every hand is saved on this device (a native read's S6)
    assert page.inner_text("[data-ledger-saved]") == ledger_words("ko")["store"]["record_hint_memory"]
    page.click("[data-ledger-start]")  # a game starts, in memory
    assert page.locator("[data-ledger-board]").is_visible()


def test_f21_a_game_id_with_a_quote_is_given_a_new_one_and_resumes(context, base_url):
    page, watch = open_ledger(context, base_url, "ko")
    items = seeded_items()
    quoted = items.pop(GAME + "1").replace('"id": "1"', '"id": "a\\"b"')
    items.update({GAME + 'a"b': quoted, INDEX: json.dumps(
        {"format": "mahjong-ledger-games", "version": 2, "current": None,
         "order": ['a"b', "2"], "next": 3})})
    reopen_with(page, items)
    first = page.locator("[data-games] [data-game]").first
    first.locator("[data-game-resume]").click()
    assert page.locator("[data-ledger-board]").is_visible()
    assert "Ann" in page.inner_text("[data-ledger-board]")
    watch.clean()
