"""Offline at the table: the service worker precaches one build and replaces it as a whole."""
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
def own_site(tmp_path):
    root = tmp_path / "served"
    build.main(["--out", str(root / SUBPATH.strip("/"))])
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
    build.write_service_worker(build.environment(), out)
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
