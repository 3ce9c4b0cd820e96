"""Issue 27: an earlier hand changed or deleted (SPEC §10.3), and EMA 2016's multiple ron.

Expected scores are worked out by hand in the comments from SPEC §1.1's payments and §6.2's
flow; the command line (`python -m engine.ledger`) replays every corrected record too, so the
page's numbers and the CLI's cannot drift apart.
"""
import copy
import json
import subprocess
import sys

import pytest

from engine.ledger import RecordError, edit, replay
from tests.conftest import ROOT
from tests.test_ledger import draw, ron, tsumo, win


def cli(record):
    done = subprocess.run([sys.executable, "-m", "engine.ledger", "-"], input=json.dumps(record),
                          capture_output=True, text=True, cwd=ROOT, check=True)
    return json.loads(done.stdout)


# E1: seat 1 rons seat 2 for 3,900; E2: seat 1 (dealer) tsumo 2,000 all; E2 1 honba: draw,
# only seat 3 tenpai.
THREE = [ron(2, win(1)), tsumo(win(1, 3, 30)), draw([3])]


def test_a_hand_changed_in_the_middle_replays_from_there_as_the_cli_does():
    record = {"rules": {}, "hands": THREE}
    before = copy.deepcopy(record)
    # E1 becomes a ron of seat 0 (dealer, 5,800 from seat 2): the dealer stays, so hand 1 is
    # played as E1 1 honba with seat 0 dealing; seat 1's tsumo is then a non-dealer's
    # 1,000/2,000 plus 100 each, and the dealer seat moves to seat 1 (E2, 0 honba) for the draw.
    changed = edit(record, 0, ron(2, win(0)))
    assert record == before  # the record given is not changed
    game = replay(changed)
    assert [h["round"] for h in game["hands"]] == ["E1", "E1", "E2"]
    assert [h["honba"] for h in game["hands"]] == [0, 1, 0]
    assert game["hands"][1]["deltas"] == [-2100, 4300, -1100, -1100]
    # 25,000 + 5,800 - 2,100 - 1,000 = 27,700; seat 1: 25,000 + 4,300 - 1,000 = 28,300;
    # seat 2: 25,000 - 5,800 - 1,100 - 1,000 = 17,100; seat 3: 25,000 - 1,100 + 3,000 = 26,900.
    assert game["next"]["scores"] == [27700, 28300, 17100, 26900]
    assert game == cli(changed)


def test_a_hand_deleted_in_the_middle_replays_as_the_cli_does():
    record = {"rules": {}, "hands": THREE, "names": ["A", "", "", ""], "ended": False}
    changed = edit(record, 1, None)
    assert changed["names"] == ["A", "", "", ""] and changed["ended"] is False
    game = replay(changed)
    # Without the tsumo the draw is played in E2 0 honba (seat 1 dealing, noten: it moves on).
    assert [h["round"] for h in game["hands"]] == ["E1", "E2"]
    assert game["next"]["scores"] == [24000, 27900, 20100, 28000]
    assert (game["next"]["round"], game["next"]["honba"]) == ("E3", 1)
    assert game == cli({"rules": {}, "hands": changed["hands"]})


def test_the_first_and_the_last_hand_can_be_changed_too():
    record = {"rules": {}, "hands": THREE}
    first = replay(edit(record, 0, draw()))
    assert first["hands"][0]["deltas"] == [0, 0, 0, 0]
    last = edit(record, 2, None)
    assert last["hands"] == replay({"hands": THREE[:2]}) and False or len(last["hands"]) == 2
    assert replay(last)["next"] == cli({"hands": THREE[:2]})["next"]


def test_a_change_that_busts_a_player_before_a_later_hand_is_refused_naming_it():
    record = {"rules": {}, "hands": THREE}
    before = copy.deepcopy(record)
    # Seat 2 dealing into a yakuman (32,000) in E1 goes below zero: the game ends there, so
    # hand 1 (the tsumo) would come after the end: refused, naming hand 1.
    with pytest.raises(RecordError) as caught:
        edit(record, 0, ron(2, {"seat": 1, "yakuman": 1}))
    assert (caught.value.hand, caught.value.code) == (1, "ends_before")
    assert record == before


