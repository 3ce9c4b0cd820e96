"""The Pyodide build (`build.py --interpreter pyodide`, SPEC §5.1): the same pages on PyScript's
stock Pyodide stay live — the calculator's answer, and a ledger hand added."""
import pytest

import build

from .conftest import SUBPATH, serve
from .helpers import READY, card
from .ledger_page import add, board, fill, start


@pytest.fixture(scope="module")
def pyodide_site(tmp_path_factory):
    root = tmp_path_factory.mktemp("pyodide")
    build.main(["--out", str(root / SUBPATH.strip("/")), "--interpreter", "pyodide"])
    server, url = serve(root)
    yield url
    server.shutdown()


def test_the_pages_run_on_pyodide(context, pyodide_site):
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{pyodide_site}ko/?han=4&fu=40&seat=dealer")
    page.wait_for_selector(READY, timeout=120_000)
    assert page.evaluate("document.querySelector('script[type=py]') !== null")
    assert page.evaluate("!document.querySelector('script[type=mpy]')")
    assert card(page, "total") == "12,000"
    page.fill("#f-han", "5")
    assert card(page, "total") == "12,000"
    page.fill("#f-han", "6")
    assert card(page, "total") == "18,000"

    ledger = context.new_page()
    ledger.on("pageerror", lambda error: errors.append(str(error)))
    ledger.goto(f"{pyodide_site}ja/ledger/")
    ledger.wait_for_selector(READY, timeout=120_000)
    start(ledger)
    fill(ledger, {"result": "ron", "winners": [{"seat": 1, "han": 3, "fu": 30}], "from": 2})
    add(ledger)
    assert board(ledger)["scores"] == [25000, 28900, 21100, 25000]
    assert errors == []
