"""Every preload a page makes is taken up: Chromium warns "preloaded using link preload but not
used within a few seconds from the window's load event" for one whose request never matched or
came too late."""
import pytest

from .conftest import READY

PAGES = ("ko/", "ja/ledger/", "ko/conditions/")


@pytest.mark.parametrize("path", PAGES)
def test_no_preload_goes_unused(context, base_url, path):
    page = context.new_page()
    said = []
    page.on("console", lambda message: said.append(message.text))
    page.goto(f"{base_url}{path}")
    page.wait_for_selector(READY, timeout=60_000)
    page.wait_for_timeout(5_000)  # Chromium reports an unused preload 3 s after the load event
    preloads = page.eval_on_selector_all('link[rel="preload"]', "links => links.map(l => l.href)")
    package = {"ko/": "calculator", "ja/ledger/": "ledger", "ko/conditions/": "conditions"}[path]
    wasm = f"{base_url}runtime/micropython/micropython.wasm"
    bundles = [f"{base_url}app/engine.bundle", f"{base_url}app/{package}.bundle"]
    assert preloads == [*bundles, wasm]
    assert [text for text in said if "preloaded" in text] == []
    fetched = page.evaluate("performance.getEntriesByType('resource').map(e => e.name)")
    for url in (*bundles, wasm):  # each fetched once: the preload is what the runtime takes
        assert fetched.count(url) == 1, url


@pytest.mark.parametrize("path", PAGES)
def test_the_runtime_ships_what_a_start_asks_for(context, base_url, site_root, path):
    """PyScript's files shipped (runtime/pyscript: its core, its hashed chunks) are those a page's
    start fetches: none missing (a 404 would fail the start), none shipped for nothing."""
    page = context.new_page()
    page.goto(f"{base_url}{path}")
    page.wait_for_selector(READY, timeout=60_000)
    page.wait_for_load_state("load")
    fetched = page.evaluate("performance.getEntriesByType('resource').map(e => e.name)")
    folder = f"{base_url}runtime/pyscript/"
    asked = {url[len(folder):] for url in fetched if url.startswith(folder)}
    shipped = {file.name for file in (site_root / "repo" / "runtime" / "pyscript").iterdir()}
    assert asked == shipped
