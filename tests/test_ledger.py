"""The game ledger against the rules: each hand type, each rule option, both player counts.

Expected figures are the rulebook's (SPEC §1.1, §1.6–§1.8 and §6, the presets' documents) or
read from published Tenhou logs (named where used); none is copied from the ledger's output.
"""
import json
import subprocess
import sys

import pytest

from engine.ledger import CODES, RecordError, edit, end, replay, rules_from
from engine.ledger.game import final
from engine.presets import FIELDS, NAMES, PRESETS, SOURCES, preset_rules
from tests.conftest import ROOT


def win(seat, han=3, fu=30, **extra):
    return {"seat": seat, "han": han, "fu": fu, **extra}


def ron(discarder, *winners, riichi=()):
    return {"result": "ron", "from": discarder, "winners": list(winners), "riichi": list(riichi)}


def tsumo(winner, riichi=()):
    return {"result": "tsumo", "winners": [winner], "riichi": list(riichi)}


def draw(tenpai=(), nagashi=(), riichi=()):
    return {"result": "draw", "tenpai": list(tenpai), "nagashi": list(nagashi),
            "riichi": list(riichi)}


def abort(riichi=()):
    return {"result": "abort", "riichi": list(riichi)}


def game(hands, **rules):
    return replay({"rules": rules, "hands": hands})


# Two abortive draws with a riichi in the first: 2 honba and 1 stick on the table, dealer 0,
# seat 3 down 1,000 (SPEC §1.1's "3h30f, 2 honba, 1 stick" situation).
TWO_HONBA_ONE_STICK = [abort(riichi=[3]), abort()]

