"""The table view's logic without a page (site/ledger/entry.py): where each seat sits and how it
turns, how taps build an ending, what the panels and the differences show."""
import doctest

import pytest

from engine import ledger
from engine.ledger.preview import on_the_table
from ledger import entry as steps
from ledger import present

from .test_ledger_page import strings


def test_the_doctests():
    assert doctest.testmod(steps).failed == 0


def test_seats_sit_counter_clockwise_from_the_bottom_in_turn_order():
    # bottom upright, right 90° anticlockwise, top upside down, left 90° clockwise (SPEC §10.2)
    assert steps.ROTATIONS == (0, 270, 180, 90)


@pytest.mark.parametrize("taps, phase, winners, discarder, problem", [
    ([1], "from", [1], None, None),
    ([1, 2], "sheet", [1], 2, None),
    ([1, 1], "from", [1], None, "from_winner"),  # the winner refused as discarder, where it happens
])
def test_a_ron_takes_the_winner_then_the_discarder(taps, phase, winners, discarder, problem):
    entry, said = steps.begin("ron"), None
    for seat in taps:
        entry, said = steps.pick(entry, seat)
    assert (entry["phase"], entry["winners"], entry["from"], said) == (phase, winners, discarder, problem)


def test_a_double_ron_adds_a_winner_after_more():
    entry = steps.pick(steps.begin("ron"), 0)[0]
    entry = steps.pick({**entry, "phase": "winner"}, 3)[0]
    entry = steps.pick(entry, 1)[0]
    assert entry["winners"] == [0, 3] and entry["from"] == 1 and entry["phase"] == "sheet"
    assert steps.sheet_seat(entry, 2) == 0
    assert steps.sheet_seat({**entry, "valuing": 1}, 2) == 3


def test_a_draw_toggles_tenpai_and_nagashi_and_the_sheet_faces_the_dealer():
    entry = steps.begin("draw")
    for seat in (2, 0, 2):
        entry = steps.pick(entry, seat)[0]
    entry = steps.pick({**entry, "phase": "nagashi"}, 1)[0]
    assert (entry["tenpai"], entry["nagashi"]) == ([0], [1])
    assert steps.target(entry, 1) == ("nagashi", True)
    assert steps.sheet_seat(entry, 3) == 3
    assert steps.begin("abort")["phase"] == "sheet"


@pytest.mark.parametrize("lang", ["ko", "ja"])
def test_the_sheet_heading_is_the_history_line_of_the_hand(lang):
    words = strings(lang)["ledger"]
    record = {"rules": {"players": 4, "chombo": "mangan"}, "names": ["Ann"]}
    entry = steps.pick(steps.pick(steps.begin("ron"), 1)[0], 0)[0]
    line = present.describe(words, steps.stated(entry), record, 0)
    assert line == words["history"]["ron"].format(
        winners=present.named(words, record, 1, 0), **{"from": present.named(words, record, 0, 0)})


@pytest.mark.parametrize("lang", ["ko", "ja"])
def test_a_draw_counts_a_seat_in_riichi_as_tenpai_as_the_engine_does(lang):
    # Seat 0 in riichi, seat 2 tapped: two tenpai, as the engine pays it (riichi means tenpai).
    words = strings(lang)["ledger"]
    record = {"rules": {"players": 4, "chombo": "mangan"}, "names": []}
    riichi = [0]
    entry = steps.pick(steps.begin("draw"), 2, riichi)[0]
    entry = steps.pick(entry, 0, riichi)[0]  # the riichi seat's tap changes nothing
    assert entry["tenpai"] == [2]
    assert [steps.target(entry, seat, riichi) for seat in range(4)] == [
        ("tenpai", True), ("tenpai", False), ("tenpai", True), ("tenpai", False)]
    hand = steps.stated(entry, riichi)
    assert hand["tenpai"] == [0, 2]
    assert present.describe(words, hand, record, 0) == words["history"]["draw"].format(count=2)
    # The record the view states pays what the form's way (riichi apart from tenpai) pays.
    by_view = {"result": "draw", "tenpai": hand["tenpai"], "nagashi": [], "riichi": riichi}
    by_form = {**by_view, "tenpai": [2]}
    deltas = [ledger.replay({"hands": [h]})["hands"][0]["deltas"] for h in (by_view, by_form)]
    assert deltas[0] == deltas[1] == [500, -1500, 1500, -1500]  # 3,000 shared by two, less the stick
    # Nagashi stays each seat's own; another ending has no tenpai.
    nagashi = steps.pick({**entry, "phase": "nagashi"}, 0, riichi)[0]
    assert nagashi["nagashi"] == [0] and steps.target(nagashi, 0, riichi) == ("nagashi", True)
    assert steps.stated(steps.pick(steps.begin("tsumo"), 1)[0], riichi)["tenpai"] == []


def test_riichi_shows_on_the_scores_and_differences_read_as_the_board():
    assert on_the_table([25000, 25000, 25000, 25000], [0, 3]) == [24000, 25000, 25000, 24000]
    assert steps.differences([24000, 25000, 25000, 24000], 0) == ["", "+1,000", "+1,000", "0"]


@pytest.mark.parametrize("lang", ["ko", "ja"])
def test_every_word_the_view_says_is_in_both_strings_files(lang):
    words = strings(lang)["ledger"]["table"]
    for phase in ("winner", "from", "tenpai", "nagashi", "seat"):
        assert words["pick_" + phase] and words["target"][phase]
    for key in ("riichi", "riichi_on", "from_winner", "value", "confirm_next", "diffs", "cancel",
                "diffs_close", "no_wake", "open", "close", "more", "next", "draw"):
        assert words[key], key
    assert words["riichi"] != words["riichi_on"]
