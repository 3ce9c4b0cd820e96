"""The ledger page's modules on the built page's HTML (tests/soup_page.py), for the ledger's flow
tests in plain Python (issue 36): the page bound as start() binds it, a game as the page holds it
(kept on this phone, imported, or followed from a link), and the command lines run in this
process."""
import contextlib
import io
import json
import sys

from engine.conditions.__main__ import main as conditions_main
from engine.ledger import games, read_hand, rules_from
from engine.ledger.__main__ import main as ledger_main
from engine.ledger.storage import MemoryStorage
from ledger import page
from ledger.model import model

from .soup_page import Document

NOW = "2026-03-01T12:00:00.000Z"


def run_cli(main, text):
    """A command line (`main`) given `text` on standard input ("-"), in this process: its JSON."""
    stdin, out = sys.stdin, io.StringIO()
    sys.stdin = io.StringIO(text)
    try:
        with contextlib.redirect_stdout(out):
            status = main(["-"])
    finally:
        sys.stdin = stdin
    assert status == 0, out.getvalue()
    return json.loads(out.getvalue())


def conditions_cli(state):
    """`python -m engine.conditions -`."""
    return run_cli(conditions_main, json.dumps(state))


def ledger_cli_text(text):
    """`python -m engine.ledger -` given a text as it is (an export box's, say)."""
    return run_cli(ledger_main, text)


@contextlib.contextmanager
def ledger_page(site, lang, tail=""):
    """The built ledger page of `lang` (its address ending in `tail`: a query or a hash) bound as
    start() binds it (ledger.page.bind), with a fresh model; the page's modules put back as they
    were after."""
    html = (site / lang / "ledger" / "index.html").read_text(encoding="utf-8")
    document = Document(html, f"http://127.0.0.1/repo/{lang}/ledger/{tail}")
    kept_before = [(held, dict(held)) for held in (page.page, page.strings, page.L, page.el)]
    for held, _was in kept_before:
        held.clear()
    model.__init__()
    page.bind(document)
    try:
        yield document
    finally:
        for held, was in kept_before:
            held.clear()
            held.update(was)
        model.__init__()


def imported(record):
    """The page's game after `record` is pasted into the import box (index.on_import: the games'
    shelf imports it, and the current game is loaded from it)."""
    shelf = games.open_shelf(MemoryStorage(), NOW)
    shelf.import_games(json.dumps(record), NOW)
    model.game_id = shelf.current()
    model.record = shelf.load(model.game_id)[0]
    return model.record


def page_game(record, names=("", "", "", "")):
    """A game as the page holds it (tests/browser/test_ledger_share.py's page_game): the record's
    rules and hands as the engine reads them, with names."""
    rules = rules_from(record.get("rules"))
    hands = [read_hand(hand, index, rules) for index, hand in enumerate(record["hands"])]
    return {"rules": rules, "hands": hands, "names": list(names)[:rules["players"]], "ended": False}


def kept(record, names=("", "", "", "")):
    """`record` as this phone's current game."""
    model.record = page_game(record, names)
    return model.record