# (name, rules, hands before, the hand, its deltas) — deltas from SPEC's payment facts.
HANDS = [
    ("ron non-dealer 3h30f 3,900", {}, [], ron(2, win(1)), [0, 3900, -3900, 0]),
    ("ron dealer 3h30f 5,800", {}, [], ron(3, win(0)), [5800, 0, 0, -5800]),
    ("tsumo non-dealer 2,000/1,000/1,000", {}, [], tsumo(win(1)), [-2000, 4000, -1000, -1000]),
    ("tsumo dealer 2,000 all", {}, [], tsumo(win(0)), [6000, -2000, -2000, -2000]),
    ("pinfu tsumo 1,300/700/700", {}, [], tsumo(win(2, 3, 20)), [-1300, -700, 2700, -700]),
    ("riichi deposits go to the winner", {}, [], ron(2, win(1), riichi=[2, 3]),
     [0, 3900 + 2000, -3900 - 1000, -1000]),
    ("ron 2 honba 1 stick: 5,500 / 4,500", {}, TWO_HONBA_ONE_STICK, ron(2, win(1)),
     [0, 5500, -4500, 0]),
    ("tsumo 2 honba 1 stick: 2,200/1,200/1,200", {}, TWO_HONBA_ONE_STICK, tsumo(win(1)),
     [-2200, 5600, -1200, -1200]),
    ("kiriage off: 4h30f ron 7,700", {"kiriage": 0}, [], ron(0, win(1, 4, 30)),
     [-7700, 7700, 0, 0]),
    ("kiriage on: 4h30f ron 8,000", {"kiriage": 1}, [], ron(0, win(1, 4, 30)),
     [-8000, 8000, 0, 0]),
    ("kazoe on: 13 han ron 32,000", {"kazoe": 1}, [], ron(0, win(1, 13, 30)),
     [-32000, 32000, 0, 0]),
    ("kazoe off: 13 han ron 24,000", {"kazoe": 0}, [], ron(0, win(1, 13, 30)),
     [-24000, 24000, 0, 0]),
    ("multi on: double yakuman ron 64,000", {"multi": 1, "busting": 0}, [],
     ron(0, {"seat": 1, "yakuman": 2}), [-64000, 64000, 0, 0]),
    ("multi off: double yakuman ron 32,000", {"multi": 0}, [],
     ron(0, {"seat": 1, "yakuman": 2}), [-32000, 32000, 0, 0]),
    # Exhaustive draws (SPEC §1.8): 3,000 in four-player.
    ("draw, nobody tenpai", {}, [], draw(), [0, 0, 0, 0]),
    ("draw, 1 tenpai", {}, [], draw([2]), [-1000, -1000, 3000, -1000]),
    ("draw, 2 tenpai", {}, [], draw([0, 3]), [1500, -1500, -1500, 1500]),
    ("draw, 3 tenpai", {}, [], draw([0, 1, 3]), [1000, 1000, -3000, 1000]),
    ("draw, all tenpai", {}, [], draw([0, 1, 2, 3]), [0, 0, 0, 0]),
    ("a riichi player counts as tenpai", {}, [], draw([1], riichi=[2]),
     [-1500, 1500, 1500 - 1000, -1500]),
    ("nagashi mangan, no honba, no tenpai payments", {}, TWO_HONBA_ONE_STICK,
     draw([0], nagashi=[1]), [-4000, 8000, -2000, -2000]),
    ("nagashi mangan by the dealer", {}, [], draw(nagashi=[0]), [12000, -4000, -4000, -4000]),
    ("two nagashi mangan", {}, [], draw(nagashi=[1, 2]),
     [-8000, 8000 - 2000, 8000 - 2000, -4000]),
    ("abortive draw: only the deposits", {}, [], abort(riichi=[0, 1, 2, 3]),
     [-1000, -1000, -1000, -1000]),
    # Several winners on one discard (SPEC §6.2): honba and sticks to the nearest winner.
    ("double ron both", {"doubleron": "both"}, TWO_HONBA_ONE_STICK,
     ron(0, win(2), win(1, 1, 30)), [-3900 - 1000 - 600, 1000 + 600 + 1000, 3900, 0]),
    ("double ron head", {"doubleron": "head"}, TWO_HONBA_ONE_STICK,
     ron(0, win(2), win(1, 1, 30)), [-1000 - 600, 1000 + 600 + 1000, 0, 0]),
    ("triple ron draw", {"tripleron": "draw"}, [], ron(0, win(1), win(2), win(3), riichi=[1]),
     [0, -1000, 0, 0]),
    ("triple ron all", {"tripleron": "all"}, [], ron(0, win(1), win(2), win(3), riichi=[1]),
     [-11700, 3900, 3900, 3900]),
    ("triple ron head", {"tripleron": "all", "doubleron": "head"}, [],
     ron(2, win(1), win(0), win(3)), [0, 0, -3900, 3900]),
    # Pao (SPEC §6.2): a yakuman tsumo paid by the liable player as a ron, honba included.
    ("pao tsumo", {}, TWO_HONBA_ONE_STICK, tsumo({"seat": 2, "yakuman": 1, "pao": 0}),
     [-32600, 0, 32600 + 1000, 0]),
    ("pao ron hand, honba liable", {"paohonba": "liable"}, TWO_HONBA_ONE_STICK,
     ron(3, {"seat": 2, "yakuman": 1, "pao": 1}), [0, -16600, 33600, -16000]),
    ("pao ron hand, honba discarder", {"paohonba": "discarder"}, TWO_HONBA_ONE_STICK,
     ron(3, {"seat": 2, "yakuman": 1, "pao": 1}), [0, -16000, 33600, -16600]),
    ("pao by the discarder is a plain ron", {}, [],
     ron(1, {"seat": 2, "yakuman": 1, "pao": 1}), [0, -32000, 32000, 0]),
    ("pao scope hand, double yakuman tsumo", {"paoscope": "hand", "busting": 0}, [],
     tsumo({"seat": 2, "yakuman": 2, "pao": 1}), [0, -64000, 64000, 0]),
    ("pao scope own, double yakuman tsumo", {"paoscope": "own", "busting": 0}, [],
     tsumo({"seat": 2, "yakuman": 2, "pao": 1}), [-16000, -32000 - 8000, 64000, -8000]),
    ("pao scope own, double yakuman ron", {"paoscope": "own", "busting": 0}, [],
     ron(3, {"seat": 2, "yakuman": 2, "pao": 1}), [0, -16000, 64000, -48000]),
    # Three players (SPEC §1.7): ron honba 200, tsumo loss or not, tenpai pool 2,000.
    ("3p ron 2 honba: 4,300", {"players": 3}, [abort(), abort()], ron(1, win(2)),
     [0, -4300, 4300]),
    ("3p mangan tsumo with tsumo loss", {"players": 3, "tsumoloss": 1}, [],
     tsumo(win(1, 5, 30)), [-4000, 6000, -2000]),
    ("3p mangan tsumo without tsumo loss", {"players": 3, "tsumoloss": 0}, [],
     tsumo(win(1, 5, 30)), [-5000, 8000, -3000]),
    ("3p dealer mangan tsumo", {"players": 3}, [], tsumo(win(0, 5, 30)), [8000, -4000, -4000]),
    ("3p 1h30f tsumo without tsumo loss 700/500", {"players": 3, "tsumoloss": 0}, [],
     tsumo(win(2, 1, 30)), [-700, -500, 1200]),
    ("3p draw 1 tenpai", {"players": 3}, [], draw([1]), [-1000, 2000, -1000]),
    ("3p draw 2 tenpai", {"players": 3}, [], draw([0, 2]), [1000, -2000, 1000]),
    ("3p nagashi", {"players": 3}, [], draw(nagashi=[2]), [-4000, -2000, 6000]),
    ("3p double ron", {"players": 3}, [abort()], ron(0, win(2), win(1)),
     [-3900 - 4100, 4100, 3900]),
    ("3p pao tsumo 1 honba", {"players": 3}, [abort()], tsumo({"seat": 1, "yakuman": 1, "pao": 2}),
     [0, 32200, -32200]),
]


