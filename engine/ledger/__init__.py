"""The game ledger: a whole riichi game replayed from its record (SPEC §6).

A record is ``{"rules": {...}, "hands": [...]}``. ``replay(record)`` returns the state each hand
was played in, its changes and the scores after it, whether the game is over, the final
standings once it is, and the ``next`` hand's state while it is not. ``end(record)`` is the same
with the game ended by hand now. Both raise ``RecordError`` for a bad record; nothing is
partly applied. ``rules_from(mapping)`` validates a rules object and fills its defaults.

>>> game = replay({"hands": [{"result": "ron", "from": 2,
...                           "winners": [{"seat": 1, "han": 3, "fu": 30}], "riichi": [1]}]})
>>> game["hands"][0]["deltas"], game["next"]["round"], game["next"]["dealer"]
([0, 3900, -3900, 0], 'E2', 1)
>>> replay({"hands": [{"result": "tsumo", "winners": [{"seat": 0, "han": 1, "fu": 30}]}],
...         "rules": {"players": 5}})
Traceback (most recent call last):
...
engine.ledger.record.RecordError: rules: players=5: unknown_choice
"""
from .game import final, first_state, play
from .record import CODES, RecordError, read_hand, rules_from

__all__ = ["CODES", "RecordError", "end", "read_hand", "replay", "rules_from"]


def _run(record):
    if not isinstance(record, dict):
        raise RecordError("record", "not_an_object", record)
    rules = rules_from(record.get("rules"))
    hands = record.get("hands", [])
    if not isinstance(hands, list):
        raise RecordError("hands", "not_a_list", hands)
    state, over, entries = first_state(rules), False, []
    for index, raw in enumerate(hands):
        if over:
            result = raw.get("result") if isinstance(raw, dict) else raw
            raise RecordError("result", "game_over", result, index)
        played = play(state, read_hand(raw, index, rules), rules)
        entries.append({"round": state.round, "dealer": state.dealer, "honba": state.honba,
                        "sticks": state.sticks, "deltas": played.deltas,
                        "scores": list(played.state.scores)})
        state, over = played.state, played.over
    return rules, state, over, entries


def replay(record):
    """The CLI JSON of SPEC §6.3 for a record, plus ``next`` (round, dealer, honba, sticks,
    scores of the hand about to be played) while the game is not over."""
    rules, state, over, entries = _run(record)
    game = {"hands": entries, "over": over}
    if over:
        game["final"] = final(state.scores, state.sticks, rules, state.chombos)
    else:
        game["next"] = state.view()
    return game


def end(record):
    """As ``replay``, with the game ended by hand after its last hand: leftover sticks as the
    rules' ``leftover`` says, final standings computed.

    >>> end({"hands": []})["final"]["results"]
    [35.0, 5.0, -15.0, -25.0]
    """
    rules, state, _over, entries = _run(record)
    return {"hands": entries, "over": True,
            "final": final(state.scores, state.sticks, rules, state.chombos)}
