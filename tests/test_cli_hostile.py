"""Issue 34: the command lines against the red-team's files (../shared/reviews/security-turn5.md,
F13, F14, F15, F19). Every bad file exits 2 with a JSON error, never a traceback; the page's
other exports are read as what they hold."""
import json
import subprocess
import sys

import pytest

from engine.ledger import replay
from engine.ledger.envelope import new_game
from engine.ledger.games import open_shelf
from engine.ledger.storage import MemoryStorage
from tests.conftest import ROOT

NOW = "2026-12-07T10:00:00.000Z"
ONE_HAND = {"result": "ron", "from": 2, "riichi": [1],
            "winners": [{"seat": 1, "han": 3, "fu": 30}]}


def cli(module, *args, stdin=None):
    return subprocess.run([sys.executable, "-m", module, *args], cwd=ROOT, input=stdin,
                          capture_output=True, text=True, timeout=60)


def refused(done):
    """The JSON error of a refused file (exit 2, no traceback)."""
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert "Traceback" not in done.stderr
    return json.loads(done.stdout)["error"]


def kept_texts():
    """A game as the page keeps it (its envelope), and the page's "export all" of one game."""
    storage = MemoryStorage()
    shelf = open_shelf(storage, NOW)
    game_id = shelf.add({**new_game(), "hands": [ONE_HAND], "names": ["A", "B", "C", "D"]}, NOW)
    return shelf.raw(game_id), shelf.export_all(NOW), shelf


# F14: deep nesting and a 5,000-digit integer printed tracebacks (exit 1).
HOSTILE = {
    "deep_nesting_100k": "[" * 100_000,
    "deep_nesting_hand_5k": '{"hands": ' + "[" * 5000 + "]" * 5000 + "}",
    "start_huge_int_5000_digits": '{"rules": {"start": ' + "9" * 5000 + '}, "hands": []}',
    "deep_in_a_string_is_fine_but_not_json": '{"hands": "' + "[" * 50_000,
}


@pytest.mark.parametrize("module", ["engine.ledger", "engine.conditions"])
@pytest.mark.parametrize("name", HOSTILE)
def test_hostile_files_exit_2_with_a_json_error(tmp_path, module, name):
    path = tmp_path / f"{name}.json"
    path.write_text(HOSTILE[name], encoding="utf-8")
    error = refused(cli(module, str(path)))
    assert error["code"] in ("unreadable", "not_an_integer", "out_of_range")
    assert error["field"] in ("record", "state", "start", "rules.start")


def test_a_conditions_record_nested_deep_is_refused():
    state = '{"record": {"hands": [' + "[" * 3000 + "]" * 3000 + ']}, "seat": 0}'
    assert refused(cli("engine.conditions", "-", stdin=state))["code"] == "unreadable"


# F13: a stored game's envelope, the "export all" bundle and a misspelt key were an empty game.
def test_a_kept_games_envelope_is_replayed_as_its_record():
    envelope, _bundle, _shelf = kept_texts()
    done = cli("engine.ledger", "-", stdin=envelope)
    assert done.returncode == 0, done.stdout
    assert json.loads(done.stdout) == replay({"hands": [ONE_HAND]})


def test_an_ended_games_envelope_is_replayed_ended():
    envelope = json.loads(kept_texts()[0])
    envelope["ended"] = True
    done = cli("engine.ledger", "-", stdin=json.dumps(envelope))
    assert done.returncode == 0, done.stdout
    assert json.loads(done.stdout)["over"] is True


def test_an_export_of_one_game_is_that_game_and_of_two_is_refused():
    _envelope, bundle, shelf = kept_texts()
    done = cli("engine.ledger", "-", stdin=bundle)
    assert done.returncode == 0, done.stdout
    assert len(json.loads(done.stdout)["hands"]) == 1
    shelf.add(new_game(), NOW)
    error = refused(cli("engine.ledger", "-", stdin=shelf.export_all(NOW)))
    assert (error["field"], error["code"]) == ("games", "one_game")
    assert "several games" in error["message"]