@pytest.mark.parametrize("rules, before, hand, deltas",
                         [case[1:] for case in HANDS], ids=[case[0] for case in HANDS])
def test_hand_deltas(rules, before, hand, deltas):
    played = game([*before, hand], **rules)
    assert played["hands"][-1]["deltas"] == deltas


# (name, rules, hands, the next hand's round, dealer, honba, sticks) — SPEC §6.2.
PROGRESS = [
    ("non-dealer win: dealer moves, honba 0", {}, [abort(), ron(0, win(2))], "E2", 1, 0, 0),
    ("dealer win: dealer stays, honba +1", {}, [abort(), tsumo(win(0))], "E1", 0, 2, 0),
    ("dealer among double ron winners stays", {}, [ron(1, win(2), win(0))], "E1", 0, 1, 0),
    ("head bump drops the dealer's win", {"doubleron": "head"}, [ron(1, win(2), win(0))],
     "E2", 1, 0, 0),
    ("draw, dealer tenpai: stays", {}, [draw([0, 2])], "E1", 0, 1, 0),
    ("draw, dealer noten: moves, honba +1", {}, [draw([2], riichi=[1])], "E2", 1, 1, 1),
    ("draw, dealer in riichi counts as tenpai", {}, [draw(riichi=[0])], "E1", 0, 1, 1),
    ("nagashi, dealer noten: moves", {}, [draw(nagashi=[0])], "E2", 1, 1, 0),
    ("abortive draw: dealer stays, sticks stay", {}, [abort(riichi=[1, 3])], "E1", 0, 1, 2),
    ("triple ron as a draw keeps the dealer", {}, [ron(1, win(2), win(3), win(0))], "E1", 0, 1, 0),
    ("four dealers later: south", {}, [ron(0, win(1)), ron(0, win(2)), ron(0, win(3)),
                                       ron(1, win(0))], "S1", 0, 0, 0),
    ("3p: three dealers later: south", {"players": 3},
     [ron(0, win(1)), ron(0, win(2)), ron(1, win(0))], "S1", 0, 0, 0),
]


@pytest.mark.parametrize("rules, hands, round_, dealer, honba, sticks",
                         [case[1:] for case in PROGRESS], ids=[case[0] for case in PROGRESS])
