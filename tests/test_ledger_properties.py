"""Properties of the ledger over random legal games (hypothesis): points are never made or lost,
the dealer and honba follow SPEC §6.2, undo is exact, final results add up."""
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.keys import FU_VALUES
from engine.ledger import end, replay, rules_from

RULES = st.fixed_dictionaries({
    "players": st.sampled_from([4, 3]),
    "length": st.sampled_from(["east", "south"]),
    "kiriage": st.sampled_from([0, 1]), "kazoe": st.sampled_from([0, 1]),
    "multi": st.sampled_from([0, 1]), "tsumoloss": st.sampled_from([0, 1]),
    "nagashi": st.sampled_from([0, 1]),
    "paoscope": st.sampled_from(["hand", "own"]),
    "paohonba": st.sampled_from(["liable", "discarder"]),
    "doubleron": st.sampled_from(["both", "head", "reclaim"]),
    "tripleron": st.sampled_from(["draw", "all"]),
    "busting": st.sampled_from([0, 1]),
    "extension": st.sampled_from(["none", "west"]),
    "agariyame": st.sampled_from([0, 1]), "tenpaiyame": st.sampled_from([0, 1]),
    "leftover": st.sampled_from(["first", "lost"]),
    "rounding": st.sampled_from(["exact", "thousand"]),
    "ties": st.sampled_from(["seat", "split"]),
    "chombo": st.sampled_from(["mangan", "penalty"]),
    "chombopenalty": st.sampled_from([0, 20, 30]),
})


def seats_subset(draw, players, min_size=0, exclude=()):
    pool = [seat for seat in range(players) if seat not in exclude]
    return draw(st.lists(st.sampled_from(pool), min_size=min_size, max_size=len(pool),
                         unique=True)) if pool else []


# Mostly small hands, so that games last into the later rounds and the extension.
HAN = [1, 1, 1, 2, 2, 2, 3, 3, 4, 5, 6, 8, 11, 13]


def a_winner(draw, seat, players):
    if draw(st.integers(0, 11)) == 0:
        winner = {"seat": seat, "yakuman": draw(st.integers(1, 3))}
        if draw(st.booleans()):
            winner["pao"] = draw(st.sampled_from([s for s in range(players) if s != seat]))
        return winner
    return {"seat": seat, "han": draw(st.sampled_from(HAN)), "fu": draw(st.sampled_from(FU_VALUES))}


def a_hand(draw, rules):
    players = rules["players"]
    riichi = seats_subset(draw, players)
    result = draw(st.sampled_from(["ron", "ron", "tsumo", "draw", "draw", "abort", "chombo"]))
    if result == "chombo":
        return {"result": "chombo", "seat": draw(st.integers(0, players - 1)), "riichi": riichi}
    if result == "ron":
        discarder = draw(st.integers(0, players - 1))
        winners = seats_subset(draw, players, 1, exclude=[discarder])
        return {"result": "ron", "from": discarder, "riichi": riichi,
                "winners": [a_winner(draw, seat, players) for seat in winners]}
    if result == "tsumo":
        seat = draw(st.integers(0, players - 1))
        return {"result": "tsumo", "riichi": riichi, "winners": [a_winner(draw, seat, players)]}
    if result == "draw":
        nagashi = seats_subset(draw, players) if rules["nagashi"] and draw(st.booleans()) else []
        return {"result": "draw", "riichi": riichi, "tenpai": seats_subset(draw, players),
                "nagashi": nagashi}
    return {"result": "abort", "riichi": riichi}


@st.composite
def games(draw):
    """A rules object and a legal sequence of hands, stopping when the game is over."""
    rules = rules_from(draw(RULES))
    hands, scores = [], [rules["start"]] * rules["players"]
    for _ in range(draw(st.integers(1, 40))):
        hand = a_hand(draw, rules)
        # a seat below 1,000 points cannot declare riichi (issue 34, F15)
        hand["riichi"] = [seat for seat in hand["riichi"] if scores[seat] >= 1000]
        hands.append(hand)
        game = replay({"rules": rules, "hands": hands})
        if game["over"]:
            break
        scores = game["next"]["scores"]
    return {"rules": rules, "hands": hands}


