"""Issue 16: the presets as their rule books score, ties, chombo, abortive draws and `target`.

Every expected figure below is worked out by hand in the comment beside it, from the rule
book's text quoted there (SPEC §6.1–§6.2 for the ledger's own fields), never read from the
ledger's output.
"""
import pytest

from engine.ledger import RecordError, end, replay
from engine.ledger.game import final
from engine.presets import FIELDS, NAMES, PRESETS, SOURCES, preset_rules
from tests.test_ledger import draw, ron, tsumo, win

NOTEN = {"result": "draw", "tenpai": [], "nagashi": [], "riichi": []}


def chombo(seat, riichi=()):
    return {"result": "chombo", "seat": seat, "riichi": list(riichi)}


def game(rules, hands):
    return replay({"rules": rules, "hands": hands})


def refused(rules, hands):
    with pytest.raises(RecordError) as caught:
        game(rules, hands)
    return caught.value.hand, caught.value.field, caught.value.code


# --- one test per preset per field, with where the value comes from ---------------------------

# (preset, field, value, the rule book's words the value rests on). Player-count fields are
# checked for four players; where a book is silent the row says so, and the value is the one
# its players use (engine.presets.SOURCES says the same, field by field).
FIELD_FACTS = [
    # Tenhou: https://tenhou.net/man/ and its game records.
    ("tenhou", "length", "south", "silent (east and east-south lobbies): east-south, 東南戦"),
    ("tenhou", "start", 25000, "records: 25,000 start"),
    ("tenhou", "return", 30000, "records: 30,000 return"),
    ("tenhou", "uma", [20, 10, -10, -20], "records: owari results fit uma 20/10"),
    ("tenhou", "kiriage", 0, "manual: no kiriage mangan"),
    ("tenhou", "kazoe", 1, "manual: 13 han is a counted yakuman"),
    ("tenhou", "multi", 1, "manual: composite yakuman add up"),
    ("tenhou", "tsumoloss", 1, "manual: three-player tsumo without the North's share"),
    ("tenhou", "nagashi", 1, "manual: 流し満貫あり (records RYUUKYOKU type=nm)"),
    ("tenhou", "paoscope", "hand", "manual: the liable player pays the whole tsumo"),
    ("tenhou", "paohonba", "liable", "records: the liable player pays the honba"),
    ("tenhou", "doubleron", "both", "manual: ダブロンあり, sticks to the nearest winner"),
    ("tenhou", "tripleron", "draw", "manual: 三家和 is an abortive draw"),
    ("tenhou", "busting", 1, "manual: below 0 ends the game"),
    ("tenhou", "extension", "west", "manual: 西入 when nobody has 30,000"),
    ("tenhou", "target", 30000, "manual: the west round looks at the 30,000 return"),
    ("tenhou", "agariyame", 1, "manual: アガリやめあり"),
    ("tenhou", "tenpaiyame", 1, "manual: テンパイやめあり"),
    ("tenhou", "leftover", "first", "records: owari adds leftover sticks to first"),
    ("tenhou", "rounding", "exact", "records since 2022: results to 0.1"),
    ("tenhou", "ties", "seat", "manual: equal points rank by seat order (上家取り)"),
    ("tenhou", "aborts", 1, "manual: 九種九牌, 四風連打, 四家立直, 四開槓, 三家和"),
    ("tenhou", "chombo", "mangan", "silent (online, no chombo): the parlours' 満貫払い"),
    ("tenhou", "chombopenalty", 20, "unused with chombo=mangan: the default"),
    # Mahjong Soul: its 段位戦ルール説明.
    ("mahjongsoul", "length", "south", "silent (east and south rooms): south"),
    ("mahjongsoul", "start", 25000, "ranked: 25,000 start"),
    ("mahjongsoul", "return", 25000, "ranked points count from 25,000 (no oka)"),
    ("mahjongsoul", "uma", [15, 5, -5, -15], "ranked uma 15/5"),
    ("mahjongsoul", "kiriage", 0, "off by default"),
    ("mahjongsoul", "kazoe", 1, "counted yakuman"),
    ("mahjongsoul", "multi", 1, "composite and double yakuman add up"),
    ("mahjongsoul", "tsumoloss", 1, "three-player ranked: tsumo loss"),
    ("mahjongsoul", "nagashi", 1, "nagashi mangan"),
    ("mahjongsoul", "paoscope", "own", "separate responsibility for each yakuman"),
    ("mahjongsoul", "paohonba", "liable", "silent: the common value"),
    ("mahjongsoul", "doubleron", "both", "multiple ron, sticks to the next in turn"),
    ("mahjongsoul", "tripleron", "all", "no 三家和 abortive draw"),
    ("mahjongsoul", "busting", 1, "below zero ends the game"),
    ("mahjongsoul", "extension", "west", "west round when nobody has 30,000"),
    ("mahjongsoul", "target", 30000, "west round and agari-yame at 30,000"),
    ("mahjongsoul", "agariyame", 1, "on"),
    ("mahjongsoul", "tenpaiyame", 1, "on"),
    ("mahjongsoul", "leftover", "first", "leftover deposits to first"),
    ("mahjongsoul", "rounding", "exact", "silent: exact"),
    ("mahjongsoul", "ties", "seat", "上家優先: seat order from the first dealer"),
    ("mahjongsoul", "aborts", 1, "九種九牌, 四風連打, 四家立直, 四槓散了"),
    ("mahjongsoul", "chombo", "mangan", "silent (online, no chombo): the parlours' 満貫払い"),
    ("mahjongsoul", "chombopenalty", 20, "unused with chombo=mangan: the default"),
    # M-League: m-league.jp 公式ルール.
    ("mleague", "length", "south", "東南戦"),
    ("mleague", "start", 25000, "25,000点持ち"),
    ("mleague", "return", 30000, "30,000点返し"),
    ("mleague", "uma", [30, 10, -10, -30], "順位点 +50/+10/-10/-30 with oka 20"),
    ("mleague", "kiriage", 1, "切り上げ満貫あり"),
    ("mleague", "kazoe", 0, "数え役満なし"),
    ("mleague", "multi", 1, "複合役満あり (no double yakuman for one hand)"),
    ("mleague", "tsumoloss", 1, "four-player only: unused"),
    ("mleague", "nagashi", 1, "流し満貫あり"),
    ("mleague", "paoscope", "own", "責任払い for the one yakuman"),
    ("mleague", "paohonba", "liable", "silent: the common value"),
    ("mleague", "doubleron", "head", "ダブロンなし, 頭ハネ"),
    ("mleague", "tripleron", "all", "途中流局なし: the head winner only"),
    ("mleague", "busting", 0, "トビなし"),
    ("mleague", "extension", "none", "no west round"),
    ("mleague", "target", 30000, "unused: return"),
    ("mleague", "agariyame", 0, "アガリ止めなし"),
    ("mleague", "tenpaiyame", 0, "テンパイ止めなし"),
    ("mleague", "leftover", "first", "供託はトップ取り"),
    ("mleague", "rounding", "exact", "points to 0.1"),
    ("mleague", "ties", "split", "同着の場合は順位点は分け"),
    ("mleague", "aborts", 0, "途中流局はありません"),
    ("mleague", "chombo", "penalty", "チョンボは20,000点相当の罰符, at the end"),
    ("mleague", "chombopenalty", 20, "20,000点相当"),
    # WRC: the 2025 rules (WRCR 2015 with the 2022 and 2025 changes).
    ("wrc", "length", "south", "hanchan"),
    ("wrc", "start", 30000, "§4.1 30,000 points"),
    ("wrc", "return", 30000, "session score (points - 30,000) / 1,000 + uma"),
    ("wrc", "uma", [15, 5, -5, -15], "uma +15/+5/-5/-15"),
    ("wrc", "kiriage", 1, "4 han 30 fu and 3 han 60 fu are paid as mangan"),
    ("wrc", "kazoe", 0, "no kazoe yakuman"),
    ("wrc", "multi", 1, "2022 changes: different yakuman add up"),
    ("wrc", "tsumoloss", 1, "four-player only: unused"),
    ("wrc", "nagashi", 0, "no nagashi mangan"),
    ("wrc", "paoscope", "hand", "liability: full tsumo, half a ron"),
    ("wrc", "paohonba", "discarder", "only the discarder pays the counters"),
    ("wrc", "doubleron", "head", "§5.7.6 only the player closer to the discarder wins"),
    ("wrc", "tripleron", "all", "§5.7 no abortive draws: the head winner only"),
    ("wrc", "busting", 0, "the session is played to its end"),
    ("wrc", "extension", "none", "no west round"),
    ("wrc", "target", 30000, "unused: return"),
    ("wrc", "agariyame", 0, "§5.9.1 no agari yame"),
    ("wrc", "tenpaiyame", 0, "none"),
    ("wrc", "leftover", "lost", "riichi bets left at the end go to nobody"),
    ("wrc", "rounding", "exact", "session score to 0.1"),
    ("wrc", "ties", "split", "uma modified for ties: averaged"),
    ("wrc", "aborts", 0, "§5.7 'There are no abortive draws'"),
    ("wrc", "chombo", "penalty", "§7.1 a point penalty off the session score"),
    ("wrc", "chombopenalty", 30, "2022 changes: 'a chombo now costs 30,000 points'"),
    # EMA: Riichi Competition Rules 2016.
    ("ema", "length", "south", "hanchan"),
    ("ema", "start", 30000, "30,000 start"),
    ("ema", "return", 30000, "(points - 30,000) / 1,000 + uma, no oka"),
    ("ema", "uma", [15, 5, -5, -15], "uma 15/5"),
    ("ema", "kiriage", 0, "no kiriage mangan"),
    ("ema", "kazoe", 0, "no kazoe yakuman"),
    ("ema", "multi", 0, "yakuman are not cumulative"),
    ("ema", "tsumoloss", 1, "four-player only: unused"),
    ("ema", "nagashi", 0, "2016: 'Nagashi Mangan is not allowed'"),
    ("ema", "paoscope", "hand", "pao: whole tsumo, half a ron"),
    ("ema", "paohonba", "discarder", "only the discarder pays the counters"),
    ("ema", "doubleron", "reclaim", "§3.4.9 each hand paid in full, §3.4.10 counters on each; "
     "winners reclaim their riichi sticks, the rest to the nearest"),
    ("ema", "tripleron", "all", "no abortive draws: all three win"),
    ("ema", "busting", 0, "no busting"),
    ("ema", "extension", "none", "no west round"),
    ("ema", "target", 30000, "unused: return"),
    ("ema", "agariyame", 0, "none"),
    ("ema", "tenpaiyame", 0, "none"),
    ("ema", "leftover", "first", "§3.6.1 winner bonus: leftover sticks to first"),
    ("ema", "rounding", "exact", "to 0.1"),
    ("ema", "ties", "split", "equal points share the uma of their places"),
    ("ema", "aborts", 0, "2016: 'Abortive draws are no longer used'"),
    ("ema", "chombo", "penalty", "2016 §3.4.6: 20,000 points off the final score"),
    ("ema", "chombopenalty", 20, "20,000 points"),
]


