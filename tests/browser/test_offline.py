"""Offline at the table: the service worker precaches one build and replaces it as a whole."""
import json
import shutil

import pytest

import build

from .conftest import SUBPATH, serve
from .helpers import READY, card

CONTROLLED = "navigator.serviceWorker.controller !== null"


def test_offline_after_one_visit(context, base_url):
    page = context.new_page()
    page.goto(f"{base_url}ko/")
    page.wait_for_selector(READY, timeout=60_000)
    page.wait_for_function(CONTROLLED, timeout=60_000)
    context.set_offline(True)
    try:
        for lang, query, total in (("ja", "?rule=hk&fan=5&win=tsumo", "36"),
                                   ("ko", "?han=4&fu=40&seat=dealer", "12,000")):
            offline = context.new_page()
            offline.goto(f"{base_url}{lang}/{query}")
            offline.wait_for_selector(READY, timeout=60_000)
            assert card(offline, "total") == total
            offline.fill("#f-han" if lang == "ko" else "#f-fan", "6")
            assert card(offline, "total") == ("18,000" if lang == "ko" else "48")
        # a page is cached once, under its folder URL; its index.html name is answered from it
        direct = context.new_page()
        direct.goto(f"{base_url}ja/index.html?han=3&fu=30")
        direct.wait_for_selector(READY, timeout=60_000)
        assert card(direct, "total") == "3,900"
        # a folder typed without its slash, as the server would redirect it (security review F20)
        bare = context.new_page()
        bare.goto(f"{base_url}ko/ledger?han=3&fu=30")
        bare.wait_for_selector(READY, timeout=60_000)
        assert bare.url.split("?")[0].endswith("/ko/ledger/")
    finally:
        context.set_offline(False)


@pytest.fixture
def own_site(tmp_path, site):
    """A copy of the run's build, served apart: this test changes its files."""
    root = tmp_path / "served"
    shutil.copytree(site, root / SUBPATH.strip("/"))
    server, url = serve(root)
    yield root / SUBPATH.strip("/"), url
    server.shutdown()


def caches(page):
    return sorted(page.evaluate("caches.keys()"))


def test_new_build_replaces_the_cache_and_leaves_other_sites_alone(browser, own_site):
    out, url = own_site
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{url}ko/")
    page.wait_for_selector(READY, timeout=60_000)
    page.wait_for_function(CONTROLLED, timeout=60_000)
    page.evaluate("caches.open('someone-elses-site-v1')")
    first = [name for name in caches(page) if name.startswith("mahjong-payments-")]
    assert len(first) == 1

    # A second build with a change: a new worker, a new cache name.
    with (out / "assets" / "style.css").open("a") as css:
        css.write("\n/* second build */\n")
    build.write_service_worker(build.environment("mpy"), out)
    page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
    update = page.locator("[data-update]")
    update.wait_for(state="visible", timeout=60_000)  # offered, never forced mid-input
    with page.expect_navigation():
        page.click("[data-update-button]")
    page.wait_for_selector(READY, timeout=60_000)
    names = caches(page)
    ours = [name for name in names if name.startswith("mahjong-payments-")]
    assert len(ours) == 1 and ours != first
    assert "someone-elses-site-v1" in names
    css = page.evaluate("([name, url]) => caches.open(name).then(c => c.match(url))"
                        ".then(r => r.text())", [ours[0], f"{url}assets/style.css"])
    assert "second build" in css
    context.close()


# What the Pyodide site (before MicroPython) left on a phone: its caches, the runtime's and a
# memory image's, and a game in localStorage, as that site wrote them.
OLD_CACHES = ("mahjong-payments-3f9a1c0d2b7e4a65", "mahjong-payments-image-3f9a1c0d2b7e4a65")
OLD_STORAGE = {
    "mahjong-ledger.games": '{"format": "mahjong-ledger-games", "version": 2, "current": "1", '
                            '"order": ["1"], "next": 2}',
    "mahjong-ledger.game.1": (
        '{"format": "mahjong-ledger", "version": 2, "id": "1", "started": "2026-12-06T21:03:00.000Z",'
        ' "saved": "2026-12-06T21:03:00.000Z", "record": {"rules": {"players": 4, "length": "south", '
        '"start": 25000, "return": 30000, "uma": [20, 10, -10, -20], "kiriage": 0, "kazoe": 1, '
        '"multi": 1, "tsumoloss": 1, "paoscope": "hand", "paohonba": "liable", "doubleron": "both", '
        '"tripleron": "draw", "busting": 1, "extension": "none", "agariyame": 1, "tenpaiyame": 1, '
        '"leftover": "first", "rounding": "exact", "target": 30000, "ties": "seat", "aborts": 1, '
        '"chombo": "mangan", "chombopenalty": 20, "nagashi": 1}, "hands": [{"result": "ron", '
        '"riichi": [1], "winners": [{"seat": 1, "yakuman": 0, "han": 3, "fu": 30}], "from": 2}, '
        '{"result": "draw", "riichi": [], "tenpai": [0], "nagashi": []}]}, "names": ["민수", "", '
        '"유키", ""], "ended": false}'),
}


def test_an_update_from_the_pyodide_site_drops_its_caches_and_keeps_the_games(context, base_url):
    page = context.new_page()
    page.goto(f"{base_url}sitemap.xml")  # the origin, before any page of this build ran
    page.evaluate("""([names, items]) => Promise.all(names.map((name) => caches.open(name)
        .then((cache) => cache.put(new Request('old-entry'), new Response('old')))))
        .then(() => Object.entries(items).forEach(([key, value]) => localStorage.setItem(key, value)))""",
                  [list(OLD_CACHES), OLD_STORAGE])
    assert set(OLD_CACHES) <= set(caches(page))
    page.goto(f"{base_url}ko/ledger/")
    page.wait_for_selector(READY, timeout=60_000)
    page.wait_for_function(CONTROLLED, timeout=60_000)
    page.wait_for_function(f"caches.keys().then(n => !n.includes({OLD_CACHES[1]!r}))", timeout=30_000)
    ours = [name for name in caches(page) if name.startswith("mahjong-payments-")]
    assert len(ours) == 1 and ours[0] not in OLD_CACHES
    assert page.locator("[data-ledger-history] tr").count() == 2  # the kept game, both hands
    stored = json.loads(page.evaluate("localStorage.getItem('mahjong-ledger.game.1')"))
    old = json.loads(OLD_STORAGE["mahjong-ledger.game.1"])
    assert stored["record"] == old["record"] and stored["names"] == old["names"]
