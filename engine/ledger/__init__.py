"""The game ledger: a whole riichi game replayed from its record (SPEC §6).

A record is ``{"rules": {...}, "hands": [...]}``. ``replay(record)`` returns the state each hand
was played in, its changes and the scores after it, whether the game is over, the final
standings once it is, and the ``next`` hand's state while it is not. ``end(record)`` is the same
with the game ended by hand now. Both raise ``RecordError`` for a bad record; nothing is
partly applied. ``rules_from(mapping)`` validates a rules object and fills its defaults.
``edit(record, index, hand)`` changes (or, with None, deletes) an earlier hand and replays the
game from there (SPEC §10.3).

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
from ..riichi import STICK
from .game import final, first_state, is_all_last, play
from .record import CODES, MAX_HANDS, RECORD_KEYS, RecordError, read_hand, rules_from

__all__ = ["CODES", "MAX_HANDS", "RecordError", "edit", "end", "only_record_keys", "played",
           "read_hand", "replay", "rules_from", "standing"]


def only_record_keys(record):
    """The record itself, read from a file: a key it does not have (a misspelt ``"hand"``) is
    refused, as the rules' and the hands' own keys are, rather than read as an empty game."""
    if not isinstance(record, dict):
        raise RecordError("record", "not_an_object", record)
    for key in record:
        if key not in RECORD_KEYS:
            raise RecordError(str(key), "unknown_field", record[key])
    return record


def _rules_and_hands(record):
    """A record's rules, completed, and its list of hands, or the error naming what is wrong."""
    if not isinstance(record, dict):
        raise RecordError("record", "not_an_object", record)
    hands = record.get("hands", [])
    rules = rules_from(record.get("rules"))
    if not isinstance(hands, list):
        raise RecordError("hands", "not_a_list", hands)
    if len(hands) > MAX_HANDS:
        refused = RecordError("hands", "too_many_hands", len(hands))
        refused.low, refused.high = 0, MAX_HANDS
        raise refused
    return rules, hands


def _riichi_paid(state, hand, index):
    """A declarer puts out a 1,000-point deposit: a seat with less cannot declare (Tenhou,
    M-League, WRC and EMA alike; none of the rules here allows it)."""
    for seat in hand["riichi"]:
        if state.scores[seat] < STICK:
            refused = RecordError("riichi", "riichi_points", state.scores[seat], index)
            refused.low = STICK
            raise refused


def _run(record):
    rules, hands = _rules_and_hands(record)
    state, over, entries = first_state(rules), False, []
    for index, raw in enumerate(hands):
        if over:
            result = raw.get("result") if isinstance(raw, dict) else raw
            raise RecordError("result", "game_over", result, index)
        hand = read_hand(raw, index, rules)
        _riichi_paid(state, hand, index)
        played = play(state, hand, rules)
        entries.append({"round": state.round, "dealer": state.dealer, "honba": state.honba,
                        "sticks": state.sticks, "deltas": played.deltas,
                        "scores": list(played.state.scores)})
        state, over = played.state, played.over
    return rules, state, over, entries


def replay(record):
    """The CLI JSON of SPEC §6.3 for a record, plus ``next`` (round, dealer, honba, sticks,
    scores of the hand about to be played, and whether it is ``all_last``) while the game is not
    over."""
    return _game(*_run(record))


def played(record):
    """The game as a page shows it: ``replay``, or, for a record its page ended by hand
    (``"ended": true``), ``end`` with ``stopped``, the hand that was about to be played (as
    replay's ``next`` gives it). One replay either way.

    >>> played({"hands": [], "ended": True})["stopped"]["round"]
    'E1'
    """
    return _game(*_run(record), ended=bool(record.get("ended")), why=True)


def _game(rules, state, over, entries, ended=False, why=False):
    game = {"hands": entries, "over": bool(over) or ended}
    if why:  # the page's: why the game is over (engine.ledger.game._over's reason, or "hand")
        game["ended_by"] = over or ("hand" if ended else None)
    upcoming = state.view()
    upcoming["all_last"] = is_all_last(state, rules)
    if game["over"]:
        game["final"] = final(state.scores, state.sticks, rules, state.chombos)
        if not over:
            game["stopped"] = upcoming
    else:
        game["next"] = upcoming
    return game


def standing(game):
    """Each seat's points now: after the last hand, or the final scores once the game is over."""
    return game["final"]["scores"] if game["over"] else game["next"]["scores"]


def end(record):
    """As ``replay``, with the game ended by hand after its last hand: leftover sticks as the
    rules' ``leftover`` says, final standings computed.

    >>> end({"hands": []})["final"]["results"]
    [35.0, 5.0, -15.0, -25.0]
    """
    game = _game(*_run(record), ended=True)
    game.pop("stopped", None)
    return game


def edit(record, index, hand):
    """The record with hand ``index`` (from 0) replaced by ``hand``, or deleted when ``hand`` is
    None, and the game replayed from there (SPEC §10.3). The record is not changed; a new one
    comes back, its other keys (names, ended) kept and the hands checked as ``read_hand`` gives
    them. A change the game cannot take raises ``RecordError`` and changes nothing: a bad hand
    names ``index``; a change after which the game would be over before a later hand (a seat
    busts, the last round ends) is ``ends_before`` naming that later hand by its number in the
    record as it was.

    >>> hands = [{"result": "ron", "from": 2, "winners": [{"seat": 1, "han": 3, "fu": 30}]},
    ...          {"result": "tsumo", "winners": [{"seat": 1, "han": 1, "fu": 30}]}]
    >>> changed = edit({"hands": hands}, 0, {"result": "draw", "tenpai": [0]})
    >>> [hand["result"] for hand in changed["hands"]], replay(changed)["next"]["round"]
    (['draw', 'tsumo'], 'E2')
    >>> [hand["result"] for hand in edit({"hands": hands}, 0, None)["hands"]]
    ['tsumo']
    >>> edit({"hands": hands}, 0, {"result": "ron", "from": 2, "winners": [{"seat": 1,
    ...      "yakuman": 1}]})
    Traceback (most recent call last):
    ...
    engine.ledger.record.RecordError: hand 1: result=0: ends_before
    """
    return edited(record, index, hand)[0]


def edited(record, index, hand):
    """``edit``'s record, and the changed game as ``played`` gives it (one replay for both)."""
    rules, hands = _rules_and_hands(record)
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(hands):
        raise RecordError("hands", "no_such_hand", index)
    changed = [] if hand is None else [read_hand(hand, index, rules)]
    later = list(range(index + 1, len(hands)))  # each remaining later hand's number as it was
    changed_record = dict(record)
    changed_record["hands"] = hands[:index] + changed + hands[index + 1:]
    try:
        run = _run(changed_record)
    except RecordError as error:
        moved = error.hand is not None and error.hand >= index + len(changed)
        if error.code == "game_over" and moved:
            was = later[error.hand - index - len(changed)]
            raise RecordError("result", "ends_before", index, was) from None
        raise
    return changed_record, _game(*run, ended=bool(record.get("ended")), why=True)