@pytest.mark.parametrize("name, field, value, source", FIELD_FACTS,
                         ids=[f"{case[0]}-{case[1]}" for case in FIELD_FACTS])
def test_preset_field(name, field, value, source):
    assert preset_rules(name, 4)[field] == value, source
    assert SOURCES[name][field if field not in ("start", "return", "uma") else "seats"]


def test_every_preset_field_has_its_test():
    covered = {(name, field) for name, field, _value, _source in FIELD_FACTS}
    assert covered == {(name, field) for name in NAMES for field in FIELDS if field != "players"}


def test_three_player_presets():
    # Tenhou 3p: 35,000 start, 40,000 return and west round (manual); Mahjong Soul 3p: results
    # from 35,000, west round at 40,000 (its ranked rules).
    tenhou, soul = preset_rules("tenhou", 3), preset_rules("mahjongsoul", 3)
    assert (tenhou["start"], tenhou["return"], tenhou["target"]) == (35000, 40000, 40000)
    assert (soul["start"], soul["return"], soul["target"]) == (35000, 35000, 40000)
    assert sorted(PRESETS["wrc"]["seats"]) == sorted(PRESETS["ema"]["seats"]) == [4]


# --- the table: a replayed game for each difference, worked out by hand ----------------

# Seven hands in which nobody is tenpai: no payment, the dealer moves on each time.
SEVEN_NOTEN = [NOTEN] * 7


