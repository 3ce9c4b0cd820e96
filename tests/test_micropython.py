"""The engine under MicroPython gives CPython's answers (SPEC §5.1).

The cases the engine's other tests check against independent sources (the riichi payments for
every han, fu, seat and win, with honba, sticks, three-player and the table rules; Hong Kong fan,
MCR points and NMJL values; the reference tables and the presets; the fu counting; every Tenhou
win from its tiles, and the waits of those hands less their winning tile; SPEC §7's conditions
for every seat and place of the states tests/test_conditions.py checks against its brute force,
and the conditions page's URL keys; the calculator's keys through engine.query; the ledger's
113 Tenhou games and random records replayed, ended and corrected, bad records, stored games read
and Shelf operations on a MemoryStorage (every stored text the same), links CPython made decoded,
and links MicroPython makes opened by CPython; the season of SPEC §11 (the Tenhou games as one
season, merging, aliases, season links, bad files); bad and hostile input) run through the engine under
the pinned MicroPython, in Node (tools/mpy_run.mjs: one batch shared between two runs at once),
and every answer, results and errors alike, must equal CPython's. A module of the engine that
MicroPython cannot import fails.

``MPY_ENGINE_ROOT=DIR`` runs the batch on the engine of another checkout (a work in progress).
"""
import base64
import json
import os
import random
import shutil
import subprocess
import tempfile
import time
import zlib
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from engine.conditions.state import QUERY_DEFAULTS
from engine.keys import FU_VALUES, KEYS, MELDS, PAIRS, WAITS
from engine.ledger import link, replay
from engine.ledger.envelope import envelope
from engine.presets import NAMES
from engine.tiles import parse_tiles
from tests.mpy_answers import cpython_answer, random_hand
from tests.tenhou import DATA, convert, convert_json
from tests.tenhou import games as tenhou_games
from tests.tenhou import json_games as tenhou_json_games
from tests.test_conditions import BAD_STATES, STATES
from tests.test_ledger_games import V1_CURRENT, V1_PREVIOUS, V1_UNREADABLE
from tests.test_ledger_link import NAMES as NAMES_OF_LINKS
from tests.test_ledger_link import page_game, random_game
from tests.test_season import micropython_calls as season_calls
from tests.tenhou_agari import every_json_win, every_win

ROOT = Path(__file__).resolve().parent.parent
HARNESS = ROOT / "tools" / "mpy_run.mjs"
RUNTIME = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"
NODE = shutil.which("node")
ENGINE_ROOT = Path(os.environ.get("MPY_ENGINE_ROOT", ROOT))
WORKERS = 2  # MicroPython runs at once, each on its share of the batch

pytestmark = pytest.mark.skipif(
    not (NODE and (RUNTIME / "micropython.mjs").is_file()),
    reason="MicroPython is not installed: run `npm ci` (node_modules/@micropython/...) with Node")

# Calls of more than one step (a Shelf's operations) live in this module, copied beside the
# engine for MicroPython as engine/_mpy_ledger.py (CPython imports it from tests/).
HELPER = ROOT / "tests" / "mpy_ledger.py"
HELPER_AS = ("tests.mpy_ledger.", "engine._mpy_ledger.")


