"""Issue 34: the ledger page's storage (site/ledger/store.py) against what the red team stored
(../shared/reviews/security-turn5.md F5, F6, F8): whatever one stored value holds, the page
opens, lists every game it can read and shows the value kept aside; a browser that refuses its
storage gets the ledger for this visit, in memory, and is told its games cannot be kept."""
import json

import pytest

from engine.ledger.envelope import new_game
from engine.ledger.games import open_shelf
from engine.ledger.legacy import LEGACY
from engine.ledger.storage import GAME, INDEX, UNREADABLE, MemoryStorage
from tests import test_ledger_store
from tests.test_ledger_store import NOW, Clock, engine_call, ledger_page, store

LATER = "2026-12-07T10:00:00.000Z"


@pytest.fixture
def page(monkeypatch):
    """tests/test_ledger_store.py's page without a browser, on a storage given."""
    return test_ledger_store.page.__wrapped__(monkeypatch)


def seeded():
    """Two kept games, as the red team's "seeded" storage: 1 Ann/Bo/Cy/Di, 2 Eve/Fay/Gus/Hal."""
    storage = MemoryStorage()
    shelf = open_shelf(storage, NOW)
    hands = [{"result": "abort", "riichi": []}]
    shelf.add({**new_game(), "hands": hands, "names": ["Ann", "Bo", "Cy", "Di"]}, NOW)
    shelf.add({**new_game(), "hands": hands, "names": ["Eve", "Fay", "Gus", "Hal"]}, NOW)
    return storage


class Blocked:
    """A window whose site data is blocked: reading localStorage throws (SecurityError)."""

    Date = Clock
    engineCall = staticmethod(engine_call)  # noqa: N815 (the page's name)

    @property
    def localStorage(self):  # noqa: N802 (the browser's name)
        raise PermissionError("SecurityError: The operation is insecure.")


def test_f5_after_importing_the_brick_bundle_the_page_opens_on_every_visit(page):
    storage = seeded()
    document = page(storage)
    store.open_games()
    bundle = json.dumps({"format": "mahjong-ledger-games", "version": 2,
                         "games": [{"unreadable": "[" * 50_000}]})
    store.shelf().import_games(bundle, LATER)
    document = page(storage)  # the next visit
    game = store.open_games()
    store.show_older_damaged()
    assert game["names"] == ["Eve", "Fay", "Gus", "Hal"]
    assert [entry["problem"] for entry in store.shelf().entries()] == [None, None]
    box = document.querySelector("[data-ledger-damaged]")
    assert box.hidden is False
    assert document.querySelector("[data-ledger-damaged-raw]").value == "[" * 50_000
    assert document.querySelector("[data-ledger-damaged-message]").textContent == \
        store.L["store"]["bad_json"]


@pytest.mark.parametrize("key, value", [
    (INDEX, '{"format": "mahjong-ledger-games", "version": 2, "current": 2, '
                  '"order": ["1", "2"], "next": 3}'),
    (INDEX, '{"format": "mahjong-ledger-games", "version": 2, "current": ["2"], '
                  '"order": ["1", "2"], "next": 3}'),
    (GAME + "2", "[" * 100_000),
    (GAME + "1", "[" * 100_000),
    (LEGACY, "[" * 100_000),
    (UNREADABLE + NOW, "[" * 100_000),
])
def test_f6_a_corrupted_stored_value_never_stops_the_page(page, key, value):
    storage = seeded()
    storage.setItem(key, value)
    document = page(storage)
    game = store.open_games()
    store.show_older_damaged()
    readable = [entry for entry in store.shelf().entries() if entry["problem"] is None]
    assert len(readable) >= 1  # every game it can read is listed
    if key != GAME + "2":
        assert game["names"] == ["Eve", "Fay", "Gus", "Hal"]
    shown = document.querySelector("[data-ledger-damaged]")
    if key == GAME + "1":  # not the current game: listed as unreadable, its text a tap away
        assert [entry["problem"] for entry in store.shelf().entries()] == ["bad_json", None]
    else:
        assert shown.hidden is False  # the value that cannot be read is on show, kept
    assert value in storage.items.values()


def test_f8_blocked_site_data_gives_a_ledger_in_memory_that_says_so(page):
    document = page(MemoryStorage())
    ledger_page.page["dom"].window = Blocked()
    assert store.open_games() is None
    refused = document.querySelector("[data-ledger-refused]")
    assert refused.hidden is False and refused.textContent == store.L["games"]["unavailable"]
    game = {**new_game(), "names": ["A", "B", "C", "D"]}
    store.save(game)  # kept in memory for this visit: the game goes on
    assert store.model.game_id is not None
    assert store.load_current()["names"] == ["A", "B", "C", "D"]
    assert refused.hidden is False and refused.textContent == store.L["games"]["unavailable"]