def test_wrc_kiriage_and_shared_uma():
    # E1: seat 1 wins 4 han 30 fu off seat 2. WRC: 4 han 30 fu is paid as mangan, 8,000 (no
    # kiriage would pay 7,700). Then nobody tenpai to the end of S4.
    played = game({"preset": "wrc"}, [ron(2, win(1, 4, 30)), *SEVEN_NOTEN])
    assert played["over"]
    assert played["final"]["scores"] == [30000, 38000, 22000, 30000]
    # Session score (points - 30,000) / 1,000 + uma. Seats 0 and 3 tie on 30,000 for second
    # and third: uma averaged, (+5 - 5) / 2 = 0. Seat 1: 8 + 15 = 23. Seat 2: -8 - 15 = -23.
    assert played["final"]["results"] == [0.0, 23.0, -23.0, 0.0]
    assert played["final"]["places"] == [[2, 3], [1, 1], [4, 4], [2, 3]]


def test_wrc_composite_yakuman_add_up():
    # E1: seat 1 wins a double (composite) yakuman off seat 2: 2 x 32,000 = 64,000 since the
    # 2022 rules. No busting: seat 2 plays on at -34,000.
    played = game({"preset": "wrc"}, [ron(2, {"seat": 1, "yakuman": 2}), *SEVEN_NOTEN])
    assert played["final"]["scores"] == [30000, 94000, -34000, 30000]
    # 64 + 15 = 79; seats 0 and 3 share +5/-5: 0; -64 - 15 = -79.
    assert played["final"]["results"] == [0.0, 79.0, -79.0, 0.0]