def expected_next(entry, hand, rules):
    """SPEC §6.2 restated: the next hand's dealer, honba, sticks and round wind from this one."""
    players, dealer = rules["players"], entry["dealer"]
    result = hand["result"]
    if result == "chombo":  # dealt again: the same table, the deposits back
        return {key: entry[key] for key in ("round", "dealer", "honba", "sticks")}
    sticks = entry["sticks"] + len(hand["riichi"])
    winners = [w["seat"] for w in hand.get("winners", [])]
    if result == "ron":
        if len(winners) == 3 and rules["tripleron"] == "draw":
            result = "abort"
        elif rules["doubleron"] == "head":
            winners = [min(winners, key=lambda seat: (seat - hand["from"]) % players)]
    if result in ("ron", "tsumo"):
        keeps, honba, sticks = dealer in winners, entry["honba"] + 1, 0
        if not keeps:
            honba = 0
    elif result == "draw":
        keeps, honba = dealer in set(hand["tenpai"]) | set(hand["riichi"]), entry["honba"] + 1
    else:
        keeps, honba = True, entry["honba"] + 1
    wind = "ESWN".index(entry["round"][0])
    if not keeps:
        dealer = (dealer + 1) % players
        wind += dealer == 0
    return {"round": f"{'ESWN'[wind]}{dealer + 1}", "dealer": dealer, "honba": honba,
            "sticks": sticks}


def states_after(played):
    """The table after each hand: the next entry's state, then `next` (None once over)."""
    following = [{key: entry[key] for key in ("round", "dealer", "honba", "sticks")}
                 for entry in played["hands"][1:]]
    last = played.get("next")
    return following + [None if last is None else {key: last[key] for key in
                                                   ("round", "dealer", "honba", "sticks")}]


@settings(max_examples=150, deadline=None)
@given(games())
def test_points_are_conserved(record):
    rules, played = record["rules"], replay(record)
    total = rules["start"] * rules["players"]
    for entry, after in zip(played["hands"], states_after(played)):
        if after is not None:
            assert sum(entry["scores"]) + 1000 * after["sticks"] == total
    if played["over"]:
        left = total - sum(played["final"]["scores"])
        assert left == 0 if rules["leftover"] == "first" else left % 1000 == 0 and left >= 0


@settings(max_examples=150, deadline=None)
@given(games())
def test_dealer_and_honba_follow_the_rules(record):
    rules, played = record["rules"], replay(record)
    for entry, hand, after in zip(played["hands"], record["hands"], states_after(played)):
        if after is not None:
            assert after == expected_next(entry, hand, rules)


@settings(max_examples=150, deadline=None)
@given(games())
def test_undo_returns_the_previous_state(record):
    played = replay(record)
    undone = replay({**record, "hands": record["hands"][:-1]})
    assert undone["hands"] == played["hands"][:-1]
    assert not undone["over"]
    last = played["hands"][-1]
    before = [score - delta for score, delta in zip(last["scores"], last["deltas"])]
    rules = rules_from(record.get("rules"))
    all_last = last["round"] == ("E" if rules["length"] == "east" else "S") + str(rules["players"])
    assert undone["next"] == {"round": last["round"], "dealer": last["dealer"],
                              "honba": last["honba"], "sticks": last["sticks"], "scores": before,
                              "all_last": all_last}


@settings(max_examples=150, deadline=None)
@given(games())
def test_results_add_up(record):
    rules = record["rules"]
    played = replay(record)
    if not played["over"]:
        played = end(record)
    final = played["final"]
    tenths = sum(round(10 * result) for result in final["results"])
    # Chombo penalties come off after everything else; the rest adds up as without them.
    penalties = [-rules["chombopenalty"] * sum(h["result"] == "chombo" and h["seat"] == seat
                                               for h in record["hands"])
                 for seat in range(rules["players"])]
    assert final["chombo"] == (penalties if rules["chombo"] == "penalty" else [0] * len(penalties))
    tenths -= 10 * sum(final["chombo"])
    if rules["rounding"] == "thousand":
        assert tenths == 0
    else:
        players = rules["players"]
        oka = (rules["return"] - rules["start"]) * players
        points = sum(played["final"]["scores"]) - rules["return"] * players + oka
        assert tenths == points // 100 + 10 * sum(rules["uma"])
    if rules["ties"] == "seat":
        assert sorted(final["ranks"]) == list(range(1, rules["players"] + 1))
    else:  # a shared place ranks as its best (points before the leftover sticks)
        scores = played["hands"][-1]["scores"] if played["hands"] else final["scores"]
        assert final["ranks"] == [1 + sum(o > p for o in scores) for p in scores]
