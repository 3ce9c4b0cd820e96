"""The ledger page's one model (site/ledger/model.py) in plain Python: the game replayed once per
record, the preview once per record and hand, and a hand added through the preview replayed no
more (issue 36: adding a hand through the form replayed the record about 15 times)."""
import sys

import pytest

import engine.ledger as engine_ledger
from engine.ledger import replay
from engine.presets import preset_rules

sys.path.insert(0, str(__import__("build").SITE))
from ledger.model import Model  # noqa: E402  (site/: the page's modules)

RON = {"result": "ron", "from": 2, "winners": [{"seat": 1, "han": "3", "fu": "30"}], "riichi": [1]}


@pytest.fixture
def runs(monkeypatch):
    """How many times the engine replays a record (engine.ledger._run), counted."""
    counted = [0]
    real = engine_ledger._run

    def counting(record):
        counted[0] += 1
        return real(record)

    monkeypatch.setattr(engine_ledger, "_run", counting)
    return counted


def a_model(hands=()):
    model = Model()
    model.record = {"rules": preset_rules("tenhou"), "hands": list(hands), "names": ["", "", "", ""]}
    return model


def test_a_record_is_replayed_once_however_often_it_is_drawn(runs):
    model = a_model()
    for _draw in range(5):
        assert model.played()["next"]["round"] == "E1"
    assert runs[0] == 1
    model.record = dict(model.record)  # a changed record (a new object): replayed again, once
    model.played()
    model.played()
    assert runs[0] == 2


def test_the_form_and_the_sheet_read_one_preview(runs):
    model = a_model()
    model.played()
    before = runs[0]
    form = model.preview(RON)
    again = model.preview(dict(RON))  # the same hand, read from the form once more
    assert form is again and runs[0] == before + 1
    assert form["moved"] == [0, 3900, -3900, 0]
    sheet = model.preview(RON, shown=True)  # the table view's: from the points the panels show
    assert sheet["moved"] == [0, 4900, -3900, 0]


def test_adding_a_hand_replays_the_record_once(runs):
    model = a_model()
    model.played()
    before = runs[0]
    seen = model.preview(RON)  # filled in: previewed as it was typed
    model.remember(seen["record"], seen["after"])  # added: the preview's replay is the new record's
    model.record = seen["record"]
    game = model.played()
    assert runs[0] - before == 1
    assert game == engine_ledger.played(model.record)
    alone = replay({"rules": preset_rules("tenhou"), "hands": [RON]})
    assert game["hands"][0]["deltas"] == alone["hands"][0]["deltas"] == [0, 3900, -3900, 0]


def test_a_followed_game_is_on_show_and_this_phones_game_stays(runs):
    model = a_model([RON])
    mine = model.played()
    model.following = {"rules": preset_rules("tenhou", 3), "hands": [], "ended": True}
    assert model.shown() is model.following and model.played()["over"]
    assert model.played(model.record) is mine
    model.following = None
    assert model.played() is mine


def test_a_correction_is_previewed_against_the_stored_hand():
    model = a_model([RON])
    model.editing = 0
    seen = model.preview(dict(RON, winners=[{"seat": 1, "han": "4", "fu": "30"}]), 0)
    assert seen["moved"] == [0, 7700, -7700, 0] and seen["differs"] == [(1, 3800), (2, -3800)]
    assert seen["upcoming"]["round"] == "E2"
