"""Test-side converter: a Tenhou game log (mjlog XML) -> our game record and what Tenhou says.

Reads only the tags that carry the score: ``GO`` (lobby type: players, length), ``INIT``
(round, honba, sticks, dealer, scores before the hand), ``REACH step=2`` (a riichi deposit),
``AGARI`` (winner, discarder, value, pao, ``sc`` changes in hundreds) and ``RYUUKYOKU``
(abortive draw type, nagashi mangan, tenpai hands shown), and ``owari`` on the last tag.

Han come from ``yaku`` (pairs of yaku id and han, dora included), yakuman from the number of
ids in ``yakuman``; fu from ``ten``. The record's hands carry nothing Tenhou does not show.
"""
import json
import re
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass, field
from pathlib import Path

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "tenhou"
ABORTIVE = {"yao9", "reach4", "ron3", "kan4", "kaze4"}
WINDS = "ESWN"


@dataclass
class Expected:
    """What the log says about one hand: the state it was played in and every seat's change
    (riichi deposits of the hand included, as our ledger counts them)."""

    round: str
    dealer: int
    honba: int
    sticks: int
    scores_before: list
    deltas: list = field(default_factory=list)


@dataclass
class Game:
    path: Path
    lobby: int
    players: int
    length: str
    record: dict
    expected: list
    final_scores: list
    final_results: list


def _ints(text):
    return [int(value) for value in text.split(",")]


def lobby_type(root):
    go = root.find("GO")
    return int(go.get("type")) if go is not None else 0


def convert(path, rules=None):
    """The game log at `path` as (our record, Tenhou's figures); `rules` overrides."""
    root = ElementTree.parse(path).getroot()
    lobby = lobby_type(root)
    players = 3 if lobby & 0x10 else 4
    length = "south" if lobby & 0x08 else "east"
    # Rules that changed over the years, read off the log: older logs (no SHUFFLE tag, the
    # seed on INIT) play on after a last dealer's tenpai that would now stop the game.
    old_layout = root.find("SHUFFLE") is None
    hands, expected = [], []
    hand = current = None
    owari = None
    for tag in root:
        if tag.tag == "INIT":
            seed = _ints(tag.get("seed"))
            dealer = int(tag.get("oya"))
            before = [100 * t for t in _ints(tag.get("ten"))][:players]
            current = Expected(f"{WINDS[seed[0] // 4]}{seed[0] % 4 + 1}", dealer, seed[1],
                               seed[2], before, [0] * players)
            hand = {"riichi": []}
            hands.append(hand)
            expected.append(current)
        elif tag.tag == "REACH" and tag.get("step") == "2":
            seat = int(tag.get("who"))
            hand["riichi"].append(seat)
            current.deltas[seat] -= 1000
        elif tag.tag in ("AGARI", "RYUUKYOKU"):
            changes = _ints(tag.get("sc"))[1::2][:players]
            current.deltas = [d + 100 * c for d, c in zip(current.deltas, changes)]
            if tag.tag == "AGARI":
                _agari(hand, tag)
            else:
                _ryuukyoku(hand, tag, players)
            if tag.get("owari"):
                owari = tag.get("owari").split(",")
    scores = [100 * int(v) for v in owari[0::2]][:players]
    results = [float(v) for v in owari[1::2]][:players]
    # Older logs show whole-number results (points rounded to 1,000), newer ones tenths.
    exact = any(result != int(result) for result in results)
    record = {"rules": {"preset": "tenhou", "players": players, "length": length,
                        "tenpaiyame": 0 if old_layout else 1,
                        "rounding": "exact" if exact else "thousand", **(rules or {})},
              "hands": hands}
    return Game(Path(path), lobby, players, length, record, expected, scores, results)


def _agari(hand, tag):
    seat, discarder = int(tag.get("who")), int(tag.get("fromWho"))
    fu = _ints(tag.get("ten"))[0]
    winner = {"seat": seat}
    if tag.get("yakuman"):
        winner["yakuman"] = len(_ints(tag.get("yakuman")))
    else:
        winner["han"] = min(13, sum(_ints(tag.get("yaku"))[1::2]))
        winner["fu"] = fu
    if tag.get("paoWho") is not None:
        winner["pao"] = int(tag.get("paoWho"))
    if seat == discarder:
        hand.update(result="tsumo", winners=[winner])
    else:
        hand.update(result="ron", winners=[*hand.get("winners", []), winner])
        hand["from"] = discarder