def test_next_hand(rules, hands, round_, dealer, honba, sticks):
    played = game(hands, **rules)
    assert not played["over"]
    nxt = played["next"]
    assert (nxt["round"], nxt["dealer"], nxt["honba"], nxt["sticks"]) == (round_, dealer, honba,
                                                                         sticks)
    players = rules.get("players", 4)
    start = {4: 25000, 3: 35000}[players]
    assert sum(nxt["scores"]) + 1000 * nxt["sticks"] == start * players


NOTEN = draw()  # nobody tenpai: the dealer moves on, points unchanged


def noten_hands(count):
    return [NOTEN] * count


# (name, rules, hands, over) — when the game ends (SPEC §6.1–§6.2).
ENDINGS = [
    ("east game ends after E4", {"length": "east"}, noten_hands(4), True),
    ("south game goes on after E4", {"length": "south"}, noten_hands(4), False),
    ("south game ends after S4", {"length": "south"}, noten_hands(8), True),
    ("3p south game ends after S3", {"players": 3}, noten_hands(6), True),
    ("3p not before", {"players": 3}, noten_hands(5), False),
    ("west extension: nobody at return, play on", {"length": "east", "extension": "west"},
     noten_hands(4), False),
    ("west extension ends at the end of that wind", {"length": "east", "extension": "west"},
     noten_hands(8), True),
    ("extension ends once someone reaches return", {"length": "east", "extension": "west"},
     [*noten_hands(4), ron(0, win(2, 4, 30))], True),
    ("extension: not when the dealer keeps the seat", {"length": "east", "extension": "west",
                                                       "agariyame": 0},
     [*noten_hands(4), ron(1, win(0, 4, 30))], False),
    ("no extension when someone has return", {"length": "east", "extension": "west"},
     [ron(0, win(2, 4, 30)), *noten_hands(3)], True),
    ("agariyame: last dealer wins and is first", {"length": "east", "agariyame": 1},
     [*noten_hands(3), ron(0, win(3))], True),
    ("agariyame off: play on", {"length": "east", "agariyame": 0},
     [*noten_hands(3), ron(0, win(3))], False),
    ("agariyame needs return", {"length": "east", "agariyame": 1},
     [*noten_hands(3), ron(0, win(3, 1, 30))], False),
    ("agariyame needs first place", {"length": "east", "agariyame": 1},
     [ron(3, win(1, 5)), *noten_hands(2), ron(0, win(3))], False),
    ("tenpaiyame: last dealer tenpai and first", {"length": "east", "agariyame": 0,
                                                  "tenpaiyame": 1},
     [*noten_hands(3), ron(0, win(3)), draw([3])], True),
    ("tenpaiyame off: play on", {"length": "east", "agariyame": 0, "tenpaiyame": 0},
     [*noten_hands(3), ron(0, win(3)), draw([3])], False),
    ("not before the last hand", {"length": "east"}, [*noten_hands(2), ron(0, win(2))], False),
    ("busting: below zero ends", {"busting": 1}, [ron(1, win(0, 11))], True),
    ("busting off: play on", {"busting": 0}, [ron(1, win(0, 11))], False),
    ("busting: zero is not below zero", {"busting": 1, "start": 8000, "return": 8000,
                                         "uma": [20, 10, -10, -20]},
     [ron(1, win(2, 5))], False),
    # Issue 34 (F15): a riichi needs 1,000 points, so its deposit alone never goes below zero.
    ("busting: a riichi deposit down to zero", {"busting": 1, "start": 1000, "return": 1000},
     [draw([0], riichi=[0]), abort(riichi=[0])], False),
]


@pytest.mark.parametrize("rules, hands, over", [case[1:] for case in ENDINGS],
                         ids=[case[0] for case in ENDINGS])
def test_game_over(rules, hands, over):
    played = game(hands, **rules)
    assert played["over"] is over
    assert ("final" in played) is over and ("next" in played) is not over
    if over:
        with pytest.raises(RecordError) as caught:
            game([*hands, NOTEN], **rules)
        assert (caught.value.hand, caught.value.code) == (len(hands), "game_over")