@pytest.mark.parametrize("name", ["wrc", "ema"])
def test_no_nagashi_mangan(name):
    assert refused({"preset": name}, [draw(nagashi=[2])]) == (0, "nagashi", "nagashi_off")
    # The same draw as the book scores it: seat 1 alone tenpai takes 1,000 from each other
    # player. Seat 1 ends on 33,000, the other three on 29,000, sharing second to fourth.
    played = game({"preset": name}, [draw([1]), *SEVEN_NOTEN])
    assert played["final"]["scores"] == [29000, 33000, 29000, 29000]
    # Seat 1: 3 + 15 = 18. The others: -1 + (5 - 5 - 15) / 3 = -1 - 5 = -6 each.
    assert played["final"]["results"] == [-6.0, 18.0, -6.0, -6.0]


def test_wrc_leftover_sticks_go_to_nobody():
    # E1: seat 1 declares riichi (1,000 to the table) and is alone tenpai: +3,000. The stick
    # stays on the table to the end, and nobody gets it.
    played = game({"preset": "wrc"}, [draw([1], riichi=[1]), *SEVEN_NOTEN])
    assert played["hands"][-1]["sticks"] == 1
    assert played["final"]["scores"] == [29000, 32000, 29000, 29000]
    # Seat 1: 2 + 15 = 17; the others -1 - 5 = -6; the sum is -1, the lost stick.
    assert played["final"]["results"] == [-6.0, 17.0, -6.0, -6.0]


def test_mahjong_soul_west_round_at_30000():
    # Eight hands with nobody tenpai: everyone still on 25,000 after S4, 8 honba. Mahjong Soul
    # plays on into the west when nobody has 30,000, though results count from 25,000.
    played = game({"preset": "mahjongsoul"}, [NOTEN] * 8)
    assert not played["over"]
    assert (played["next"]["round"], played["next"]["honba"]) == ("W1", 8)
    # W1: the dealer (seat 0) wins a mangan off seat 3: 12,000 + 8 x 300 = 14,400, is first with
    # 39,400 >= 30,000 and keeps the seat: agari-yame ends the game.
    played = game({"preset": "mahjongsoul"}, [NOTEN] * 8 + [ron(3, win(0, 5, 30))])
    assert played["over"]
    assert played["final"]["scores"] == [39400, 25000, 25000, 10600]
    # (points - 25,000) / 1,000 + uma 15/5/-5/-15, seat order for the tie on 25,000:
    # 14.4 + 15 = 29.4; 0 + 5 = 5; 0 - 5 = -5; -14.4 - 15 = -29.4.
    assert played["final"]["results"] == [29.4, 5.0, -5.0, -29.4]


def test_mahjong_soul_three_player_west_round_at_40000():
    # Three-player: six hands nobody tenpai, everyone on 35,000 = the return, short of 40,000.
    played = game({"preset": "mahjongsoul", "players": 3}, [NOTEN] * 6)
    assert not played["over"] and played["next"]["round"] == "W1"


@pytest.mark.parametrize("name", ["mleague", "wrc", "ema"])
def test_no_abortive_draws(name):
    assert refused({"preset": name}, [{"result": "abort", "riichi": []}]) == (
        0, "result", "abort_off")