def _modules():
    found = []
    for path in sorted((ROOT / "engine").rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found.append(".".join(parts))
    return found


MODULES = _modules()


def _call(fn, *args, **kwargs):
    call = {"fn": fn, "args": list(args)}
    if kwargs:
        call["kwargs"] = kwargs
    return call


def _calculate(**keys):
    return _call("engine.calculate", {k: str(v) for k, v in keys.items()})


def riichi_cases():
    """Every han and fu, both seats, both wins; honba, sticks, three-player and table rules."""
    cases = []
    for han in range(1, 14):
        for fu in FU_VALUES:
            for seat in ("dealer", "nondealer"):
                for win in ("ron", "tsumo"):
                    cases.append(_calculate(han=han, fu=fu, seat=seat, win=win))
                    cases.append(_calculate(han=han, fu=fu, seat=seat, win=win, players=3,
                                            tsumoloss=(han + fu) % 2, honba=han % 4,
                                            sticks=fu % 3, kiriage=1, kazoe=han % 2))
    rng = random.Random(35)
    for _ in range(300):
        cases.append(_calculate(han=rng.randint(1, 13), fu=rng.choice(FU_VALUES),
                                seat=rng.choice(["dealer", "nondealer"]),
                                win=rng.choice(["ron", "tsumo"]), honba=rng.randint(0, 99),
                                sticks=rng.randint(0, 99), kiriage=rng.randint(0, 1),
                                kazoe=rng.randint(0, 1), players=rng.choice([3, 4]),
                                tsumoloss=rng.randint(0, 1)))
    for count in range(1, 7):
        for multi in (0, 1):
            for players in (3, 4):
                for win in ("ron", "tsumo"):
                    cases.append(_calculate(yakuman=count, multi=multi, players=players, win=win,
                                            seat="dealer" if count % 2 else "nondealer",
                                            honba=count))
    return cases


def fu_cases():
    """Counted fu: each shape, and random melds, pairs and waits (contradictions included)."""
    rng = random.Random(8)
    cases = []
    for shape in ("standard", "chiitoitsu", "pinfu"):
        for menzen in (0, 1):
            for win in ("ron", "tsumo"):
                cases.append(_calculate(fumode="count", shape=shape, menzen=menzen, win=win))
    for _ in range(400):
        melds = {f"m{i}": rng.choice(MELDS) for i in range(1, 5)}
        cases.append(_calculate(fumode="count", han=rng.randint(1, 13), pair=rng.choice(PAIRS),
                                wait=rng.choice(WAITS), menzen=rng.randint(0, 1),
                                win=rng.choice(["ron", "tsumo"]), dwind4=rng.randint(0, 1),
                                seat=rng.choice(["dealer", "nondealer"]), **melds))
    return cases


def other_rule_cases():
    cases = []
    for fan in range(14):
        for table in ("half", "full"):
            for cap in (8, 10, 13):
                for unit in ("1", "0.1", "0.0001", "2.5", "999999.9999"):
                    cases.append(_calculate(rule="hk", fan=fan, table=table, cap=cap, unit=unit,
                                            ron_split="shared" if fan % 2 else "discarder"))
                    cases.append(_calculate(rule="hk", fan=fan, table=table, cap=cap, unit=unit,
                                            win="tsumo", tsumo_split="full" if fan % 2 else "half"))
    for points in (1, 7, 8, 9, 12, 16, 24, 32, 48, 64, 88, 120, 999):
        for flowers in (0, 3, 8):
            for win in ("ron", "tsumo"):
                cases.append(_calculate(rule="mcr", points=points, flowers=flowers, win=win))
    for value in range(10, 101, 5):
        for jokerless in (0, 1):
            for win in ("ron", "tsumo"):
                cases.append(_calculate(rule="nmjl", value=value, jokerless=jokerless,
                                        bettor=value % 2, win=win))
    return cases


def table_cases():
    cases = [_call(f"engine.tables.{name}") for name in (
        "fu_han_rows", "fu_han_rows_3p", "limit_rows", "draw_rows", "nmjl_rows", "mcr_rows",
        "rule_rows")]
    cases += [_call("engine.tables.hk_rows", table, cap, split, tsumo, unit)
              for table in ("half", "full") for cap in (8, 13) for split in ("discarder", "shared")
              for tsumo in ("half", "full") for unit in (1, 1000, 25000)]
    for name in NAMES:
        for players in (4, 3):
            cases.append(_call("engine.presets.preset_rules", name, players))
    cases += [_call("engine.presets.default_rules", players) for players in (4, 3)]
    for players in (4, 3):
        for tenpai in range(players + 2):
            cases.append(_call("engine.draws.tenpai_payments", tenpai, players))
        for dealer in range(players):
            for seats in ([], [0], [1, 2], list(range(players))):
                cases.append(_call("engine.draws.draw_deltas", seats, players))
                for loss in (True, False):
                    cases.append(_call("engine.draws.nagashi_deltas", seats, dealer, players, loss))
    return cases


HOSTILE = ["", " ", "abc", "１２", "\u3000３\u3000", "-5", "+5", "1e3", "NaN", "inf", "0x10",
           "９９９９９９９９９９", "99999999999999999999", "3.0", "３．５", "한", "<script>",
           "'\"", "a\u0000b", "\u200b3", "x" * 40, "Tsumo", "ＴＳＵＭＯ", " ron\n", "ｅ", "0001",
           "1\u30002", "1,5", "½", "²", "\ud7ff", "\U0001F600"]


def input_cases():
    cases = []
    for value in HOSTILE:
        for key in ("han", "fu", "fan", "unit", "rule", "win", "seat", "points", "players",
                    "hand", "agari", "melds", "dora", "yakuman", "honba"):
            keys = {key: value}
            if key in ("fan", "unit"):
                keys["rule"] = "hk"
            if key == "points":
                keys["rule"] = "mcr"
            if key in ("hand", "agari", "melds", "dora"):
                keys.update(fumode="tiles", hand=keys.get("hand", "123456789m1234p"))
            cases.append(_call("engine.calculate", keys))
    cases.append(_call("engine.calculate", {"han": ["4", "x"], "fu": ["40"]}))
    for value in ("１２", "2.5", "x", "", "-3", "1" * 12, 7, True, None, 2.5):
        cases.append(_call("engine.inputs.integer", value, "fu", 0, 110))
    for value in (" Tsumo", "RON", "ｔｓｕｍｏ", "x", 1):
        cases.append(_call("engine.inputs.choice", value, "win", ["ron", "tsumo"]))
    return cases


def _state(scores, seat, place, riichi=0, dealer=0, honba=0, sticks=0, **rules):
    return {"rules": dict(rules, players=len(scores)), "scores": list(scores), "dealer": dealer,
            "honba": honba, "sticks": sticks, "seat": seat, "place": place, "riichi": riichi}


def conditions_cases():
    """SPEC §7's answers: every seat and place of the states tests/test_conditions.py checks
    against its brute force; a grid of players, seats, places, riichi, counters and table rules;
    the record form; and bad states."""
    cases = []
    for state in STATES:
        players = len(state["scores"])
        rules = {"ties": state["ties"], "kiriage": int(state["kiriage"]),
                 "multi": int(state["multi"]), "tsumoloss": int(state["tsumoloss"])}
        for seat in range(players):
            for place in range(1, players):
                cases.append(_call("engine.conditions.from_state", _state(
                    state["scores"], seat, place, state["riichi"], state["dealer"],
                    state["honba"], state["sticks"], **rules)))
    rng = random.Random(7)
    layouts = {4: [(25000, 25000, 25000, 25000), (32000, 28500, 22000, 17500),
                   (48000, 30100, 12000, 9900), (25000, 24900, 25100, 25000)],
               3: [(35000, 35000, 35000), (41000, 35000, 29000), (52000, 30000, 23000)]}
    for players in (4, 3):
        for seat in range(players):
            for place in range(1, players):
                for riichi in (0, 1):
                    for ties in ("seat", "split"):
                        for kiriage in (0, 1):
                            for multi in (0, 1):
                                for tsumoloss in (0, 1):
                                    cases.append(_call("engine.conditions.from_state", _state(
                                        rng.choice(layouts[players]), seat, place, riichi,
                                        dealer=rng.randrange(players),
                                        honba=rng.choice((0, 1, 3, 12)),
                                        sticks=rng.choice((0, 1, 2, 5)), ties=ties,
                                        kiriage=kiriage, multi=multi, tsumoloss=tsumoloss)))
    for preset in NAMES:
        cases.append(_call("engine.conditions.from_state", _state(
            (30000, 28000, 22000, 20000), 3, 1, preset=preset)))
    record = {"rules": {"length": "east"}, "hands": [
        {"result": "ron", "from": 2, "winners": [{"seat": 1, "han": 3, "fu": 30}], "riichi": [1]},
        {"result": "tsumo", "winners": [{"seat": 0, "han": 4, "fu": 30}], "riichi": []},
        {"result": "draw", "tenpai": [0, 3], "nagashi": [], "riichi": [3]}]}
    for count in range(len(record["hands"]) + 1):
        played = dict(record, hands=record["hands"][:count])
        for seat in range(4):
            cases.append(_call("engine.conditions.from_state",
                               {"record": played, "seat": seat, "place": 1 + seat % 3,
                                "riichi": seat % 2}))
    bad = [state for state, _field, _code in BAD_STATES] + [
        None, [], "x", {"scores": [25000, 25000, 25000, 25000], "wind": 0, "round": 1, "a": 2},
        {"scores": [True, 25000, 25000, 25000]}, {"scores": [25000] * 4, "riichi": True},
        {"scores": [25000] * 4, "seat": "１"}, {"scores": [25000] * 4, "seat": " 2\u3000"},
        {"scores": [25000] * 4, "seat": 1.0}, {"scores": [25000] * 4, "seat": None},
        {"scores": [25000] * 4, "dealer": [0]}, {"scores": "25000,25000,25000,25000"},
        {"scores": [10 ** 30, 0, 0, 0]}, {"scores": [25000] * 4, "rules": []},
        {"scores": [25000] * 4, "rules": {"players": 5}}, {"scores": [25000] * 3, "players": 3},
        {"scores": [25000] * 4, "players": "x", "rules": {"ties": "split"}},
        {"scores": [25000] * 4, "players": 4, "rules": "x"},
        {"scores": [25000] * 4, "rules": {"ties": "coin", "kiriage": 2, "multi": "x"}},
        {"record": {}, "seat": 0}, {"record": [], "seat": 0}, {"record": None},
        {"record": {"hands": []}, "seat": 0, "wind": 1, "extra": 2},
        {"record": {"hnads": [], "rules": {}, "zz": 1}}]
    cases += [_call("engine.conditions.from_state", state) for state in bad]
    return cases


# Typed on the conditions page: full-width, thousands separators, slashes, hostile text.
SCORE_TEXTS = [
    "32000,28500,22000,17500", "32,000, 28,500, 22,000, 17,500", "32,000,28,500,22,000,17,500",
    "32000, 28,500,22000, 17,500", "32,000 / 28,500 / 22,000 / 17,500", "32000/28500/22000/17500",
    "４１０００，３５０００，２９０００", "３２，０００　／　２８，５００／２２０００／１７５００",
    "-1,200, 41,200, 35,000", "41000,35000,29000", "1,2,3,<img>", "25000.5,25000,25000,25000",
    "32,000 / 28,500 / 22,000", "32,000 / 28,500 / 22,000 / 1,75,00", "1,000,000,2,3",
    "32000,28500,22000,17500,", ",,,", "/", "1,0000,2,3", "-,1,2,3", "100\x1c,200,300,400",
    "\u06f3\u06f2,000,1,2,3", "٣٢٠٠٠,28500,22000,17500", "+32000,28500,22000,17500",
    "32_000,28500,22000,17500", "1" * 500, "",
]


def query_cases():
    """The conditions page's URL keys read (and answered) as the page reads them."""
    cases = [_call("engine.conditions.from_query", {})]
    for text in SCORE_TEXTS:
        for players in ("4", "3"):
            cases.append(_call("engine.conditions.from_query", {"scores": text, "players": players,
                                                              "seat": "0", "place": "1"}))
        for other in ("32000,28500,22000,17500", "41000,35000,29000"):
            for players in (4, 3):
                cases.append(_call("engine.conditions.state.same_scores", text, other, players))
    for name, default in QUERY_DEFAULTS.items():
        for value in [default, "0", "1", "2", "3", "4", "5", "-1", "99", "100", "split", "seat",
                      "１", "３", "\u3000２ ", "Split", "ＳＥＡＴ", ["2", "x"], [], 2] + HOSTILE:
            cases.append(_call("engine.conditions.from_query", {name: value}))
    cases.append(_call("engine.conditions.from_query", {"players": "3", "scores": "x",
                                                        "ties": "coin", "seat": "9"}))
    cases.append(_call("engine.conditions.from_query", {"ties": "coin", "kiriage": "2",
                                                        "multi": "x", "tsumoloss": "7"}))
    cases.append(_call("engine.conditions.from_query", {"players": "3", "seat": "2", "place": "2",
                                                        "riichi": "1", "honba": "３",
                                                        "sticks": "２", "dealer": "２",
                                                        "ties": "split", "kiriage": "1",
                                                        "multi": "0", "tsumoloss": "0"}))
    return cases


def parse_cases():
    """The calculator's keys through engine.query.parse: each key's values, good and bad, where it
    counts; the counted fu's contradictions; the keys that matter."""
    cases = [_call("engine.query.parse", {})]
    for name, key in KEYS.items():
        context = {"rule": key.rules[0]} if name != "rule" else {}
        context.update((other, allowed[0]) for other, allowed in key.when)
        values = list(key.choices) + [key.default, "", " ", "x", "-1", "0", "1", "2.5", "１",
                                      "ＲＯＮ", "1" * 40, ["3", "4"], 5]
        if key.low is not None:
            values += [str(key.low), str(key.high), str(key.low - 1), str(key.high + 1)]
        for value in values:
            cases.append(_call("engine.query.parse", dict(context, **{name: value})))
            if isinstance(value, str):  # parse_value takes the string parse picked
                cases.append(_call("engine.query.parse_value", name, value))
    rng = random.Random(12)
    for _ in range(150):
        melds = {f"m{i}": rng.choice(MELDS) for i in range(1, 5)}
        cases.append(_call("engine.query.parse", dict(
            melds, fumode="count", shape=rng.choice(["standard", "chiitoitsu", "pinfu"]),
            pair=rng.choice(PAIRS), wait=rng.choice(WAITS), menzen=str(rng.randint(0, 1)),
            win=rng.choice(["ron", "tsumo"]))))
    for rule in ("riichi", "hk", "mcr", "nmjl", "x"):
        for win in ("ron", "tsumo"):
            for fumode in ("known", "count", "tiles"):
                keys = {"rule": rule, "win": win, "fumode": fumode}
                cases.append(_call("engine.query.used_keys", keys))
                cases.append(_call("engine.query.parse", keys))
    for unit in ("1", "0.0001", "1000000", "1000000.0001", "0.00001", "１２．５", ".5", "5.",
                 "0", "-1", "1e3", "1,000"):
        cases.append(_call("engine.query.parse", {"rule": "hk", "unit": unit}))
    return cases


def _write(tiles):
    """[(tile, red)] in our notation, suit by suit."""
    out = []
    for suit_number, suit in enumerate("mpsz"):
        digits = "".join("0" if red else str(t % 9 + 1)
                         for t, red in sorted(tiles) if t // 9 == suit_number)
        out.append(digits + suit if digits else "")
    return "".join(out)


def tenhou_cases():
    """Every Tenhou win from its tiles, and the same hands less their winning tile: their waits."""
    if not DATA.is_dir():
        return [], []
    wins = [*every_win(), *every_json_win()]
    valued = [_call("engine.calculate", w.keys) for w in wins]
    waiting = []
    for w in wins[::4]:
        hand = parse_tiles(w.keys["hand"], "hand")
        hand.remove(parse_tiles(w.keys["agari"], "agari")[0])
        waiting.append(_call("engine.calculate", dict(w.keys, hand=_write(hand), agari="")))
    rng = random.Random(13)
    for _ in range(60):
        tiles = rng.sample([(t, False) for t in range(34) for _copy in range(4)], 13)
        waiting.append(_calculate(fumode="tiles", hand=_write(tiles), riichi=rng.randint(0, 1)))
    return valued, waiting


# ---------------------------------------------------------------- the ledger (SPEC §6, §8, §10)

LEDGER_RULES = [
    {}, {"players": 3}, {"length": "east"}, {"preset": "tenhou"}, {"preset": "mahjongsoul"},
    {"preset": "mleague"}, {"preset": "wrc"}, {"preset": "ema"}, {"preset": "tenhou", "players": 3},
    {"ties": "split", "rounding": "thousand", "leftover": "lost"},
    {"doubleron": "head", "paohonba": "discarder", "paoscope": "own", "busting": 0},
    {"length": "east", "extension": "west", "return": 31000, "target": 30000, "agariyame": 0,
     "chombo": "penalty", "chombopenalty": 30, "uma": [30, 10, -10, -30]},
    {"players": 3, "tsumoloss": 0, "kiriage": 1, "kazoe": 0, "multi": 0, "start": 40000,
     "return": 45000, "uma": [20, 0, -20]},
    {"doubleron": "reclaim", "tripleron": "all", "aborts": 0, "nagashi": 0, "tenpaiyame": 0},
]


def _tenhou_records():
    if not DATA.is_dir():
        return []
    return [convert(path).record for path in tenhou_games()] + \
        [convert_json(path).record for path in tenhou_json_games()]


TENHOU_RECORDS = _tenhou_records()


def _edits(record, rng):
    """Corrections of a record (SPEC §10.3): a hand deleted, one made a draw or a big win, an
    index out of range; some refused (ends_before, a bad hand)."""
    hands = record["hands"]
    players = (record.get("rules") or {}).get("players", 4)
    calls = [_call("engine.ledger.edit", record, len(hands), None)]
    if not hands:
        return calls
    for index in sorted({0, len(hands) // 2, len(hands) - 1, rng.randrange(len(hands))}):
        seat = rng.randrange(players)
        calls += [
            _call("engine.ledger.edit", record, index, None),
            _call("engine.ledger.edit", record, index, {"result": "draw", "tenpai": [seat]}),
            _call("engine.ledger.edit", record, index, {
                "result": "ron", "from": (seat + 1) % players, "riichi": [seat],
                "winners": [{"seat": seat, "yakuman": rng.choice((1, 2))}]}),
            _call("engine.ledger.edit", record, index, {"result": "tsumo", "winners": [
                {"seat": seat, "han": rng.randint(1, 13), "fu": rng.choice((20, 25, 30, 70))}]}),
        ]
    return calls


def ledger_tenhou_cases():
    """Every real Tenhou game replayed, ended by hand half-way, and corrected."""
    rng = random.Random(113)
    cases = []
    for record in TENHOU_RECORDS:
        half = dict(record, hands=record["hands"][:len(record["hands"]) // 2])
        cases += [_call("engine.ledger.replay", record), _call("engine.ledger.end", half),
                  _call("engine.ledger.end", record)]
        cases += _edits(record, rng)[:9]
    return cases


def random_records():
    """Games of the link tests' generator, and games of random hands of every kind (chombo,
    abort, pao, nagashi, double and triple ron) under each rule set, each hand kept where the
    record takes it; most stop before the game is over, some go on to its end."""
    records = [random_game(hands, seed, {}) for hands, seed in ((0, 1), (6, 2), (10, 3))]
    rng = random.Random(6)
    for number in range(100):
        rules = LEDGER_RULES[number % len(LEDGER_RULES)]
        players = rules.get("players", 4)
        record = {"rules": rules, "hands": []}
        for _ in range(rng.randint(1, 30)):
            hand = random_hand(rng, players)
            trial = dict(record, hands=record["hands"] + [hand])
            try:
                if replay(trial)["over"] and rng.random() < 0.7:
                    continue
            except ValueError:
                continue
            record = trial
        records.append(record)
    return records


RANDOM_RECORDS = random_records()


def ledger_random_cases():
    rng = random.Random(61)
    cases = []
    for record in RANDOM_RECORDS:
        cases += [_call("engine.ledger.replay", record), _call("engine.ledger.end", record)]
        cases += _edits(record, rng)
    for rules in LEDGER_RULES:
        cases.append(_call("engine.ledger.rules_from", rules))
        cases.append(_call("engine.presets.preset_of",
                           _cpython(_call("engine.ledger.rules_from", rules))["value"]))
    return cases


BAD_HANDS = [
    None, [], "ron", 3, {}, {"result": "win"}, {"result": ""}, {"result": "ron"},
    {"result": "ron", "from": 0, "winners": []}, {"result": "ron", "from": 0, "winners": "1"},
    {"result": "ron", "from": 0, "winners": [{"seat": 0, "han": 1, "fu": 30}]},
    {"result": "ron", "winners": [{"seat": 1, "han": 1, "fu": 30}]},
    {"result": "ron", "from": 4, "winners": [{"seat": 1, "han": 1, "fu": 30}]},
    {"result": "ron", "from": True, "winners": [{"seat": 1, "han": 1, "fu": 30}]},
    {"result": "ron", "from": "２", "winners": [{"seat": " 1\u3000", "han": "３", "fu": "４０"}]},
    {"result": "ron", "from": 0, "winners": [{"seat": 1, "han": 1, "fu": 35}]},
    {"result": "ron", "from": 0, "winners": [{"seat": 1, "han": 1.0, "fu": 30}]},
    {"result": "ron", "from": 0, "winners": [{"seat": 1, "han": 0, "fu": 30}]},
    {"result": "ron", "from": 0, "winners": [{"seat": 1, "han": 14, "fu": 30}]},
    {"result": "ron", "from": 0, "winners": [{"seat": 1, "han": 1}]},
    {"result": "ron", "from": 0, "winners": [{"seat": 1, "han": 1, "fu": 30, "dora": 1}]},
    {"result": "ron", "from": 0, "winners": [{"seat": 1, "han": 1, "fu": 30, "pao": 2}]},
    {"result": "ron", "from": 0, "winners": [{"seat": 1, "yakuman": 1, "pao": 1}]},
    {"result": "ron", "from": 0, "winners": [{"seat": 1, "yakuman": 7}]},
    {"result": "ron", "from": 0, "winners": [{"seat": 1, "han": 2, "fu": 30},
                                             {"seat": 1, "han": 2, "fu": 30}]},
    {"result": "ron", "from": 0, "winners": [{"seat": s, "han": 2, "fu": 30} for s in (1, 2, 3)]},
    {"result": "ron", "from": 0, "winners": [None]},
    {"result": "tsumo", "winners": [{"seat": 1, "han": 2, "fu": 30},
                                    {"seat": 2, "han": 2, "fu": 30}]},
    {"result": "tsumo", "winners": [{"seat": 1, "han": 1, "fu": 30}], "riichi": [1, 1]},
    {"result": "tsumo", "winners": [{"seat": 1, "han": 1, "fu": 30}], "riichi": 1},
    {"result": "tsumo", "winners": [{"seat": 1, "han": 1, "fu": 30}], "riichi": ["x"]},
    {"result": "draw", "tenpai": [0, 5]}, {"result": "draw", "nagashi": [0]},
    {"result": "draw", "tenpai": "0"}, {"result": "abort", "tenpai": [0]},
    {"result": "chombo"}, {"result": "chombo", "seat": 9}, {"result": "chombo", "seat": [0]},
    {"result": "Ron", "from": 0, "winners": [{"seat": 1, "han": 1, "fu": 30}]},
    {"result": "ron", "from": 0, "winners": [{"seat": 1, "han": 1, "fu": 30}], "hand": 1},
]
BAD_RULES = [
    [], "tenhou", {"players": 5}, {"players": "３"}, {"players": True}, {"preset": "x"},
    {"preset": "wrc", "players": 3}, {"uma": [10, 10]}, {"uma": [10, 10, 10, 10]},
    {"uma": "20,10,-10,-20"}, {"uma": [20, 10, -10, "-20"]}, {"start": 25050},
    {"start": -100}, {"start": "２５０００"}, {"return": 10 ** 12}, {"target": -1},
    {"length": "West"}, {"length": "EAST"}, {"length": "ｅａｓｔ"}, {"doubleron": "half"},
    {"kiriage": 2}, {"kiriage": "1"}, {"kiriage": True}, {"chombopenalty": 1.5},
    {"uma": [20, 10, -10, -20], "umma": 1}, {"nagashi": 0, "x": {"b": 1}},
    {"aborts": 0}, {"chombo": "none"}, {"nagashi": 0},
]


def ledger_bad_cases():
    """Bad records: each bad hand after a good one, under rules that refuse some kinds; bad
    rules; bad shapes; a record that goes on after its end; riichi without the points."""
    good = {"result": "ron", "from": 2, "winners": [{"seat": 1, "han": 3, "fu": 30}],
            "riichi": [1]}
    cases = []
    for rules in ({}, {"aborts": 0, "chombo": "none", "nagashi": 0}, {"players": 3}):
        for hand in BAD_HANDS:
            record = {"rules": rules, "hands": [good, hand]}
            cases.append(_call("engine.ledger.replay", record))
            cases.append(_call("engine.ledger.edit", {"rules": rules, "hands": [good, good]},
                               1, hand))
    for rules in BAD_RULES:
        cases.append(_call("engine.ledger.replay", {"rules": rules, "hands": []}))
        cases.append(_call("engine.ledger.rules_from", rules))
    busted = [{"result": "ron", "from": 0, "winners": [{"seat": 1, "yakuman": 2}]}] * 2
    for record in [None, [], "x", {"hands": {}}, {"hands": "[]"}, {"hands": [good] * 501},
                   {"rules": {}, "hands": busted}, {"hands": [], "hand": []},
                   {"hands": [{"result": "tsumo", "winners": [{"seat": 0, "yakuman": 1}]}] * 3
                    + [dict(good, riichi=[0, 1, 2, 3])] * 3}]:
        cases.append(_call("engine.ledger.replay", record))
        cases.append(_call("engine.ledger.only_record_keys", record))
        cases.append(_call("engine.ledger.envelope.record_in_file", record))
    for index in (-1, 2, True, "0", 1.0, None):
        cases.append(_call("engine.ledger.edit", {"hands": [good, good]}, index, None))
    cases.append(_call("engine.ledger.edit", {"hands": [good] + busted}, 0,
                       {"result": "ron", "from": 0, "winners": [{"seat": 1, "yakuman": 3}]}))
    for data in [{"format": "mahjong-ledger-games", "version": 2, "games": []},
                 {"format": "mahjong-ledger-games", "version": 1, "games": [{"hands": []}]},
                 {"format": "mahjong-ledger-games", "version": 2, "games": {}},
                 {"format": "mahjong-ledger", "version": 2, "record": {"hands": []},
                  "ended": True},
                 {"format": "mahjong-ledger", "version": True, "record": {"hands": []}},
                 {"format": "other", "version": 2}, {"format": "mahjong-ledger", "version": 1},
                 {"hands": [], "names": "Ann"}, {"hands": [], "ended": 1},
                 {"hands": [], "names": ["김"], "ended": False, "rules": {"players": 3}}]:
        cases.append(_call("engine.ledger.envelope.record_in_file", data))
    return cases


NOW, LATER = "2026-12-02T09:00:00.000Z", "2026-12-02T09:30:00.000Z"
V1_STORAGE = [["mahjong-ledger", V1_CURRENT], ["mahjong-ledger.previous", V1_PREVIOUS],
              ["mahjong-ledger.unreadable.2026-11-28T08:00:00.000Z", V1_UNREADABLE]]


def _page_games():
    found = []
    for number, record in enumerate(RANDOM_RECORDS[::3] + TENHOU_RECORDS[::10]):
        names = [NAMES_OF_LINKS[(number + seat) % 4][:6 + seat] for seat in range(4)]
        found.append(page_game(record, names, ended=number % 3 == 0))
    return found


PAGE_GAMES = _page_games()


def ledger_store_cases():
    """Stored and pasted texts read (version 1 and 2, bare records, bundles, hostile), and
    Shelf scripts on a MemoryStorage: the migration, add, save, resume, leave, delete and undo,
    export and import, refused writes; every stored text must be the same under both."""
    texts = [V1_CURRENT, V1_PREVIOUS, V1_UNREADABLE, "", "{not json", "[" * 50_000,
             '{"format": "other"}', '{"format": "mahjong-ledger", "version": true}',
             '{"format": "mahjong-ledger", "version": 3}', '{"rules": {"players": 5}, "hands": []}',
             '{"format": "mahjong-ledger", "version": 2, "record": {"hands": []}, "names": [1]}',
             '{"hands": [], "names": ["\\u202eEve", "' + "x" * 300 + '"]}', '{"hands": []}',
             '{"format": "mahjong-ledger", "version": 2, "record": {"hands": [{"result": 1}]}}']
    texts += [envelope(game, str(number), NOW, LATER) for number, game in enumerate(PAGE_GAMES)]
    cases = [_call("engine.ledger.envelope.read_envelope", text) for text in texts]
    cases += [_call("engine.ledger.storage.read_index", text) for text in (
        '{"current": "2", "order": ["1", "2", "2"], "next": 3}', '{"order": []}',
        '{"current": 2, "order": ["1"], "next": 3}', '{"current": null, "order": ["1"], "next": true}')]
    cases += [_call("engine.ledger.envelope.clean_name", name) for name in (
        "\u202eEve", "김민수" * 9, "x" * 200, "a\u2066b\u2069c")]
    games_now = [envelope(game, "x", NOW, NOW) for game in PAGE_GAMES]
    scripts = [
        ([], [["open", NOW], ["add", PAGE_GAMES[0], NOW], ["add", PAGE_GAMES[1], LATER],
              ["current"], ["ids"], ["entries"], ["resume", "1"], ["leave"], ["current"],
              ["save", "2", PAGE_GAMES[2], LATER], ["load", "2"], ["delete", "1"], ["ids"],
              ["restore"], ["ids"], ["raw", "2"], ["export_all", LATER], ["summaries"],
              ["import_games", games_now[3], LATER], ["import_text", games_now[4], LATER],
              ["delete", "9"], ["resume", "9"], ["load", "9"], ["raw", "9"], ["summaries"]]),
        (V1_STORAGE, [["open", NOW], ["entries"], ["export_all", LATER], ["current"]]),
        (V1_STORAGE, [["limit", 3000], ["open", NOW], ["ids"]]),
        ([["mahjong-ledger.games", "{broken"], ["mahjong-ledger.game.7", games_now[5]],
          ["mahjong-ledger.game.3", "not a game"], ["mahjong-ledger.game.b@d", games_now[6]]],
         [["open", NOW], ["entries"], ["add", PAGE_GAMES[7], LATER], ["ids"],
          ["export_all", LATER]]),
        ([], [["open", NOW], ["add", PAGE_GAMES[0], NOW], ["limit", 1000],
              ["add", PAGE_GAMES[1], LATER], ["save", "1", PAGE_GAMES[2], LATER],
              ["import_text", games_now[3], LATER], ["limit", None], ["ids"]]),
        ([], [["open", NOW], ["import_games", '{"format": "mahjong-ledger-games", "version": 2, '
              '"games": [{"unreadable": "[[["}, {"hands": []}, ' + games_now[8] + "]}", LATER],
              ["entries"], ["import_text", "{not json", LATER],
              ["import_text", '{"format": "mahjong-ledger-games", "version": 5, "games": []}',
               LATER]]),
    ]
    for number in range(6):  # each game of the batch in and out of a shelf
        scripts.append(([], [["open", NOW]] + [["add", game, NOW] for game in
                                               PAGE_GAMES[number::6]] + [["export_all", LATER]]))
    cases += [_call("tests.mpy_ledger.shelf", items, operations)
              for items, operations in scripts]
    return cases


def _links():
    """(game, CPython's link) for every page game, and links of other kinds of hands."""
    extra = [page_game(record, ["A"], ended=True) for record in RANDOM_RECORDS[1::4]]
    extra.append({"rules": {"chombopenalty": 37, "newfield": "x"}, "names": [],
                  "hands": [{"result": "chombo", "seat": 1, "riichi": [], "note": "달"}]})
    return [(game, link.encode(game)) for game in PAGE_GAMES + extra]


LINKS = _links()


def link_decode_cases():
    """Links CPython made, and damaged, hostile, newer and foreign texts, decoded."""
    texts = [text for _game, text in LINKS]
    good = texts[0]
    hostile = ["", "hello", "0" + good[1:], "2" + good[1:], "9abc", "1" + "A" * 9000, good[:-5],
               good[:len(good) // 2], good + ")", good + "AAAA", good[:-3] + " " + good[-3:],
               good[:20] + ("A" if good[20] != "A" else "B") + good[21:], "1", "1A", "1AB",
               "1eNqrVipSsqqu1VHKU7KKjtVRygBS0dGGQJZSbGwtAIWjCIw", "１" + good[1:],
               good + "é", "1" + "_" * 5, _raw_link("[" * 100_000), _raw_link("[1, 2]"),
               _raw_link('{"r": {}, "n": [], "h": [["x", ""]]}'),
               _raw_link('{"r":{},"n":[],"h":[[{"a":1},""]]}'),
               _raw_link('{"r":{},"n":[],"h":[["r","05",1,[0,2,30]]]}'),
               _raw_link('{"r":{},"n":[],"h":[],"e":true}'),
               _raw_link('{"r":{},"n":[],"h":[],"extra":1}'),
               _raw_link('{"r":{"start":' + "9" * 5000 + '},"n":[],"h":[]}'),
               _raw_link('{"r":{},"n":[],"h":' + json.dumps([["a", ""]] * 10_000) + "}"),
               "1" + base64.urlsafe_b64encode(zlib.compress(b"\0" * 300_000)).decode().rstrip("="),
               "1" + base64.urlsafe_b64encode(b"\xff\xfe" * 10).decode().rstrip("=")]
    body = good[1:]
    data = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    for bit in range(0, len(data) * 8, 7):
        flipped = bytearray(data)
        flipped[bit // 8] ^= 1 << (bit % 8)
        hostile.append("1" + base64.urlsafe_b64encode(bytes(flipped)).decode().rstrip("="))
    return [_call("engine.ledger.link.decode", text) for text in texts + hostile] + \
        [_call("engine.ledger.link.from_fragment", text) for text in ("#g=" + good, "#top", "")]


def link_encode_cases():
    return [_call("engine.ledger.link.encode", game) for game, _text in LINKS]


def _raw_link(text):
    packed = base64.urlsafe_b64encode(zlib.compress(text.encode("utf-8"), 9))
    return "1" + packed.decode("ascii").rstrip("=")


def _cpython(call):
    return cpython_answer(call)


GROUPS = {}
for _name, _cases in (("riichi", riichi_cases()), ("fu", fu_cases()),
                      ("other_rules", other_rule_cases()), ("tables", table_cases()),
                      ("inputs", input_cases()), ("conditions", conditions_cases()),
                      ("conditions_query", query_cases()), ("query", parse_cases())):
    GROUPS[_name] = _cases
GROUPS["tenhou_wins"], GROUPS["tenhou_waits"] = tenhou_cases()
for _name, _cases in (("ledger_tenhou", ledger_tenhou_cases()),
                      ("ledger_random", ledger_random_cases()), ("ledger_bad", ledger_bad_cases()),
                      ("ledger_store", ledger_store_cases()), ("link_decode", link_decode_cases()),
                      ("link_encode", link_encode_cases()), ("season", season_calls())):
    GROUPS[_name] = _cases
GROUPS["imports"] = [{"import": name} for name in MODULES]


def _for_micropython(call):
    if call.get("fn", "").startswith(HELPER_AS[0]):
        return dict(call, fn=HELPER_AS[1] + call["fn"][len(HELPER_AS[0]):])
    return call


def _harness(calls, root):
    """One MicroPython's answers to `calls`, and its timing line."""
    calls = [_for_micropython(call) for call in calls]
    done = subprocess.run([NODE, str(HARNESS), "--root", str(root)], cwd=ROOT,
                          input=json.dumps(calls, ensure_ascii=False), capture_output=True,
                          text=True, encoding="utf-8", timeout=1800)
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    assert len(found) == len(calls)
    return found, done.stderr.strip()


@pytest.fixture(scope="module")
def answers():
    """Every group's MicroPython answers: the batch dealt round-robin to one run of the harness
    per core (at most WORKERS), the answers put back in order."""
    batch = [call for cases in GROUPS.values() for call in cases]
    workers = max(1, min(WORKERS, os.cpu_count() or 1))
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as root, ThreadPoolExecutor(workers) as pool:
        # the engine under test, and the helper beside it
        shutil.copytree(ENGINE_ROOT / "engine", Path(root) / "engine",
                        ignore=shutil.ignore_patterns("__pycache__"))
        shutil.copyfile(HELPER, Path(root) / "engine" / "_mpy_ledger.py")
        runs = list(pool.map(lambda calls: _harness(calls, root),
                             [batch[worker::workers] for worker in range(workers)]))
    found = [None] * len(batch)
    for worker, (answered, _timing) in enumerate(runs):
        found[worker::workers] = answered
    timings = [timing for _answered, timing in runs]
    elapsed = time.perf_counter() - started
    print(f"\nMicroPython: {len(batch)} calls in {elapsed:.1f} s on {workers} runs "
          f"({'; '.join(timings)})")
    out, at = {}, 0
    for name, cases in GROUPS.items():
        out[name] = found[at:at + len(cases)]
        at += len(cases)
    return out


def _mismatches(name, answers):
    return [(call, ours, theirs) for call, ours, theirs in
            zip(GROUPS[name], (cpython_answer(c) for c in GROUPS[name]), answers[name])
            if ours != theirs]


def _engine_imports(answers):
    engine_answer = answers["imports"][MODULES.index("engine")]
    assert engine_answer == {"value": True}, f"engine does not import under MicroPython: {engine_answer}"


@pytest.mark.parametrize("name", [n for n in GROUPS if n not in ("imports", "link_encode")])
def test_same_answers(answers, name):
    if name.startswith(("tenhou", "ledger_tenhou")) and not GROUPS[name]:
        pytest.skip("the Tenhou records are not beside the repository")
    _engine_imports(answers)
    wrong = _mismatches(name, answers)
    shown = "\n".join(f"{json.dumps(call, ensure_ascii=False)[:300]}\n  CPython:     "
                      f"{json.dumps(ours, ensure_ascii=False)[:400]}\n  MicroPython: "
                      f"{json.dumps(theirs, ensure_ascii=False)[:400]}"
                      for call, ours, theirs in wrong[:5])
    assert not wrong, f"{len(wrong)} of {len(GROUPS[name])} answers differ:\n{shown}"


def test_links_travel_between_the_interpreters(answers):
    """MicroPython compresses less hard than CPython, so a link's bytes may differ (its JSON
    text before compression is the same); each interpreter opens the other's links to the same
    game: CPython's own links are link_decode's cases, MicroPython's are opened here."""
    _engine_imports(answers)
    same = 0
    for (_game, ours), theirs in zip(LINKS, answers["link_encode"]):
        assert "value" in theirs, theirs
        assert link.decode(theirs["value"]) == link.decode(ours)
        same += theirs["value"] == ours
        body = theirs["value"][1:]
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        cpython_body = ours[1:]
        assert zlib.decompress(packed) == zlib.decompress(base64.urlsafe_b64decode(
            cpython_body + "=" * (-len(cpython_body) % 4)))  # the same JSON text
    print(f"\n{same} of {len(LINKS)} links byte for byte the same")


@pytest.mark.parametrize("module", MODULES)
def test_module_imports(answers, module):
    assert answers["imports"][MODULES.index(module)] == {"value": True}


def test_the_batch_is_broad():
    sizes = {name: len(cases) for name, cases in GROUPS.items()}
    assert sizes["riichi"] > 1000 and sizes["other_rules"] > 500
    assert sizes["conditions"] > 3000 and sizes["conditions_query"] > 500
    assert sizes["query"] > 1000
    assert not DATA.is_dir() or sizes["tenhou_wins"] == 983
    assert not DATA.is_dir() or len(TENHOU_RECORDS) == 124 and sizes["ledger_tenhou"] > 800
    assert sizes["ledger_random"] > 1000 and sizes["ledger_bad"] > 200
    # a tenth of the Tenhou games join the stored ones where ../shared/data is present
    assert sizes["ledger_store"] > (80 if DATA.is_dir() else 60) and sizes["link_decode"] > 100