TENHOU_UNTIL_2020 = {**preset_rules("tenhou"), "rounding": "thousand"}
# Tenhou log 062-mjx-2022060104gm (owari): results to 0.1 since.
TENHOU_2022 = ("tenhou exact", preset_rules("tenhou"), [18100, -2600, 16600, 67900], 0,
               [18100, -2600, 16600, 67900], [-1.9, -52.6, -23.4, 77.9])

# Final standings (SPEC §6.1): (name, rules, scores, sticks, final scores, results).
FINALS = [
    # Tenhou log 001-mjx-2010081709gm (owari): rounded results, uma 20/10.
    ("tenhou rounded", TENHOU_UNTIL_2020, [20100, 35800, 5200, 38900], 0,
     [20100, 35800, 5200, 38900], [-20.0, 16.0, -45.0, 49.0]),
    # Tenhou log 086-dnovikoff-bug8: 16,500 rounds to 17,000 (-13 + 10 = -3).
    ("tenhou half rounds up", TENHOU_UNTIL_2020, [77800, 2400, 16500, 3300], 0,
     [77800, 2400, 16500, 3300], [88.0, -48.0, -3.0, -37.0]),
    # Tenhou log 113-dnovikoff-sanma2 (three-player): -5,500 rounds to -6,000.
    ("tenhou 3p negative half", {**preset_rules("tenhou", 3), "rounding": "thousand"},
     [27400, 83100, -5500], 0, [27400, 83100, -5500], [-13.0, 79.0, -66.0]),
    TENHOU_2022,
    # M-League's own example: 43,000 first +63, 36,800 second +16.8.
    ("m-league exact", preset_rules("mleague"), [43000, 36800, 11200, 9000], 0,
     [43000, 36800, 11200, 9000], [63.0, 16.8, -28.8, -51.0]),
    # WRC/EMA: (points - 30,000)/1,000 + uma, no oka: 40,000 first is +25; the two on 30,000
    # share the uma of second and third, (+5 - 5) / 2 = 0 each.
    ("wrc", preset_rules("wrc"), [40000, 30000, 30000, 20000], 0,
     [40000, 30000, 30000, 20000], [25.0, 0.0, 0.0, -25.0]),
    ("ties rank by seat order", {**preset_rules("wrc"), "ties": "seat"},
     [30000, 30000, 30000, 30000], 0, [30000, 30000, 30000, 30000], [15.0, 5.0, -5.0, -15.0]),
    ("leftover first", {**preset_rules("wrc"), "leftover": "first"},
     [29000, 31000, 28000, 30000], 2, [29000, 33000, 28000, 30000], [-6.0, 18.0, -17.0, 5.0]),
    ("leftover lost", {**preset_rules("wrc"), "leftover": "lost"},
     [29000, 31000, 28000, 30000], 2, [29000, 31000, 28000, 30000], [-6.0, 16.0, -17.0, 5.0]),
]


@pytest.mark.parametrize("rules, scores, sticks, final_scores, results",
                         [case[1:] for case in FINALS], ids=[case[0] for case in FINALS])
def test_final(rules, scores, sticks, final_scores, results):
    standing = final(scores, sticks, rules)
    assert standing["scores"] == final_scores
    assert standing["results"] == results
    if rules["ties"] == "seat":
        ranks = sorted(range(len(scores)), key=lambda s: (-final_scores[s], s))
        assert [ranks.index(seat) + 1 for seat in range(len(scores))] == standing["ranks"]
    else:  # a shared place ranks as its best
        assert standing["ranks"] == [1 + sum(o > p for o in scores) for p in scores]


def test_end_by_hand_takes_leftover_sticks():
    record = {"rules": {"preset": "wrc", "leftover": "first", "ties": "seat"},
              "hands": [draw([1], riichi=[1]), draw(riichi=[3])]}
    assert not replay(record)["over"]
    ended = end(record)
    assert ended["over"] and "next" not in ended
    # Seats 1 and 3 end on 31,000 each (riichi, tenpai alone, then noten once); seat 1 ranks
    # first by seat order and takes the 2 sticks.
    assert ended["final"]["scores"] == [28000, 33000, 28000, 31000]
    assert ended["hands"] == replay(record)["hands"]


