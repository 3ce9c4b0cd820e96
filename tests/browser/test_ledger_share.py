"""One game on every phone at the table (SPEC §8), in Chromium: the link and its QR code (read
back by a real decoder), following a link in a fresh browser (nothing stored until keep; the
game it replaces stays in the list of games, SPEC §10.4), a hostile link, the chart, the result
to paste. The link's own round trip over every Tenhou game is tests/test_ledger_link.py; every bad
link's message and the followed games' board, chart and history are on the page's own steps in
tests/test_ledger_share_flows.py."""
import io
import sys
from datetime import date

import pytest
import zxingcpp
from PIL import Image

from engine.ledger import link, replay
from tests.tenhou import varied_games

from .conftest import READY, Watch
from .ledger_page import (board, cli, expected_board, kept_games, page_game,
                          stored_current, stored_page, words)

sys.path.insert(0, str(__import__("build").SITE))
from ledger import summary as ledger_summary  # noqa: E402  (site/: the page's own wording, for the pasted text)

def long_game():
    from tests.test_ledger_link import LONG, random_game
    return page_game(random_game(20, 7, LONG))


def open_link(context, url):
    page = context.new_page()
    watch = Watch(page)
    page.goto(url)
    page.wait_for_selector(READY, timeout=60_000)
    return page, watch


def storage(page):
    return page.evaluate("() => Object.fromEntries(Object.entries(localStorage))")


def test_the_link_and_its_qr_code_read_back_by_a_decoder(context, base_url):
    game = long_game()
    page, watch = stored_page(context, base_url, "ko", game)
    fetched = []
    page.on("request", lambda request: fetched.append(request.url))
    href = page.get_attribute("[data-ledger-share]", "href")
    assert href.startswith(f"{base_url}ko/ledger/#g=")
    shared = link.from_fragment(href.split("#", 1)[1])
    # kept before there were uids: the game got one, given late, when the page opened (§11.1)
    assert shared.pop("uid").startswith("o")
    assert shared == {**game, "rules": link.decode(href.split("#g=", 1)[1])["rules"]}
    assert not [url for url in fetched if url.endswith("qrcode.mjs")]  # not before the box opens
    page.click("[data-ledger-share-box] summary")
    page.wait_for_selector("[data-ledger-qr] path.qr-dark", timeout=30_000)
    assert [url for url in fetched if url == f"{base_url}runtime/qrcode/qrcode.mjs"]
    qr = page.locator("[data-ledger-qr]")
    print(f"QR: version {qr.get_attribute('data-version')}, {len(href)} characters, "
          f"{qr.get_attribute('data-ms')} ms to fetch and encode")
    assert qr.get_attribute("data-url") == href
    assert qr.bounding_box()["width"] >= 300  # most of a 390 px phone
    shot = Image.open(io.BytesIO(qr.screenshot()))
    found = zxingcpp.read_barcodes(shot)
    assert [code.text for code in found] == [href]
    watch.clean()


def test_following_in_a_fresh_browser_stores_nothing_until_keep(browser, base_url):
    # One Tenhou game here; the three games' board, chart, history and kept game on the page's own
    # steps: tests/test_ledger_share_flows.py::test_following_a_link_shows_the_game_read_only.
    for record in varied_games(1):
        game = page_game(record)
        url = f"{base_url}ja/ledger/" + link.fragment(game)
        context = browser.new_context(viewport={"width": 390, "height": 844})
        try:
            page, watch = open_link(context, url)
            assert page.locator("[data-ledger-follow]").is_visible()
            assert storage(page) == {}
            expected = cli({"rules": game["rules"], "hands": game["hands"]})
            if not expected["over"]:
                assert board(page) == expected_board(replay(game), "ja")
            else:
                shown = [page.inner_text(f'[data-ledger-score="{seat}"]')
                         for seat in range(game["rules"]["players"])]
                assert [int(text.replace(",", "").replace("\u2212", "-")) for text in shown] == \
                    expected["final"]["scores"]
            assert page.locator("[data-ledger-chart] path[data-seat]").count() == game["rules"]["players"]
            assert not page.locator("#ledger-hand").is_visible()
            assert page.locator("[data-ledger-history] tr").count() == len(game["hands"])
            page.click("[data-ledger-keep]")
            page.wait_for_function("() => !document.querySelector('[data-ledger-follow]')")
            kept = stored_current(page)
            assert kept["record"] == {"rules": game["rules"], "hands": game["hands"]}
            assert kept["names"] == game["names"]
            assert "#" not in page.url
            watch.clean()
        finally:
            context.close()


