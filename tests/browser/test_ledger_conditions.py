"""The ledger's conditions panel after an imported game, in Chromium: every seat's answer matches
`python -m engine.conditions` on the same record (in Japanese here; both languages, three and
four players and the links' state on the page's own draws in tests/test_ledger_panel_flows.py);
open by default in the last round only; one tap (or Enter) opens a seat's answer in full; axe."""
import json
import subprocess
import sys
import tomllib

import pytest

import build

from .conftest import READY, Watch

sys.path.insert(0, str(build.SITE))
from conditions import present as conditions_present  # noqa: E402
from ledger import present as ledger_present  # noqa: E402

AXE = build.NODE / "axe-core" / "axe.min.js"
# An east-only game up to its last round (East 4, seat 3 deals, 1 honba): a ron, a tsumo, a draw
# with the dealer noten.
RECORD = {"rules": {"preset": "tenhou", "length": "east"}, "hands": [
    {"result": "ron", "from": 2, "winners": [{"seat": 1, "han": 3, "fu": 40}], "riichi": [1]},
    {"result": "tsumo", "winners": [{"seat": 3, "han": 1, "fu": 30}], "riichi": []},
    {"result": "draw", "tenpai": [0], "riichi": []},
]}


def cli(state):
    done = subprocess.run([sys.executable, "-m", "engine.conditions", "-"],
                          input=json.dumps(state), capture_output=True, text=True,
                          cwd=build.ROOT, check=True)
    return json.loads(done.stdout)


def expected(record, seat, place, lang, riichi=0):
    answer = cli({"record": record, "seat": seat, "place": place, "riichi": riichi})
    replay = subprocess.run([sys.executable, "-m", "engine.ledger", "-"], input=json.dumps(record),
                            capture_output=True, text=True, cwd=build.ROOT, check=True)
    upcoming = json.loads(replay.stdout)["next"]
    scores, dealer = upcoming["scores"], upcoming["dealer"]
    strings = tomllib.loads((build.CONTENT / lang / "strings.toml").read_text(encoding="utf-8"))
    # a seat is named with its wind in the hand about to be played (SPEC §10.1): "B(서가)"
    texts = conditions_present.view(answer, scores, dealer, strings, lambda s: ledger_present.named(
        strings["ledger"], {**record, "rules": {"players": 4, **record["rules"]}}, s, dealer))
    return {hook: text for hook, (text, _hands) in texts.items()}


def panel_texts(page, seat):
    return page.evaluate("""seat => Object.fromEntries([...document.querySelectorAll(
        `[data-need-panel] [data-need-seat="${seat}"] [data-need]`)].map(e => [e.dataset.need,
        e.textContent]))""", seat)


def open_with(context, base_url, lang, record):
    page = context.new_page()
    watch = Watch(page)
    page.goto(f"{base_url}{lang}/ledger/")
    page.wait_for_selector(READY, timeout=60_000)
    page.fill("[data-ledger-import]", json.dumps(record))
    page.click("[data-ledger-import-go]")
    page.wait_for_selector("[data-ledger-game]:not([hidden])")
    return page, watch


@pytest.mark.parametrize("lang", ["ja"])
def test_panel_matches_the_command_line(context, base_url, lang):
    page, watch = open_with(context, base_url, lang, RECORD)
    panel = page.locator("[data-need-panel]")
    assert panel.evaluate("d => d.open")  # the last round: open by default
    for seat in range(4):
        assert panel_texts(page, seat) == expected(RECORD, seat, 1, lang)
    page.select_option("[data-need-place]", "3")
    page.check("[data-need-riichi]")
    for seat in range(4):
        assert panel_texts(page, seat) == expected(RECORD, seat, 3, lang, riichi=1)
    # one tap shows a seat's answer in full
    details = page.locator('[data-need-panel] details[data-need-seat="2"]')
    assert not details.evaluate("d => d.open")
    details.locator("summary").click()
    assert details.evaluate("d => d.open")
    assert details.locator('[data-need="tsumo"]').is_visible()
    watch.clean()


def test_closed_before_the_last_round_and_keyboard(context, base_url):
    page, watch = open_with(context, base_url, "ko", {**RECORD, "hands": RECORD["hands"][:1]})
    panel = page.locator("[data-need-panel]")
    assert panel.is_visible() and not panel.evaluate("d => d.open")
    panel.locator("summary").first.focus()
    page.keyboard.press("Enter")
    assert panel.evaluate("d => d.open")
    seat = page.locator('[data-need-panel] details[data-need-seat="0"]')
    seat.locator("summary").focus()
    page.keyboard.press("Enter")
    assert seat.evaluate("d => d.open")
    assert panel_texts(page, 0) == expected({**RECORD, "hands": RECORD["hands"][:1]}, 0, 1, "ko")
    watch.clean()


def test_axe_on_the_open_panel(browser, base_url):
    context = browser.new_context(bypass_csp=True, viewport={"width": 390, "height": 844})
    page, _watch = open_with(context, base_url, "ja", RECORD)
    page.evaluate("document.querySelectorAll('[data-need-panel] details').forEach(d => d.open = true)")
    page.add_script_tag(path=str(AXE))
    violations = page.evaluate(
        "axe.run(document.querySelector('[data-need-panel]'), {resultTypes: ['violations']})"
        ".then(r => r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')"
        ".map(v => v.id + ': ' + v.nodes.map(n => n.target.join(' ')).join(', ')))")
    context.close()
    assert violations == []