@pytest.mark.parametrize("name,players,scores,uma,oka", [
    # M-League: 25,000 → 30,000, uma 30/10/-10/-30 (m-league.jp): oka 20 to first.
    ("mleague", 4, [43000, 36800, 11200, 9000], [30, 10, -10, -30], [20.0, 0, 0, 0]),
    # Tenhou three-player: 35,000 → 40,000, uma 20/0/-20 as its records show: oka 15.
    ("tenhou", 3, [30000, 52000, 23000], [0, 20, -20], [0, 15.0, 0]),
])
def test_final_names_the_uma_and_oka_of_each_seat(name, players, scores, uma, oka):
    rules = {**preset_rules(name, players), "rounding": "exact"}
    standing = final(scores, 0, rules)
    assert standing["uma"] == uma and standing["oka"] == oka
    # The parts add up to the result: (points − return) / 1,000 + uma + oka.
    for seat, points in enumerate(scores):
        expected = (points - rules["return"]) / 1000 + uma[seat] + oka[seat]
        assert standing["results"][seat] == pytest.approx(expected)


def test_end_of_an_empty_game_ranks_by_seat():
    assert end({"hands": []})["final"]["ranks"] == [1, 2, 3, 4]


# Bad records (SPEC §6.3): (record, hand, field, code).
BAD = [
    ([], None, "record", "not_an_object"),
    ({"rules": [], "hands": []}, None, "rules", "not_an_object"),
    ({"hands": {}}, None, "hands", "not_a_list"),
    ({"rules": {"players": 5}}, None, "players", "unknown_choice"),
    ({"rules": {"preset": "casino"}}, None, "preset", "unknown_choice"),
    ({"rules": {"preset": "ema", "players": 3}}, None, "players", "not_allowed"),
    ({"rules": {"start": 25050}}, None, "start", "not_a_multiple"),
    ({"rules": {"start": "many"}}, None, "start", "not_a_number"),
    ({"rules": {"start": " "}}, None, "start", "empty"),  # ko review: nothing typed is not "no number"
    ({"rules": {"return": 0}}, None, "return", "out_of_range"),
    ({"rules": {"uma": [10, -10]}}, None, "uma", "wrong_count"),
    ({"rules": {"uma": [30, 10, -10, -20]}}, None, "uma", "uma_sum"),
    ({"rules": {"uma": "20,10"}}, None, "uma", "not_a_list"),
    ({"rules": {"rounding": "tenth"}}, None, "rounding", "unknown_choice"),
    ({"hands": [7]}, 0, "hand", "not_an_object"),
    ({"hands": [{"riichi": []}]}, 0, "result", "missing"),
    ({"hands": [{"result": "dead"}]}, 0, "result", "unknown_choice"),
    ({"hands": [abort(), {"result": "ron", "from": 4, "winners": [win(1)]}]}, 1, "from",
     "out_of_range"),
    ({"hands": [{"result": "ron", "winners": [win(1)]}]}, 0, "from", "missing"),
    ({"hands": [ron(1, win(1))]}, 0, "seat", "winner_is_discarder"),
    ({"hands": [ron(0, win(1), win(1))]}, 0, "seat", "duplicate_seat"),
    ({"hands": [ron(0)]}, 0, "winners", "no_winner"),
    ({"hands": [{"result": "ron", "from": 0, "winners": win(1)}]}, 0, "winners", "not_a_list"),
    ({"hands": [ron(0, 1)]}, 0, "winners", "not_an_object"),
    ({"hands": [ron(0, {"han": 3, "fu": 30})]}, 0, "seat", "missing"),
    ({"hands": [ron(0, {"seat": 1, "han": 3})]}, 0, "fu", "missing"),
    ({"hands": [ron(0, win(1, 14))]}, 0, "han", "out_of_range"),
    ({"hands": [ron(0, win(1, 0))]}, 0, "han", "out_of_range"),
    ({"hands": [ron(0, win(1, 3, 35))]}, 0, "fu", "not_allowed"),
    ({"hands": [ron(0, win(1, 3.5))]}, 0, "han", "not_an_integer"),
    ({"hands": [ron(0, win(1, True))]}, 0, "han", "not_a_number"),
    ({"hands": [ron(0, {"seat": 1, "yakuman": 7})]}, 0, "yakuman", "out_of_range"),
    ({"hands": [{"result": "tsumo", "winners": [win(1), win(2)]}]}, 0, "winners",
     "tsumo_one_winner"),
    ({"hands": [tsumo({"seat": 1, "yakuman": 1, "pao": 1})]}, 0, "pao", "pao_is_winner"),
    ({"hands": [tsumo({"seat": 1, "han": 5, "fu": 30, "pao": 2})]}, 0, "pao",
     "pao_needs_yakuman"),
    ({"hands": [tsumo({"seat": 1, "yakuman": 1, "pao": 9})]}, 0, "pao", "out_of_range"),
    ({"hands": [abort(riichi=[1, 1])]}, 0, "riichi", "duplicate_seat"),
    ({"hands": [{"result": "abort", "riichi": 1}]}, 0, "riichi", "not_a_list"),
    ({"hands": [draw(tenpai=[0, 4])]}, 0, "tenpai", "out_of_range"),
    ({"rules": {"players": 3}, "hands": [draw(tenpai=[3])]}, 0, "tenpai", "out_of_range"),
    ({"rules": {"nagashi": 0}, "hands": [draw(nagashi=[2])]}, 0, "nagashi", "nagashi_off"),
    ({"rules": {"preset": "wrc"}, "hands": [abort()]}, 0, "result", "abort_off"),
    ({"rules": {"chombo": "none"}, "hands": [{"result": "chombo", "seat": 1}]}, 0, "result",
     "chombo_off"),
    ({"rules": {"length": "east"}, "hands": [*noten_hands(4), NOTEN]}, 4, "result", "game_over"),
    ({"rules": {"kirage": 1}}, None, "kirage", "unknown_field"),
    ({"hands": [{**draw(), "tenpia": [0]}]}, 0, "tenpia", "unknown_field"),
    ({"hands": [ron(0, {**win(1), "dora": 2})]}, 0, "dora", "unknown_field"),
    # Issue 34: F12 (a bound on hands), F15 (riichi needs its 1,000-point deposit)
    ({"hands": [abort()] * 501}, None, "hands", "too_many_hands"),
    ({"rules": {"start": 1000, "return": 1000}, "hands": [abort(riichi=[1]), abort(riichi=[1])]},
     1, "riichi", "riichi_points"),
]