def test_keep_adds_the_shared_game_and_the_replaced_one_stays_listed(context, base_url):
    """SPEC §10.4 (it replaced the game, kept under mahjong-ledger.previous, before several
    games): the shared game is added and becomes current; the one it replaces stays listed."""
    mine = page_game({"hands": [{"result": "tsumo", "winners": [{"seat": 2, "han": 3, "fu": 30}]}]},
                     ["Me", "", "", ""])
    page, watch = stored_page(context, base_url, "ko", mine)
    before = storage(page)
    theirs = long_game()
    page.goto(f"{base_url}ko/ledger/" + link.fragment(theirs))
    page.wait_for_selector(READY, timeout=60_000)
    page.wait_for_selector("[data-ledger-follow]")
    assert storage(page) == before
    page.click("[data-ledger-keep]")
    page.wait_for_function("() => !document.querySelector('[data-ledger-follow]')")
    current, kept = kept_games(page)
    assert [game["record"]["hands"] for game in kept] == [mine["hands"], theirs["hands"]]
    assert current == kept[1]["id"] and page.locator("[data-game]").count() == 2
    assert all(storage(page)[key] == text for key, text in before.items()
               if key.startswith("mahjong-ledger.game."))  # the replaced game as it was
    page.reload()
    page.wait_for_selector(READY, timeout=60_000)
    assert page.locator("[data-ledger-history] tr").count() == len(theirs["hands"])
    watch.clean()


HOSTILE = link.encode({"rules": {}, "names": ['<img src=x onerror="document.title=1">'],
                       "hands": [{"result": "ron", "from": "<b>x</b>", "winners": []}]})


# One hostile link here, for the markup never made and nothing stored changed; every bad link's
# message in both languages: tests/test_ledger_share_flows.py::test_a_bad_link_says_why_and_changes_nothing.
@pytest.mark.parametrize("lang", ["ja"])
@pytest.mark.parametrize(("text", "code"), [(HOSTILE, "bad_record")])
def test_a_bad_link_says_why_and_changes_nothing(context, base_url, lang, text, code):
    mine = page_game({"hands": [{"result": "draw", "tenpai": [1], "riichi": []}]}, ["Me", "", "", ""])
    page, watch = stored_page(context, base_url, lang, mine)
    before = storage(page)
    page.goto(f"{base_url}{lang}/ledger/#g={text}")
    page.wait_for_selector(READY, timeout=60_000)
    message = page.inner_text("[data-ledger-link-error]")
    expected = words(lang)["follow"][code]
    assert message.startswith(expected.split("{")[0].strip())
    assert page.locator("[data-ledger-follow]").count() == 0
    assert storage(page) == before
    assert page.locator("main img").count() == 0 and page.title() != "1"
    assert page.locator("[data-ledger-history] tr").count() == 1  # this phone's game is on show
    watch.clean()


def test_three_seats_in_the_chart_and_the_result_to_paste(context, base_url):
    record = {"rules": {"players": 3, "length": "east"}, "hands": [
        {"result": "tsumo", "winners": [{"seat": 1, "han": 4, "fu": 30}], "riichi": []},
        {"result": "ron", "from": 0, "winners": [{"seat": 2, "han": 3, "fu": 40}], "riichi": [2]},
        {"result": "draw", "tenpai": [0], "riichi": []}]}
    game = {**page_game(record, ["Ann", "", "Kim"]), "ended": True}
    context.add_init_script("Object.defineProperty(navigator, 'share', { value: (data) => { "
                            "window.__shared = data.text; return Promise.resolve(); } });")
    page, watch = stored_page(context, base_url, "ko", game)
    paths = page.locator("[data-ledger-chart] path[data-seat]")
    assert [paths.nth(i).get_attribute("data-seat") for i in range(paths.count())] == ["0", "1", "2"]
    assert page.locator("[data-ledger-chart] text", has_text="Kim").count() == 1
    page.click("[data-ledger-paste]")
    page.wait_for_function("() => window.__shared !== undefined")
    from engine.ledger import end
    played = end({"rules": game["rules"], "hands": game["hands"]})
    pasted = page.evaluate("() => window.__shared")
    # after the game no hand is being played: names without a wind, as the final table has them
    assert pasted == ledger_summary.standings_text(words("ko"), game, played["final"], date.today())
    assert pasted.splitlines()[1].startswith("1위 ") and pasted.splitlines()[1].endswith("pt)")
    assert "(" not in pasted.splitlines()[1].split("점")[0]
    watch.clean()