def test_abortive_draws_stay_where_the_rules_have_them():
    for name in ("tenhou", "mahjongsoul"):
        played = game({"preset": name}, [{"result": "abort", "riichi": [1]}])
        assert played["next"]["honba"] == 1 and played["next"]["dealer"] == 0


def test_mleague_shared_top_shares_oka_and_uma():
    # E1: seat 0 (dealer) wins 3 han 30 fu by tsumo: 2,000 all -> 31,000 / 23,000 x 3.
    # E1 1 honba: seat 1 wins 3 han 30 fu off seat 3: 3,900 + 300 = 4,200 -> seat 1 27,200,
    # seat 3 18,800. E2..S4: nobody tenpai (the dealer moves on each time).
    hands = [tsumo(win(0)), ron(3, win(1, 3, 30)), *[NOTEN] * 7]
    played = game({"preset": "mleague"}, hands)
    assert played["over"]
    assert played["final"]["scores"] == [31000, 27200, 23000, 18800]
    # No tie here: 1 + 30 + 20 = 51; -2.8 + 10 = 7.2; -7 - 10 = -17; -11.2 - 30 = -41.2.
    assert played["final"]["results"] == [51.0, 7.2, -17.0, -41.2]
    # Tied on top: 順位点 +50 and +10 shared, 30 each, plus (40,000 - 30,000) / 1,000 = 10.
    standing = final([40000, 40000, 12000, 8000], 0, preset_rules("mleague"))
    assert standing["results"] == [40.0, 40.0, -28.0, -52.0]


# --- ties (SPEC §6.1 ties=split) ---------------------------------------------------------------

LEAGUE = {**preset_rules("mleague"), "ties": "split"}  # 25,000 -> 30,000, uma 30/10, oka 20
TENHOU3 = {**preset_rules("tenhou", 3), "ties": "split"}  # 35,000 -> 40,000, uma 20/0, oka 15
TENHOU_ROUNDED = {**preset_rules("tenhou"), "ties": "split", "rounding": "thousand"}
TENHOU3_ROUNDED = {**TENHOU3, "rounding": "thousand"}

# (name, rules, scores, sticks, results): each result worked out in the comment.
TIES = [
    # 10 + (30 + 10 + 20 oka) / 2 = 40 each; -18 - 10; -22 - 30.
    ("4p two on top", LEAGUE, [40000, 40000, 12000, 8000], 0, [40.0, 40.0, -28.0, -52.0]),
    # (30 + 10 - 10 + 20) / 3 = 16.66..: 16.7, 16.7, 16.6 (the last tenth to the later seat,
    # so the four still add up to zero); -20 - 30 = -50.
    ("4p three on top", LEAGUE, [30000, 30000, 30000, 10000], 0, [16.7, 16.7, 16.6, -50.0]),
    # 15 + 30 + 20 = 65; -5 + (10 - 10) / 2 = -5 each; -25 - 30 = -55.
    ("4p two in the middle", LEAGUE, [45000, 25000, 25000, 5000], 0, [65.0, -5.0, -5.0, -55.0]),
    # 20 + 50 = 70; 0 + 10; -20 + (-10 - 30) / 2 = -40 each.
    ("4p two at the bottom", LEAGUE, [50000, 30000, 10000, 10000], 0,
     [70.0, 10.0, -40.0, -40.0]),
    # 10 + 50 = 60; -10 + (10 - 10 - 30) / 3 = -20 each.
    ("4p three at the bottom", LEAGUE, [40000, 20000, 20000, 20000], 0,
     [60.0, -20.0, -20.0, -20.0]),
    # (30 + 10 - 10 - 30 + 20) / 4 = 5 each; -5 + 5 = 0.
    ("4p all four", LEAGUE, [25000, 25000, 25000, 25000], 0, [0.0, 0.0, 0.0, 0.0]),
    # One leftover stick shared by the two on top, 500 each: 5.5 + 30 = 35.5 each.
    ("4p two on top share a stick", LEAGUE, [35000, 35000, 15000, 14000], 1,
     [35.5, 35.5, -25.0, -46.0]),
    # 5 + (20 + 0 + 15) / 2 = 22.5 each; -25 - 20 = -45.
    ("3p two on top", TENHOU3, [45000, 45000, 15000], 0, [22.5, 22.5, -45.0]),
    # 15 + 20 + 15 = 50; -15 + (0 - 20) / 2 = -25 each.
    ("3p two at the bottom", TENHOU3, [55000, 25000, 25000], 0, [50.0, -25.0, -25.0]),
    # (20 + 0 - 20 + 15) / 3 = 5 each: -5 + 5 = 0.
    ("3p all three", TENHOU3, [35000, 35000, 35000], 0, [0.0, 0.0, 0.0]),
    # Rounded (SPEC §6.1: points to 1,000 first, halves away from zero, then the shares, the
    # sum rounded; first takes minus the others). 12,500 -> 13: -17 - 10 = -27; 7,500 -> 8:
    # -22 - 20 = -42; the two on top share 69: 34.5 each.
    ("4p two on top, rounded", TENHOU_ROUNDED, [40000, 40000, 12500, 7500], 0,
     [34.5, 34.5, -27.0, -42.0]),
    # 24,500 -> 25: -5 + (10 - 10) / 2 = -5 each; 5,500 -> 6: -24 - 20 = -44; first 54.
    ("4p two in the middle, rounded", TENHOU_ROUNDED, [45500, 24500, 24500, 5500], 0,
     [54.0, -5.0, -5.0, -44.0]),
    # -10 + (10 - 10 - 20) / 3 = -16.67, rounded after the split: -17 each; first 51.
    ("4p three at the bottom, rounded", TENHOU_ROUNDED, [40000, 20000, 20000, 20000], 0,
     [51.0, -17.0, -17.0, -17.0]),
    # 25 - 40 = -15 + (0 - 20) / 2 = -25 each; first 50.
    ("3p two at the bottom, rounded", TENHOU3_ROUNDED, [55000, 25000, 25000], 0,
     [50.0, -25.0, -25.0]),
    # 18,500 -> 19: -21 - 20 = -41; the two on top share 41: 20.5 each.
    ("3p two on top, rounded", TENHOU3_ROUNDED, [43250, 43250, 18500], 0, [20.5, 20.5, -41.0]),
]