@pytest.mark.parametrize("record, hand, field, code", BAD)
def test_bad_record(record, hand, field, code):
    with pytest.raises(RecordError) as caught:
        replay(record)
    error = caught.value.as_dict()
    assert (error["hand"], error["field"], error["code"]) == (hand, field, code)
    assert CODES[code] in error["message"]
    assert set(error) == {"hand", "field", "code", "message"}


# Corrections refused (SPEC §10.3): (record, index, new hand or None, hand, field, code).
EDIT_BAD = [
    ({"hands": [abort()]}, 1, None, None, "hands", "no_such_hand"),
    # A yakuman dealt in by seat 2 in the first hand busts it: the second hand cannot follow.
    ({"hands": [abort(), abort()]}, 0, ron(2, {"seat": 1, "yakuman": 1}), 1, "result",
     "ends_before"),
]


@pytest.mark.parametrize("record, index, new, hand, field, code", EDIT_BAD)
def test_bad_correction(record, index, new, hand, field, code):
    with pytest.raises(RecordError) as caught:
        edit(record, index, new)
    error = caught.value.as_dict()
    assert (error["hand"], error["field"], error["code"]) == (hand, field, code)
    assert CODES[code] in error["message"]


def test_every_code_is_tested():
    assert {case[3] for case in BAD} | {case[2] for case in CLI_BAD} | \
        {case[5] for case in EDIT_BAD} == set(CODES)


