"""The built site served on 127.0.0.1 under a sub-path, and a headless Chromium to drive it."""
import functools
import http.server
import os
import sys
import threading

import pytest
from playwright.sync_api import sync_playwright

from ..conftest import SUBPATH


CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]
READY = "html[data-engine=ready]"


def pytest_collection_modifyitems(items):
    for item in items:
        if "/browser/" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


class Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript",
                      ".webmanifest": "application/manifest+json"}

    def log_message(self, *args):
        pass


@pytest.fixture(scope="session")
def site_root(site):
    """The folder served: the one build of the run (tests/conftest.py) under SUBPATH."""
    return site.parent


class Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        """A browser that closed a connection mid-response (a page left, a route aborted) is no
        error of the site's: not printed."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def serve(root):
    """Serve `root` on a free port of 127.0.0.1; returns (server, base URL of the sub-path)."""
    handler = functools.partial(Quiet, directory=str(root))
    server = Server(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}{SUBPATH}"


@pytest.fixture(scope="session")
def base_url(site_root):
    server, url = serve(site_root)
    yield url
    server.shutdown()


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield browser
        browser.close()


class Watch:
    """Console errors, page errors, dialogs and requests that left 127.0.0.1. Playwright hands a
    worker's console to its page: a worker's errors are kept apart (worker_errors)."""

    def __init__(self, page):
        self.errors, self.dialogs, self.foreign, self.worker_errors = [], [], [], []
        page.on("console", lambda m: None if m.type != "error"
                else (self.worker_errors if m.worker else self.errors).append(m.text))
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        page.on("dialog", self._dialog)
        page.on("request", lambda r: None if r.url.startswith(("http://127.0.0.1", "data:", "blob:"))
                else self.foreign.append(r.url))

    def _dialog(self, dialog):
        self.dialogs.append(dialog.message)
        dialog.dismiss()

    def clean(self):
        assert self.errors == [] and self.dialogs == [] and self.foreign == []


@pytest.fixture
def context(browser):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    yield context
    context.close()


@pytest.fixture
def open_page(context, base_url):
    """open_page(lang, query) -> (page, watch), once Python is live."""
    def open_(lang, query="", ready=True):
        page = context.new_page()
        watch = Watch(page)
        page.goto(f"{base_url}{lang}/{query}")
        if ready:
            page.wait_for_selector(READY, timeout=60_000)
        return page, watch
    return open_
