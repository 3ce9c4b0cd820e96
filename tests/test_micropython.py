"""The engine under MicroPython gives CPython's answers (SPEC §5.1).

The cases the engine's other tests check against independent sources (the riichi payments for
every han, fu, seat and win, with honba, sticks, three-player and the table rules; Hong Kong fan,
MCR points and NMJL values; the reference tables and the presets; the fu counting; every Tenhou
win from its tiles, and the waits of those hands less their winning tile; SPEC §7's conditions
for every seat and place of the states tests/test_conditions.py checks against its brute force,
and the conditions page's URL keys; the calculator's keys through engine.query; bad and hostile
input) run through the engine under the pinned MicroPython, in Node (tools/mpy_run.mjs: one batch
shared between two runs at once), and every answer, results and errors alike, must equal
CPython's. A module of the engine that MicroPython cannot import fails.

``MPY_ENGINE_ROOT=DIR`` runs the batch on the engine of another checkout (a work in progress).
"""
import json
import os
import random
import shutil
import subprocess
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from engine.conditions.state import QUERY_DEFAULTS
from engine.keys import FU_VALUES, KEYS, MELDS, PAIRS, WAITS
from engine.presets import NAMES
from engine.tiles import parse_tiles
from tests.tenhou import DATA
from tests.test_conditions import BAD_STATES, STATES
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

# Modules another change is converting now: their import is expected to fail until it lands.
IN_CONVERSION = ("engine.cli", "engine.__main__", "engine.ledger")
# Converted modules that import one of those: expected to fail only while one of those does.
NEEDS = {"engine.conditions.__main__": ("engine.cli", "engine.ledger"),
         "engine.conditions": ("engine.ledger",)}


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


def _find(path):
    module_name, _dot, name = path.rpartition(".")
    module = __import__(module_name, fromlist=[name])
    return getattr(module, name)


def cpython_answer(call):
    """What tools/mpy_run.mjs's driver answers, here under CPython, through JSON alike."""
    try:
        if "import" in call:
            __import__(call["import"])
            answer = {"value": True}
        else:
            answer = {"value": _find(call["fn"])(*call.get("args", []), **call.get("kwargs", {}))}
    except Exception as error:  # noqa: BLE001 (every error is an answer to compare)
        if hasattr(error, "as_dict"):
            answer = {"error": error.as_dict()}
        else:
            answer = {"exception": {"type": type(error).__name__, "message": str(error)}}
    return json.loads(json.dumps(answer))


GROUPS = {}
for _name, _cases in (("riichi", riichi_cases()), ("fu", fu_cases()),
                      ("other_rules", other_rule_cases()), ("tables", table_cases()),
                      ("inputs", input_cases()), ("conditions", conditions_cases()),
                      ("conditions_query", query_cases()), ("query", parse_cases())):
    GROUPS[_name] = _cases
GROUPS["tenhou_wins"], GROUPS["tenhou_waits"] = tenhou_cases()
GROUPS["imports"] = [{"import": name} for name in MODULES]


def _harness(calls):
    """One MicroPython's answers to `calls`, and its timing line."""
    done = subprocess.run([NODE, str(HARNESS), "--root", str(ENGINE_ROOT)], cwd=ROOT,
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
    with ThreadPoolExecutor(workers) as pool:
        runs = list(pool.map(_harness, [batch[worker::workers] for worker in range(workers)]))
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


@pytest.mark.parametrize("name", [n for n in GROUPS if n != "imports"])
def test_same_answers(answers, name):
    if name.startswith("tenhou") and not GROUPS[name]:
        pytest.skip("the Tenhou records are not beside the repository")
    _engine_imports(answers)
    if name.startswith("conditions"):
        _pending_import(answers, "engine.conditions",
                        answers["imports"][MODULES.index("engine.conditions")])
    wrong = _mismatches(name, answers)
    shown = "\n".join(f"{json.dumps(call, ensure_ascii=False)[:300]}\n  CPython:     "
                      f"{json.dumps(ours, ensure_ascii=False)[:400]}\n  MicroPython: "
                      f"{json.dumps(theirs, ensure_ascii=False)[:400]}"
                      for call, ours, theirs in wrong[:5])
    assert not wrong, f"{len(wrong)} of {len(GROUPS[name])} answers differ:\n{shown}"


@pytest.mark.parametrize("module", MODULES)
def test_module_imports(answers, module):
    answer = answers["imports"][MODULES.index(module)]
    if answer != {"value": True} and module.startswith(IN_CONVERSION):
        pytest.xfail(f"{module} is being converted by another change: {answer}")
    _pending_import(answers, module, answer)
    assert answer == {"value": True}


def _pending_import(answers, module, answer):
    """xfail while a module that `module` imports is still being converted and fails."""
    prefix = next((name for name in NEEDS if module.startswith(name)), None)
    if prefix is None or answer == {"value": True}:
        return
    for needed in NEEDS[prefix]:
        theirs = answers["imports"][MODULES.index(needed)]
        if theirs != {"value": True}:
            pytest.xfail(f"{module} imports {needed}, which does not import yet: {theirs}")


def test_the_batch_is_broad():
    sizes = {name: len(cases) for name, cases in GROUPS.items()}
    assert sizes["riichi"] > 1000 and sizes["other_rules"] > 500
    assert sizes["conditions"] > 3000 and sizes["conditions_query"] > 500
    assert sizes["query"] > 1000
    assert not DATA.is_dir() or sizes["tenhou_wins"] == 983
