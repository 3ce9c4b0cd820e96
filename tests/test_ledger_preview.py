"""engine.ledger.preview, the page's preview of a hand before it is added, against the replay of
the record with the hand in it (the CLI's own answer) on generated games."""
from hypothesis import given, settings

from engine.ledger import RecordError, edit, played, replay, rules_from
from engine.ledger.preview import preview

from .test_ledger_properties import games


def as_replayed(game):
    """The page's replay (engine.ledger.played) less what only the page reads (why it ended)."""
    return {key: value for key, value in game.items() if key != "ended_by"}


@settings(max_examples=120, deadline=None)
@given(games())
def test_the_next_hand_moves_the_seats_as_the_replay_does(record):
    game = replay(record)
    for index, entry in enumerate(game["hands"]):
        start = dict(record, hands=record["hands"][:index])
        seen = preview(start, record["hands"][index])
        moved = entry["deltas"]
        if game["over"] and index == len(game["hands"]) - 1:  # the last hand: to the final scores
            moved = [final - (score - delta) for final, score, delta
                     in zip(game["final"]["scores"], entry["scores"], entry["deltas"])]
        assert seen["moved"] == moved
        riichi = seen["hand"]["riichi"]
        shown = preview(start, record["hands"][index], shown=True)["moved"]
        assert shown == [delta + 1000 * (seat in riichi) for seat, delta in enumerate(moved)]
        assert as_replayed(seen["after"]) == replay(dict(record, hands=record["hands"][:index + 1]))
        later = game["hands"][index + 1] if index + 1 < len(game["hands"]) else None
        if later is not None:
            assert {key: seen["upcoming"][key] for key in ("round", "dealer", "honba", "sticks")} \
                == {key: later[key] for key in ("round", "dealer", "honba", "sticks")}
        else:
            assert (seen["upcoming"] is None) == game["over"]


@settings(max_examples=80, deadline=None)
@given(games())
def test_a_correction_to_the_same_hand_differs_in_nothing(record):
    game = replay(record)
    for index in range(len(record["hands"])):
        seen = preview(record, record["hands"][index], index)
        assert seen["moved"] == game["hands"][index]["deltas"]
        assert seen["differs"] == []
        assert as_replayed(seen["after"]) == game


@settings(max_examples=80, deadline=None)
@given(games())
def test_a_correction_previews_what_edit_saves(record):
    if len(record["hands"]) < 2:
        return
    draw = {"result": "draw", "tenpai": [0], "riichi": []}
    try:
        changed = edit(record, 0, draw)
    except RecordError as error:
        try:
            preview(record, draw, 0)
        except RecordError as same:
            assert (same.code, same.field, same.hand) == (error.code, error.field, error.hand)
            return
        raise AssertionError("the preview took a correction edit refuses") from error
    seen = preview(record, draw, 0)
    assert seen["after"] == played(changed)
    old, new = replay(record)["hands"][0]["deltas"], played(changed)["hands"][0]["deltas"]
    assert seen["differs"] == [(seat, b - a) for seat, (a, b) in enumerate(zip(old, new)) if a != b]


def test_an_ended_game_is_played_ended():
    hands = [{"result": "ron", "from": 2, "winners": [{"seat": 1, "han": 3, "fu": 30}]}]
    game = played({"hands": hands, "ended": True})
    assert game["over"] and game["stopped"]["round"] == "E2" and game["stopped"]["dealer"] == 1
    assert game["final"]["scores"] == [25000, 28900, 21100, 25000]
    assert "next" not in game and not played({"hands": hands})["over"]


@settings(max_examples=150, deadline=None)
@given(games())
def test_why_the_game_ended(record):
    game = played(record)
    rules = rules_from(record.get("rules"))
    if not game["over"]:
        assert game["ended_by"] is None
        return
    last = game["hands"][-1]
    busted = rules["busting"] and min(last["scores"]) < 0
    assert (game["ended_by"] == "bust") == bool(busted)
    assert game["ended_by"] in ("bust", "all_last", "extension", "agariyame", "tenpaiyame")
    if game["ended_by"] in ("agariyame", "tenpaiyame"):  # the last dealer kept the seat, alone first
        dealer = last["dealer"]
        assert last["scores"][dealer] == max(last["scores"]) >= rules["target"]
    if game["ended_by"] == "extension":
        assert max(last["scores"]) >= rules["target"]