@pytest.mark.parametrize("rules, scores, sticks, results", [case[1:] for case in TIES],
                         ids=[case[0] for case in TIES])
def test_ties_share_uma_and_oka(rules, scores, sticks, results):
    standing = final(scores, sticks, rules)
    assert standing["results"] == results
    tenths = sum(round(10 * result) for result in results)
    if rules["rounding"] == "thousand":
        assert tenths == 0
    else:  # what the points add up to over the return, plus the oka: zero here
        oka = (rules["return"] - rules["start"]) * len(scores)
        assert tenths == (sum(standing["scores"]) - rules["return"] * len(scores) + oka) // 100


def test_shared_places_are_reported():
    standing = final([30000, 30000, 30000, 10000], 0, LEAGUE)
    assert standing["places"] == [[1, 3], [1, 3], [1, 3], [4, 4]]
    assert standing["ranks"] == [1, 1, 1, 4]
    # The parts of each result: uma (30 + 10 - 10) / 3 = 10 each, oka 20 / 3 = 6.7, 6.7, 6.6.
    assert standing["uma"] == [10, 10, 10, -30]
    assert standing["oka"] == [6.7, 6.7, 6.6, 0]


def test_seat_order_without_split():
    # Tenhou: the tie on 30,000 goes to the earlier seat: 0 + 20 + 20 = 40 and 0 + 10.
    standing = final([30000, 30000, 25000, 15000], 0, preset_rules("tenhou"))
    assert standing["results"] == [40.0, 10.0, -15.0, -35.0]
    assert standing["places"] == [[1, 1], [2, 2], [3, 3], [4, 4]]


def test_tenpai_yame_needs_first_alone_with_split():
    # Tenhou rules with the target at 29,500. E1, E2 nobody tenpai; E3 and E4 seats 0 and 1
    # tenpai (the dealer noten, so it moves on): +1,500 each twice -> 28,000 / 28,000 /
    # 22,000 / 22,000. S1..S4 nobody tenpai: nobody at 29,500, so the west round. W1: seats 0
    # (the dealer) and 1 tenpai again: 29,500 each, the dealer keeps the seat level on top.
    hands = [NOTEN, NOTEN, draw([0, 1]), draw([0, 1]), *[NOTEN] * 4, draw([0, 1])]
    rules = {"preset": "tenhou", "target": 29500}
    seat_order = game({**rules, "ties": "seat"}, hands)
    assert seat_order["hands"][-1]["scores"] == [29500, 29500, 20500, 20500]
    # Seat order: seat 0 is first alone, at the target: tenpai-yame ends the game.
    assert seat_order["over"]
    # Shared first (ties=split) is not first: the dealer plays on.
    assert not game({**rules, "ties": "split"}, hands)["over"]