def _ryuukyoku(hand, tag, players):
    kind = tag.get("type")
    if kind in ABORTIVE:
        hand["result"] = "abort"
        return
    hand["result"] = "draw"
    hand["tenpai"] = [seat for seat in range(players) if tag.get(f"hai{seat}") is not None]
    if kind == "nm":
        # Tenhou shows no nagashi seat: the one who is paid a mangan from everyone.
        changes = _ints(tag.get("sc"))[1::2][:players]
        hand["nagashi"] = [seat for seat in range(players) if changes[seat] > 0]


def games():
    """Every mjlog game in the data folder (the tenhou.net/6 JSON copies are left aside)."""
    return sorted(DATA.glob("*.xml"))


def varied_games(count):
    """`count` records, one per (players, 15 hands or more) of the logs, for the share tests;
    the test is skipped where the data folder is absent."""
    import pytest

    from engine.ledger import rules_from
    if not DATA.is_dir():
        pytest.skip("../shared/data/tenhou/ is absent")
    chosen = {}
    for path in games():
        record = convert(path).record
        chosen.setdefault((rules_from(record["rules"])["players"], len(record["hands"]) >= 15), record)
    return [chosen[key] for key in sorted(chosen)][:count]


# tenhou.net/6 JSON logs: the same games in another layout, and five more three-player games.
JSON_ABORTIVE = {"九種九牌", "四家立直", "三家和了", "四槓散了", "四風連打"}
LIMIT_FU = {4: 40, 3: 70}  # a mangan below 5 han shows no fu: these are the least that reach it


def _json_winner(info, yaku_value):
    seat = info[0]
    winner = {"seat": seat}
    yakuman = sum(1 for yaku in info[4:] if "役満" in yaku)
    if yakuman:
        winner["yakuman"] = yakuman
    else:
        han = sum(int(h) for yaku in info[4:] for h in re.findall(r"\((\d+)飜\)", yaku))
        fu = re.search(r"(\d+)符", yaku_value)
        winner["han"] = min(13, han)
        winner["fu"] = int(fu.group(1)) if fu else LIMIT_FU.get(han, 30)
    if info[2] != seat:
        winner["pao"] = info[2]
    return winner


def convert_json(path, rules=None):
    """A tenhou.net/6 JSON log as (our record, Tenhou's figures), like ``convert``."""
    log = json.loads(Path(path).read_text(encoding="utf-8"))
    disp = log["rule"]["disp"]
    players = 3 if disp.startswith("三") else 4
    length = "south" if "南" in disp else "east"
    hands, expected = [], []
    for kyoku in log["log"]:
        (index, honba, sticks), scores, result = kyoku[0], kyoku[1][:players], kyoku[-1]
        discards = [kyoku[6 + 3 * seat] for seat in range(players)]
        riichi = [seat for seat in range(players)
                  if any(isinstance(tile, str) and tile.startswith("r") for tile in discards[seat])]
        winners, discarder = [], None
        if result[0] == "和了":
            for info in result[2::2]:
                winners.append(_json_winner(info, info[3]))
                if info[0] != info[1]:
                    discarder = info[1]
            # A riichi declaration tile that is called for ron puts no stick on the table.
            if discarder in riichi and isinstance(discards[discarder][-1], str) and \
                    discards[discarder][-1].startswith("r"):
                riichi.remove(discarder)
        deltas = [sum(d[seat] for d in result[1::2]) - 1000 * (seat in riichi)
                  for seat in range(players)]
        hand = {"riichi": riichi}
        if winners:
            hand.update(result="ron" if discarder is not None else "tsumo", winners=winners)
            if discarder is not None:
                hand["from"] = discarder
        elif result[0] in JSON_ABORTIVE:
            hand["result"] = "abort"
        else:
            changes = result[1][:players] if len(result) > 1 else [0] * players
            tenpai = [seat for seat in range(players) if changes[seat] > 0]
            if result[0] == "全員聴牌":
                tenpai = list(range(players))
            hand.update(result="draw", tenpai=sorted(set(tenpai) | set(riichi)), nagashi=[])
            if result[0] == "流し満貫":
                hand.update(nagashi=tenpai, tenpai=sorted(riichi))
        hands.append(hand)
        expected.append(Expected(f"{WINDS[index // 4]}{index % 4 + 1}", index % 4, honba, sticks,
                                 list(scores), deltas))
    owari = log["sc"]
    scores = [int(v) for v in owari[0::2]][:players]
    results = [float(v) for v in owari[1::2]][:players]
    exact = any(result != int(result) for result in results)
    record = {"rules": {"preset": "tenhou", "players": players, "length": length,
                        "rounding": "exact" if exact else "thousand", **(rules or {})},
              "hands": hands}
    return Game(Path(path), 0, players, length, record, expected, scores, results)


def json_games():
    return sorted(DATA.glob("*.json"))