def test_numbers_as_strings_are_read():
    strings = {"hands": [{"result": "ron", "from": "2",
                          "winners": [{"seat": "1", "han": "3", "fu": "30"}], "riichi": ["2"]}],
               "rules": {"kiriage": "1", "start": "25000"}}
    assert replay(strings) == game([ron(2, win(1), riichi=[2])], kiriage=1)


def test_defaults_follow_the_player_count():
    assert rules_from(None) == rules_from({}) == rules_from({"players": 4})
    three = rules_from({"players": 3})
    assert (three["start"], three["return"], three["uma"]) == (35000, 40000, [15, 0, -15])


@pytest.mark.parametrize("name", NAMES)
def test_presets_fill_every_field_with_a_source(name):
    for players in PRESETS[name]["seats"]:
        rules = preset_rules(name, players)
        assert set(rules) == set(FIELDS)
        assert rules_from({"preset": name, "players": players}) == rules
        for field, choices in FIELDS.items():
            assert choices is None or rules[field] in choices, field
    assert set(SOURCES[name]) >= set(FIELDS) - {"players", "start", "return", "uma"} | {"seats"}


# Preset facts from the rule documents cited in engine.presets.SOURCES.
PRESET_FACTS = [
    ("tenhou", 4, {"start": 25000, "return": 30000, "uma": [20, 10, -10, -20], "kiriage": 0,
                   "doubleron": "both", "tripleron": "draw", "extension": "west"}),
    ("tenhou", 3, {"start": 35000, "return": 40000, "uma": [20, 0, -20], "tsumoloss": 1}),
    ("mahjongsoul", 4, {"start": 25000, "uma": [15, 5, -5, -15], "paoscope": "own"}),
    ("mahjongsoul", 3, {"start": 35000, "uma": [15, 0, -15]}),
    ("mleague", 4, {"start": 25000, "return": 30000, "uma": [30, 10, -10, -30],
                    "doubleron": "head", "busting": 0, "agariyame": 0, "kazoe": 0}),
    ("wrc", 4, {"start": 30000, "return": 30000, "uma": [15, 5, -5, -15], "kazoe": 0,
                "multi": 1, "paohonba": "discarder", "doubleron": "head"}),
    ("ema", 4, {"start": 30000, "return": 30000, "uma": [15, 5, -5, -15], "multi": 0,
                "paohonba": "discarder"}),
]


@pytest.mark.parametrize("name, players, facts", PRESET_FACTS)
def test_preset_facts(name, players, facts):
    rules = preset_rules(name, players)
    assert {field: rules[field] for field in facts} == facts


def _cli(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "engine.ledger", *args], input=stdin,
                          capture_output=True, text=True, cwd=ROOT, check=False)


def test_cli_reads_a_file_and_stdin(tmp_path):
    record = {"rules": {"preset": "tenhou"}, "hands": [ron(2, win(1), riichi=[2])]}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    for args, stdin in (((str(path),), None), (("-",), json.dumps(record))):
        done = _cli(*args, stdin=stdin)
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout) == replay(record)


CLI_BAD = [
    ("{not json", "record", "unreadable"),
    (json.dumps({"hands": [ron(1, win(1))]}), "seat", "winner_is_discarder"),
    # Issue 34 (F13): every game of the page's "export all", when it holds more than one
    (json.dumps({"format": "mahjong-ledger-games", "version": 2, "games": [{"hands": []}] * 2}),
     "games", "one_game"),
]


@pytest.mark.parametrize("text, field, code", CLI_BAD)
def test_cli_bad_record_exits_2(text, field, code):
    done = _cli("-", stdin=text)
    assert done.returncode == 2
    error = json.loads(done.stdout)["error"]
    assert (error["field"], error["code"]) == (field, code)
    assert set(error) == {"hand", "field", "code", "message"}