def test_target_apart_from_return():
    # Defaults (no preset) with the return at 30,000 and the target raised to 40,000: after
    # E1..S4 with nobody tenpai the game goes west even though it would stop at 30,000.
    rules = {"extension": "west", "target": 40000, "start": 30000}
    played = game(rules, [NOTEN] * 8)
    assert not played["over"] and played["next"]["round"] == "W1"
    assert game({**rules, "target": 30000}, [NOTEN] * 8)["over"]


# --- chombo (SPEC §6.1 chombo, §6.2) -----------------------------------------------------------

CHOMBO_DELTAS = [
    # (name, rules, hands before, offender, deltas): a reversed mangan.
    ("4p dealer pays 4,000 all", {}, [], 0, [-12000, 4000, 4000, 4000]),
    ("4p non-dealer: 4,000 to the dealer, 2,000 each", {}, [], 2, [4000, 2000, -8000, 2000]),
    # After a noten draw seat 1 deals (E2): seat 3 pays seat 1 4,000, seats 0 and 2 2,000.
    ("4p non-dealer at E2", {}, [NOTEN], 3, [2000, 4000, 2000, -8000]),
    ("3p dealer: 4,000 to each of the two", {"players": 3}, [], 0, [-8000, 4000, 4000]),
    ("3p non-dealer: 4,000 to the dealer, 2,000", {"players": 3}, [], 1, [4000, -6000, 2000]),
    ("penalty: nothing paid at the table", {"chombo": "penalty"}, [], 1, [0, 0, 0, 0]),
    ("penalty 3p", {"players": 3, "chombo": "penalty"}, [], 0, [0, 0, 0]),
]


@pytest.mark.parametrize("rules, before, seat, deltas", [case[1:] for case in CHOMBO_DELTAS],
                         ids=[case[0] for case in CHOMBO_DELTAS])
def test_chombo_is_replayed(rules, before, seat, deltas):
    # Two abortive draws with a riichi first: 2 honba and a stick on the table before it all.
    opening = [{"result": "abort", "riichi": [2]}, {"result": "abort", "riichi": []}]
    hands = [*opening, *before, chombo(seat, riichi=[1])]
    played = game(rules, hands)
    entry = played["hands"][-1]
    # Seat 1's riichi deposit in the chombo hand goes back: only the chombo payment moves.
    assert entry["deltas"] == deltas
    state = played["next"]
    # The hand is dealt again: same round, dealer, honba and sticks.
    assert {key: state[key] for key in ("round", "dealer", "honba", "sticks")} == {
        key: entry[key] for key in ("round", "dealer", "honba", "sticks")}
    assert entry["honba"] == 2 + len(before) and entry["sticks"] == 1


def test_ema_chombo_penalty_after_uma():
    # E1: dealer seat 0 tsumo 3 han 30 fu, 2,000 all -> 36,000 / 28,000 x 3.
    # E1 1 honba: seat 2 chombo (seat 1 had declared riichi: the stick goes back), dealt again.
    # E1 1 honba: seat 3 wins 2 han 30 fu off seat 1: 2,000 + 300 -> 30,300 and 25,700.
    # E2..S4: nobody tenpai.
    hands = [tsumo(win(0)), chombo(2, riichi=[1]), ron(1, win(3, 2, 30)), *SEVEN_NOTEN]
    played = game({"preset": "ema"}, hands)
    assert played["over"]
    assert played["final"]["scores"] == [36000, 25700, 28000, 30300]
    # 6 + 15 = 21; -4.3 - 15 = -19.3; -2 - 5 = -7, and the 20,000-point penalty: -27;
    # 0.3 + 5 = 5.3. Sum -20: the penalty leaves the table.
    assert played["final"]["results"] == [21.0, -19.3, -27.0, 5.3]
    assert played["final"]["chombo"] == [0, 0, -20, 0]


def test_mleague_chombo_penalty_with_oka():
    hands = [tsumo(win(0)), chombo(2, riichi=[1]), ron(1, win(3, 2, 30)), *SEVEN_NOTEN]
    played = game({"preset": "mleague"}, hands)
    # 25,000 start: 31,000, 20,700, 23,000, 25,300. 1 + 30 + 20 = 51; -9.3 - 30 = -39.3;
    # -7 - 10 - 20 = -37; -4.7 + 10 = 5.3.
    assert played["final"]["scores"] == [31000, 20700, 23000, 25300]
    assert played["final"]["results"] == [51.0, -39.3, -37.0, 5.3]


