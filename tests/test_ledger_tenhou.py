"""The oracle: real Tenhou games (../shared/data/tenhou/) replayed by the ledger: the 113 mjlog
XML games, and the 11 tenhou.net/6 JSON logs (six copies of XML games, five more three-player).

Every hand's round, dealer, honba, sticks and every seat's change must equal the log's (``sc``,
in hundreds, with the hand's riichi deposits counted in), and the final scores and results the
log's ``owari``. The Tenhou preset is used; what changed over the years is read off each log:
whole-number or tenths results (``rounding``), the older layout without tenpaiyame, and the uma,
which must be one of the sets Tenhou has used (four-player 20/10/-10/-20, older east-only
10/5/-5/-10; three-player 20/0/-20) — exactly one set reproduces each game's results.
Skipped when the data folder is absent; the files are never copied here.
"""
import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ElementTree

import pytest

from engine.ledger import replay
from engine.riichi import HONBA_RON, TableRules, base_points
from tests.conftest import ROOT
from tests.tenhou import DATA, convert, convert_json, games, json_games, lobby_type

pytestmark = pytest.mark.skipif(not DATA.is_dir(), reason="../shared/data/tenhou/ is absent")

UMAS = {4: ([20, 10, -10, -20], [10, 5, -5, -10]), 3: ([20, 0, -20],)}
PATHS = games() if DATA.is_dir() else []
JSON_PATHS = json_games() if DATA.is_dir() else []


def _hand_facts(entry):
    return entry["round"], entry["dealer"], entry["honba"], entry["sticks"], entry["deltas"]


def _log_facts(expected):
    return expected.round, expected.dealer, expected.honba, expected.sticks, expected.deltas


@pytest.mark.parametrize("path", PATHS + JSON_PATHS,
                         ids=[path.name[:12] for path in PATHS + JSON_PATHS])
def test_tenhou_game(path):
    game = convert(path) if path.suffix == ".xml" else convert_json(path)
    fits = []
    for uma in UMAS[game.players]:
        game.record["rules"]["uma"] = uma
        played = replay(game.record)
        assert [_hand_facts(entry) for entry in played["hands"]] == \
            [_log_facts(expected) for expected in game.expected]
        for entry, expected in zip(played["hands"], game.expected):
            before = [score - delta for score, delta in zip(entry["scores"], entry["deltas"])]
            assert before == expected.scores_before
        assert played["over"]
        if played["final"]["scores"] == game.final_scores and \
                played["final"]["results"] == game.final_results:
            fits.append(uma)
    assert len(fits) == 1, (game.final_scores, game.final_results)


def test_the_oracle_covers_the_rare_events():
    """The logs hold what the ledger must get right: SOURCES.md's counts, recounted."""
    counts = {"games": 0, "hands": 0, "double ron": 0, "yakuman": 0, "pao": 0, "nagashi": 0,
              "abortive": 0, "three-player": 0}
    for path in PATHS:
        game = convert(path)
        counts["games"] += 1
        counts["three-player"] += game.players == 3
        for hand in game.record["hands"]:
            counts["hands"] += 1
            winners = hand.get("winners", [])
            counts["double ron"] += len(winners) > 1
            counts["yakuman"] += sum(1 for w in winners if w.get("yakuman"))
            counts["pao"] += sum(1 for w in winners if "pao" in w)
            counts["nagashi"] += bool(hand.get("nagashi"))
            counts["abortive"] += hand["result"] == "abort"
    assert counts == {"games": 113, "hands": 1157, "double ron": 16, "yakuman": 14, "pao": 3,
                      "nagashi": 3, "abortive": 23, "three-player": 3}


def _paid(hand):
    """A hand with each winner's han and fu as the base points they pay (the JSON layout shows
    no fu on a limit hand), riichi seats in seat order, an empty nagashi list spelled out."""
    winners = [{key: value for key, value in winner.items() if key not in ("han", "fu")}
               | ({"base": base_points(winner["han"], winner["fu"], TableRules())[0]}
                  if "han" in winner else {})
               for winner in hand.get("winners", [])]
    return {**hand, "winners": winners, "nagashi": hand.get("nagashi", []),
            "riichi": sorted(hand["riichi"])}


def test_json_copies_convert_to_the_same_records():
    """Files 114-119 are 093-098 in the tenhou.net/6 layout: both converters agree."""
    copies = [path for path in JSON_PATHS if "mjlog2json" in path.name]
    assert len(copies) == 6
    for copy in copies:
        original = next(p for p in PATHS if p.name[4:] == copy.name[4:].replace(".json", ".xml"))
        xml, other = convert(original), convert_json(copy)
        assert [_paid(hand) for hand in other.record["hands"]] == \
            [_paid(hand) for hand in xml.record["hands"]]
        assert other.expected == xml.expected
        assert (other.final_scores, other.final_results) == (xml.final_scores, xml.final_results)


@pytest.mark.parametrize("name", ["002-mjx", "096-mjlog2json", "113-dnovikoff"])
def test_tenhou_game_through_the_command_line(name):
    """A double ron with a yakuman, a pao double yakuman, a three-player game: via the CLI."""
    path = next(p for p in PATHS if p.name.startswith(name))
    game = convert(path)
    game.record["rules"]["uma"] = UMAS[game.players][0]
    done = subprocess.run([sys.executable, "-m", "engine.ledger", "-"], cwd=ROOT, text=True,
                          input=json.dumps(game.record), capture_output=True, check=True)
    played = json.loads(done.stdout)
    assert [_hand_facts(entry) for entry in played["hands"]] == \
        [_log_facts(expected) for expected in game.expected]
    assert played["final"]["scores"] == game.final_scores
    assert played["final"]["results"] == game.final_results


def _three_player_rons():
    """(file, honba, points of the hand, what the discarder paid) for every three-player ron
    in the logs: mjlog AGARI tags and the tenhou.net/6 JSON logs' 和了 entries."""
    rons = []
    for path in PATHS:
        root = ElementTree.parse(path).getroot()
        if not lobby_type(root) & 0x10:
            continue
        for tag in root.iter("AGARI"):
            who, discarder = int(tag.get("who")), int(tag.get("fromWho"))
            if who != discarder:
                changes = [int(v) for v in tag.get("sc").split(",")][1::2]
                honba = int(tag.get("ba").split(",")[0])
                points = int(tag.get("ten").split(",")[1])
                rons.append((path.name, honba, points, -100 * changes[discarder]))
    for path in sorted(DATA.glob("*.json")):
        log = json.loads(path.read_text(encoding="utf-8"))
        if not log["rule"]["disp"].startswith("三"):
            continue
        for hand in log["log"]:
            result = hand[-1]
            for deltas, info in zip(result[1::2], result[2::2]):
                if result[0] == "和了" and info[0] != info[1]:
                    points = int(re.search(r"(\d+)点", info[3]).group(1))
                    rons.append((path.name, hand[0][1], points, -deltas[info[1]]))
    return rons


def test_three_player_ron_honba_is_200():
    """SPEC §1.7's 200 per honba on a three-player ron, as the logs show it."""
    rons = _three_player_rons()
    assert len(rons) >= 18 and sum(1 for ron in rons if ron[1]) >= 8
    assert all(paid == points + HONBA_RON[3] * honba for _name, honba, points, paid in rons), rons