def test_a_change_that_ends_the_last_round_early_names_the_hand_after_it():
    # East-only, no agari-yame: E1, E2, E3 each won by a non-dealer (the deal moves on), E4 won
    # by its dealer (seat 3: E4 1 honba), then a non-dealer wins E4 1 and the game is over.
    hands = [ron(0, win(1)), ron(1, win(2)), ron(2, win(3)), ron(2, win(3)), ron(0, win(1))]
    record = {"rules": {"length": "east", "agariyame": 0}, "hands": hands}
    assert replay(record)["over"] is True
    before = copy.deepcopy(record)
    # Hand 3 changed to a non-dealer's win: the last round is over after it, so hand 4 breaks.
    with pytest.raises(RecordError) as caught:
        edit(record, 3, ron(2, win(0)))
    assert (caught.value.hand, caught.value.code) == (4, "ends_before")
    assert record == before
    # Hand 0 deleted: the other four are played in E1..E4, the last ending the game: accepted.
    shorter = replay(edit(record, 0, None))
    assert [h["round"] for h in shorter["hands"]] == ["E1", "E2", "E3", "E4"]
    assert shorter["over"] is True


def test_a_bad_hand_or_number_is_refused_and_nothing_changes():
    record = {"rules": {}, "hands": THREE}
    with pytest.raises(RecordError) as caught:
        edit(record, 1, {"result": "tsumo", "winners": [win(1), win(2)]})
    assert (caught.value.hand, caught.value.code) == (1, "tsumo_one_winner")
    for index in (3, -1, "0", True):
        with pytest.raises(RecordError) as caught:
            edit(record, index, None)
        assert caught.value.code == "no_such_hand"
    assert record == {"rules": {}, "hands": THREE}


# --- EMA 2016: each winner of a multiple ron paid in full, counters to each, sticks back -------
# RCR 2016 §3.4.9: "pays the full value of each hand"; §3.4.10: each counter adds 300 to a
# winning hand; riichi sticks: winners take back their own, the rest go to the winner nearest
# the discarder (riichi.wiki's venue table for EMA2016: "winners reclaim, rest priority").

def test_ema_double_ron_by_the_book():
    hands = [
        # E1: exhaustive draw, the dealer (seat 0) tenpai in riichi: +3,000 - 1,000 = +2,000,
        # the others -1,000; the dealer stays, 1 counter, 1 stick on the table.
        draw([0], riichi=[0]),
        # E1 1 counter: seat 3 deals into seat 1 (3 han 30 fu, 3,900) and seat 2 (2 han 30 fu,
        # 2,000), both in riichi this hand.
        ron(3, win(1, 3, 30), win(2, 2, 30), riichi=[1, 2]),
    ]
    game = replay({"rules": {"preset": "ema"}, "hands": hands})
    assert game["hands"][0]["deltas"] == [2000, -1000, -1000, -1000]
    # Seat 1: -1,000 riichi + 3,900 + 300 + its own 1,000 back + the earlier stick 1,000
    # (nearest to seat 3: seat 0 is not a winner, seat 1 comes before seat 2) = +5,200.
    # Seat 2: -1,000 + 2,000 + 300 + its own 1,000 back = +2,300. Seat 3: -4,200 - 2,300.
    assert game["hands"][1]["deltas"] == [0, 5200, 2300, -6500]
    assert game["next"]["sticks"] == 0
    # The dealer (seat 0) won nothing: the deal moves on, counters go.
    assert (game["next"]["round"], game["next"]["honba"]) == ("E2", 0)
    assert sum(game["next"]["scores"]) == 4 * 30000
    # The same hands under "both" (Tenhou): the nearest takes every stick and the only honba.
    both = replay({"rules": {"preset": "ema", "doubleron": "both"}, "hands": hands})
    assert both["hands"][1]["deltas"] == [0, 6200, 1000, -6200]


def test_ema_triple_ron_with_the_dealer_among_the_winners_keeps_the_deal():
    # E1 0 counters: seat 2 deals into seats 3, 0 (the dealer) and 1, each 1 han 30 fu
    # (1,000; dealer 1,500); seats 0 and 2 declared riichi.
    hand = ron(2, win(3, 1, 30), win(0, 1, 30), win(1, 1, 30), riichi=[0, 2])
    game = replay({"rules": {"preset": "ema"}, "hands": [hand]})
    # Seat 0: -1,000 + 1,500 + its own 1,000 back = +1,500. Seat 3 (nearest to seat 2) takes
    # seat 2's stick: +1,000 + 1,000. Seat 1: +1,000. Seat 2: -1,000 - 3,500.
    assert game["hands"][0]["deltas"] == [1500, 1000, -4500, 2000]
    assert (game["next"]["round"], game["next"]["dealer"], game["next"]["honba"]) == ("E1", 0, 1)