def test_wrc_chombo_and_tie_on_top():
    # The browser test's game. E1: seat 1 wins 4 han 30 fu off seat 3 (kiriage: 8,000).
    # E2 (seat 1 deals): seat 2 chombo, riichi by seat 0 given back; dealt again.
    # E2: seat 0 wins 5 han off seat 2 (mangan 8,000): seat 0 38,000 = seat 1 38,000.
    # E3..S4: nobody tenpai (6 hands).
    hands = [ron(3, win(1, 4, 30)), chombo(2, riichi=[0]), ron(2, win(0, 5, 30)),
             *[NOTEN] * 6]
    played = game({"preset": "wrc"}, hands)
    assert played["over"]
    assert played["final"]["scores"] == [38000, 38000, 22000, 22000]
    # Two ties: top shares (15 + 5) / 2 = 10, bottom (-5 - 15) / 2 = -10. Seats 0 and 1:
    # 8 + 10 = 18; seat 2: -8 - 10 - 30 (chombo, 30,000 since 2022) = -48; seat 3: -8 - 10 = -18.
    assert played["final"]["results"] == [18.0, 18.0, -48.0, -18.0]
    assert played["final"]["places"] == [[1, 2], [1, 2], [3, 4], [3, 4]]


def test_chombo_penalty_three_player_rounded():
    # Tenhou three-player (35,000 -> 40,000, uma 20/0/-20), rounded, chombo=penalty 20.
    # E1: seat 1 chombo, dealt again. E1: seat 2 tsumo 3 han 30 fu (base 960) with tsumo loss:
    # the dealer pays 2 x 960 -> 2,000, seat 1 pays 960 -> 1,000: 33,000 / 34,000 / 38,000.
    record = {"rules": {"preset": "tenhou", "players": 3, "rounding": "thousand",
                        "chombo": "penalty"}, "hands": [chombo(1), tsumo(win(2))]}
    assert replay(record)["hands"][-1]["scores"] == [33000, 34000, 38000]
    # Ended by hand now: seat 1 second, 34 - 40 + 0 = -6; seat 0 third, 33 - 40 - 20 = -27;
    # first takes minus the others, 33; then the penalty: seat 1 -6 - 20 = -26.
    assert end(record)["final"]["results"] == [-27.0, -26.0, 33.0]


# --- bad input (issue 16) ----------------------------------------------------------------------

BAD = [
    ({"preset": "wrc"}, [chombo(4)], (0, "seat", "out_of_range")),
    ({"players": 3}, [chombo(3)], (0, "seat", "out_of_range")),
    ({}, [{"result": "chombo", "riichi": []}], (0, "seat", "missing")),
    ({}, [chombo("east")], (0, "seat", "not_a_number")),
    ({"aborts": 0}, [{"result": "abort", "riichi": []}], (0, "result", "abort_off")),
    ({"chombo": "none"}, [chombo(1)], (0, "result", "chombo_off")),
    ({"ties": "maybe"}, [], (None, "ties", "unknown_choice")),
    ({"target": 30000.5}, [], (None, "target", "not_an_integer")),
    ({"target": "lots"}, [], (None, "target", "not_a_number")),
    ({"target": -100}, [], (None, "target", "out_of_range")),
    ({"chombo": "yes"}, [], (None, "chombo", "unknown_choice")),
    ({"aborts": 2}, [], (None, "aborts", "unknown_choice")),
    ({"chombopenalty": "x"}, [], (None, "chombopenalty", "not_a_number")),
    ({"chombopenalty": -5}, [], (None, "chombopenalty", "out_of_range")),
    # A triple ron that is an abortive draw, in rules without abortive draws.
    ({"aborts": 0, "tripleron": "draw"}, [ron(0, win(1), win(2), win(3))],
     (0, "winners", "abort_off")),
]


@pytest.mark.parametrize("rules, hands, where", BAD)
def test_bad_input_is_refused(rules, hands, where):
    assert refused(rules, hands) == where


def test_nothing_applied_after_a_refusal():
    # The refused hand is the second: the record as a whole is refused, with its index.
    assert refused({"preset": "wrc"}, [NOTEN, {"result": "abort", "riichi": [1]}]) == (
        1, "result", "abort_off")