@pytest.mark.parametrize("text, field, code", [
    ('{"hand": [{"result": "abort"}]}', "hand", "unknown_field"),  # misspelt "hands"
    ('{"hands": [], "name": ["A"]}', "name", "unknown_field"),  # misspelt "names"
    ('{"hands": [], "names": "A"}', "names", "not_a_list"),  # the page's export: names a list
    ('{"hands": [], "ended": "yes"}', "ended", "not_allowed"),
    ('{"format": "mahjong-ledger", "version": 3, "record": {"hands": []}}', "version",
     "unknown_choice"),
    ('{"format": "mahjong-ledger", "version": 2}', "record", "missing"),
    ('{"format": "other", "hands": []}', "format", "unknown_choice"),
    ('{"format": "mahjong-ledger-games", "version": 2, "current": null, "order": [], "next": 1}',
     "games", "missing"),
    ('{"format": "mahjong-ledger-games", "version": 2, "games": [{"unreadable": "{"}]}',
     "unreadable", "unknown_field"),
])
def test_what_is_not_one_record_is_refused(text, field, code):
    error = refused(cli("engine.ledger", "-", stdin=text))
    assert (error["field"], error["code"]) == (field, code)


def test_a_conditions_record_with_a_misspelt_key_is_refused():
    state = json.dumps({"record": {"hand": [ONE_HAND]}, "seat": 0})
    error = refused(cli("engine.conditions", "-", stdin=state))
    assert (error["field"], error["code"]) == ("record.hand", "unknown_field")


# F15: riichi declared with 500 points (busting on) was accepted; so was riichi at -23,000.
def test_riichi_under_1000_points_is_refused():
    draw = {"result": "draw", "riichi": [1], "tenpai": [0, 2, 3], "nagashi": []}
    record = {"rules": {"start": 1500, "return": 1500}, "hands": [draw, draw]}
    error = refused(cli("engine.ledger", "-", stdin=json.dumps(record)))
    assert (error["hand"], error["field"], error["code"]) == (1, "riichi", "riichi_points")
    negative = {"rules": {"busting": 0}, "hands": [
        {"result": "ron", "from": 1, "winners": [{"seat": 0, "yakuman": 1}]},
        {"result": "abort", "riichi": [1]}]}
    error = refused(cli("engine.ledger", "-", stdin=json.dumps(negative)))
    assert (error["hand"], error["code"]) == (1, "riichi_points")


def test_riichi_with_exactly_1000_points_stands():
    record = {"rules": {"start": 1000, "return": 1000, "busting": 1},
              "hands": [{"result": "abort", "riichi": [1]}]}
    done = cli("engine.ledger", "-", stdin=json.dumps(record))
    assert done.returncode == 0, done.stdout
    assert json.loads(done.stdout)["hands"][0]["scores"][1] == 0


# F12 at the command line: a record of 10,000 hands is no game.
def test_more_hands_than_any_game_are_refused():
    record = {"rules": {"busting": 0}, "hands": [{"result": "abort"}] * 10_000}
    error = refused(cli("engine.ledger", "-", stdin=json.dumps(record)))
    assert (error["field"], error["code"]) == ("hands", "too_many_hands")


# F19: a repeated key took the last value; the pages take the first.
def test_a_repeated_key_counts_by_its_first_value_as_on_the_pages():
    done = cli("engine", "rule=riichi", "han=3", "han=99")
    assert done.returncode == 0, done.stdout
    assert json.loads(done.stdout) == json.loads(cli("engine", "rule=riichi", "han=3").stdout)


def test_the_pages_one_game_export_is_read_with_its_names_and_end():
    """The ledger's one-game export carries the names and, ended by hand, `ended` (UX trial F10):
    the command line replays it, an ended one as ended."""
    text = json.dumps({"rules": {}, "hands": [ONE_HAND], "names": ["민수", "", "", ""], "ended": True})
    done = cli("engine.ledger", "-", stdin=text)
    assert done.returncode == 0, done.stdout
    assert json.loads(done.stdout)["over"] is True
