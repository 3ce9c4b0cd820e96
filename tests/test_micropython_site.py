"""The pages' own modules (site/) under MicroPython give CPython's answers (SPEC §5.1).

Every module under site/ must import under the pinned MicroPython (tools/mpy_run.mjs, in
Node: the engine and site/ in its file system, a stand-in for PyScript's `pyscript` package).
Then the presenters and the page logic that needs no page run there and here on the same inputs,
the page's strings read from JSON as the pages read them (a MicroPython dict keeps no order), and
every answer must be equal: the calculator's cards and copy line, the conditions page's words,
the ledger's history, board, chart, final standings and text to paste, the next-hand preview, the
table view's taps, the hand in progress kept and read back, the tile box's hands and texts, the
season page's cells, orders, chart and CSV files, and
dom.py and address.py on fake elements. Calls of more than one step live in tests/mpy_site.py,
copied beside site/ for MicroPython.
"""
import json
import random
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest

from engine import DEFAULTS
from engine.ledger import replay, rules_from
from engine.presets import NAMES
from season import present as season_present
from tests import mpy_answers

ROOT = Path(__file__).resolve().parent.parent
HARNESS = ROOT / "tools" / "mpy_run.mjs"
RUNTIME = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"
NODE = shutil.which("node")
HELPER = ROOT / "tests" / "mpy_site.py"
LANGS = ("ko", "ja")

pytestmark = pytest.mark.skipif(
    not (NODE and (RUNTIME / "micropython.mjs").is_file()),
    reason="MicroPython is not installed: run `npm ci` (node_modules/@micropython/...) with Node")


def site_modules():
    names = []
    for path in sorted((ROOT / "site").rglob("*.py")):
        parts = path.relative_to(ROOT / "site").with_suffix("").parts
        names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


MODULES = site_modules()


def _call(fn, *args, **kwargs):
    call = {"fn": fn, "args": list(args)}
    if kwargs:
        call["kwargs"] = kwargs
    return call


def _helper(name, *args, **kwargs):
    return _call("mpy_site." + name, *args, **kwargs)


# ---------------------------------------------------------------- the calculator

def calculator_cases():
    cases = [_call("calculator.present.fmt", amount) for amount in
             (0, 7, -7, 999, 1000, -1000, 3900, 12000, -12000, 1234567, 10 ** 20, -(10 ** 15))]
    cases += [_helper("fmt_of", list(range(-2000, 2001, 37)), denominator)
              for denominator in (2, 4, 40, 10000)]
    cases += [_helper("fixed_of", list(range(-5000, 5001, 7)), denominator, places)
              for denominator in (4, 8, 10, 100, 1000, 3, 7) for places in (0, 1, 2)]
    rng = random.Random(27)
    keys = []
    for han in range(1, 14):
        for fu in (20, 25, 30, 40, 50, 70, 110):
            keys.append({"han": str(han), "fu": str(fu), "seat": rng.choice(("dealer", "nondealer")),
                         "win": rng.choice(("ron", "tsumo"))})
    for _ in range(40):
        keys.append({"han": str(rng.randint(1, 13)), "fu": rng.choice(("30", "40")),
                     "seat": rng.choice(("dealer", "nondealer")), "win": rng.choice(("ron", "tsumo")),
                     "honba": str(rng.randint(0, 5)), "sticks": str(rng.randint(0, 3)),
                     "players": rng.choice(("3", "4")), "tsumoloss": str(rng.randint(0, 1))})
    keys += [{"yakuman": str(n), "win": win, "seat": "dealer"} for n in (1, 2, 6) for win in ("ron", "tsumo")]
    keys += [{"rule": "hk", "fan": str(fan), "win": win, "unit": unit, "ron_split": split}
             for fan in (0, 3, 7, 13) for win in ("ron", "tsumo") for unit in ("1", "0.1", "2.5")
             for split in ("discarder", "shared")]
    keys += [{"rule": "mcr", "points": str(points), "flowers": "2", "win": win}
             for points in (8, 24, 88) for win in ("ron", "tsumo")]
    keys += [{"rule": "nmjl", "value": str(value), "jokerless": "1", "bettor": "1", "win": win}
             for value in (25, 50) for win in ("ron", "tsumo")]
    keys += [{"fumode": "tiles", "hand": hand, "agari": agari, "win": win}
             for hand, agari in (("123m456p789s11z22z2z", "2z"), ("234m067p55s345s678s", "8s"),
                                 ("19m19p19s1234567z1m", "1m"), ("123m456p789s1122z", ""))
             for win in ("ron", "tsumo")]
    keys += [{"han": "0"}, {"han": "x"}, {"fu": "35"}, {"rule": "hk", "unit": "0"},
             {"fumode": "tiles", "hand": "12m"}, {"fumode": "tiles", "hand": ""}, {"honba": "１２"}]
    cases += [_helper("calculator_texts", lang, k) for k in keys for lang in LANGS]
    cases += [_helper("hk_cells", table, cap, split, tsumo, unit) for table in ("half", "full")
              for cap in (8, 13) for split in ("discarder", "shared") for tsumo in ("half", "full")
              for unit in (1, 25000)]
    for name in ("custom", *NAMES):
        cases += [_call("calculator.present.preset_keys", name, players) for players in ("3", "4")]
        cases.append(_call("calculator.present.preset_tile_keys", name))
        cases.append(_call("calculator.present.preset_matches", name,
                           {"kiriage": "0", "kazoe": "1", "multi": "1", "players": "4"}))
    payers = ("other", "dealer", "other", "discarder", "other")  # in this order, but the dealer
    cases.append(_call("calculator.present.payment_order",
                       [{"payer": p, "amount": n} for n, p in enumerate(payers)]))
    return cases


# ---------------------------------------------------------------- the conditions page

def conditions_cases():
    queries = [{}, {"players": "3"}, {"scores": "25000,25000,25000,25000"},
               {"scores": "12,000 / 40,000 / 30,000 / 18,000", "seat": "0", "place": "1"},
               {"dealer": "3", "seat": "3", "honba": "2", "sticks": "1", "riichi": "1"},
               {"ties": "split", "scores": "30000,30000,20000,20000", "seat": "2"},
               {"players": "3", "scores": "50000,30000,25000", "seat": "2", "place": "2"},
               {"kiriage": "1", "multi": "0", "tsumoloss": "0", "place": "3"},
               {"scores": "x"}, {"seat": "9"}, {"honba": "-1"}, {"players": "5"}]
    rng = random.Random(7)
    for _ in range(20):
        scores = [rng.randrange(0, 600) * 100 for _ in range(4)]
        queries.append({"scores": ",".join(map(str, scores)), "seat": str(rng.randrange(4)),
                        "place": str(rng.randint(1, 3)), "dealer": str(rng.randrange(4))})
    cases = [_helper("conditions_texts", lang, query) for query in queries for lang in LANGS]
    cases += [_helper("every_seat_texts", lang, query, place) for query in queries[:8]
              for place in (1, 2) for lang in LANGS]
    cases += [_call("conditions.present.amount", points, {"conditions": {"say": {"thousands": sep}}})
              for points in (0, 900, 3900, 1234567) for sep in (",", ".")]
    return cases


# ---------------------------------------------------------------- the ledger

LEDGER_RULES = [
    {}, {"players": 3}, {"length": "east"}, {"preset": "tenhou"}, {"preset": "mleague"},
    {"preset": "wrc"}, {"preset": "tenhou", "players": 3}, {"ties": "split", "leftover": "lost"},
    {"doubleron": "head", "busting": 0},
    {"length": "east", "return": 31000, "target": 30000, "chombo": "penalty", "chombopenalty": 30,
     "uma": [30, 10, -10, -30]},
    {"players": 3, "start": 40000, "return": 45000, "uma": [20, 0, -20]},
    {"doubleron": "reclaim", "tripleron": "all", "aborts": 0},
]
NAMES_OF_SEATS = (["김민수", "", "Player 3", "이지은 <b>"], [], ["Averyveryverylongname", "佐藤"],
                  ["A", "B", "C", "D"])


def ledger_records():
    """Games of random hands under each rule set, named or not, most still running, some over."""
    rng = random.Random(35)
    records = []
    for number in range(36):
        rules = rules_from(LEDGER_RULES[number % len(LEDGER_RULES)])
        names = NAMES_OF_SEATS[number % len(NAMES_OF_SEATS)][:rules["players"]]
        record = {"rules": rules, "hands": [], "names": names}
        for _ in range(rng.randint(0, 25)):
            trial = dict(record, hands=record["hands"] + [mpy_answers.random_hand(rng, rules["players"])])
            try:
                if replay({"rules": rules, "hands": trial["hands"]})["over"] and rng.random() < 0.5:
                    continue
            except ValueError:
                continue
            record = trial
        if number % 5 == 4:
            record["ended"] = True
        records.append(record)
    return records


RECORDS = ledger_records()


def ledger_cases():
    cases = [_helper("ledger_texts", LANGS[number % 2], record) for number, record in enumerate(RECORDS)]
    cases += [_call("engine.ledger.played", record) for record in RECORDS[:12]]
    cases.append(_helper("ledger_texts", "ko", {"rules": rules_from({}), "hands": [{"result": "ron"}]}))
    rng = random.Random(3)
    def won(seat, han, fu):
        return [{"seat": seat, "yakuman": "0", "han": han, "fu": fu}]

    raws = [{"result": "ron", "riichi": [], "winners": won(1, "3", "30"), "from": "0"},
            {"result": "tsumo", "riichi": [2], "winners": won(2, "4", "40")},
            {"result": "ron", "riichi": [], "winners": []},
            {"result": "ron", "riichi": [], "winners": won(1, "3", "30")},
            {"result": "ron", "riichi": [], "winners": won(1, "x", "30"), "from": "0"},
            {"result": "draw", "riichi": [0], "tenpai": [1], "nagashi": []},
            {"result": "chombo", "riichi": []}, {"result": "chombo", "riichi": [], "seat": "2"},
            {"result": "abort", "riichi": [1]}]
    for record in RECORDS[:16]:
        for raw in rng.sample(raws, 4):
            cases.append(_helper("ledger_preview", rng.choice(LANGS), record, raw))
        if record["hands"]:
            cases.append(_helper("ledger_preview", "ja", record, raws[0], len(record["hands"]) - 1))
    for lang in LANGS:
        record = RECORDS[0]
        cases += [_helper("table_taps", lang, end, taps, riichi, players, record)
                  for end, taps, riichi, players in (
                      ("ron", [1, 1], [], 4), ("ron", [1, 2], [0], 4), ("tsumo", [3], [], 4),
                      ("draw", [2, 0, 2], [1], 4), ("draw", [1], [1], 3), ("chombo", [2], [], 4),
                      ("abort", [], [], 4), ("ron", [0, 2], [2], 3))]
        cases.append(_helper("problem_texts", lang))
    cases += [_helper("draft_round_trip", "g" + str(n), n, {"lh-riichi-1": True, "lh-han-0": str(n)},
                      {"0": {"hand": "123m", "kita": ""}} if n % 2 else {}, entry)
              for n, entry in enumerate((None, {"end": "ron", "phase": "from", "winners": [1]}, None))]
    cases += [_call("ledger.draft.read", text) for text in
              ("", "[[[", "null", "{}", "[" * 30 + "]" * 30, '{"format": "mahjong-ledger.draft"}', 5,
               '{"format":"mahjong-ledger.draft","version":1,"game":"g","hands":2,"controls":{},'
               '"tiles":{},"table":{}}')]
    words = {"seat_wind": {"0": "E", "1": "S", "2": "W", "3": "N"}}
    cases += [_call("ledger.present.seat_wind", words, seat, dealer, players)
              for seat in range(4) for dealer in range(4) for players in (3, 4) if seat < players]
    cases += [_call("amounts.signed_fixed", value) for value in
              (12.5, -31.0, 0.0, -0.0, 45.0, 6.7, -10.3, 0.05, 2.25, -2.25, 18.0, 1234.5)]
    cases += [_call("amounts.signed", value) for value in (-1500, 0, 1500, 1234567, -0.5)]
    cases += [_call("ledger.present.oka_text", value) for value in (20.0, 6.7, 0, 13.3, -6.7)]
    cases.append(_call("ledger.drawing.qr_path", [[1, 1, 0], [0, 1, 1], [1, 0, 1]]))
    cases += [_call("ledger.summary.uma_text", uma) for uma in ([30, 10, -10, -30], [20, 0, -20])]
    cases += [_call("ledger.conditions.page_query", RECORDS[n]["rules"],
                    {"scores": [25000, 24000, 26000, 25000][:RECORDS[n]["rules"]["players"]],
                     "dealer": 1, "honba": 2, "sticks": 1}, 1, 1, 0) for n in range(6)]
    return cases


# ---------------------------------------------------------------- the tile box

def tile_cases():
    taps = [
        [["1m", "hand"], ["2m", "hand"], ["3m", "hand"], ["0p", "hand"], ["5p", "hand"], ["5p", "hand"],
         ["5p", "hand"], ["5p", "hand"], ["7z", "pon"], ["1s", "chi"], ["9s", "chi"], ["2m", "take"],
         ["2m", "hand"], ["3z", "dora"], ["3z", "dora"], ["4z", "ura"], ["dora", 0, "remove"],
         ["melds", 0, "remove"], ["1z", "ankan"], ["1m", "agari"], ["9m", "hand"], ["9m", "hand"]],
        [[tile, "hand"] for tile in ("1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z",
                                      "5z", "6z", "7z", "7z", "7z")] + [["1m", "agari"], ["7z", "take"]],
        [["2s", "chi"], ["6z", "kan"], ["6z", "hand"], ["0s", "pon"], ["5s", "pon"], ["8s", "hand"],
         ["8s", "hand"], ["8s", "agari"], ["melds", 5, "remove"], ["ura", 0, "remove"]],
    ]
    cases = [_helper("tile_taps", sequence) for sequence in taps]
    texts = ["12m0p 5z", "123m456p789s1122z", "1\u30002m", "１２m", "18z", "12", "m", "", "0m0p0s",
             "19m19p19s1234567z", "123M", "3p1m0p5p2m"]
    cases += [_call("tiles.hand.tiles", text) for text in texts]
    cases += [_call("tiles.hand.notation", found) for found in
              (["3p", "1m", "0p", "5p", "2m"], ["7z", "1z"], [], ["0s", "5s", "4s"])]
    cases += [_call("tiles.hand.melds", text) for text in
              ("pon:777z,chi:345s", "pon:777z, kan : 1111m", "", "bad:123m", "pon:", "chi:1z2z3z")]
    cases += [_call("tiles.hand.meld_of", name, tile) for name in ("chi", "pon", "kan", "ankan")
              for tile in ("1m", "8p", "0s", "5z")]
    cases += [_helper("applicable", melds, win, dealer, riichi, players)
              for melds in ("", "pon:777z", "ankan:1111m", "kan:2222p")
              for win in ("ron", "tsumo") for dealer in (True, False) for riichi in (True, False)
              for players in ("3", "4")]
    hands = [("123m456p789s11z22z2z", "2z", "ron", ""), ("234m067p55s345s678s", "8s", "tsumo", "1m"),
             ("19m19p19s1234567z1m", "1m", "ron", ""), ("123m456p789s1122z", "", "ron", ""),
             ("22m345678p45699s", "", "ron", ""), ("1112345678999m5m", "5m", "tsumo", "4m"),
             ("11223344556677z", "7z", "ron", ""), ("123m456p789s1z", "", "ron", "")]
    cases += [_helper("tile_texts", lang, {"hand": hand, "agari": agari, "win": win, "dora": dora,
                                           "riichi": "1", "melds": ""})
              for hand, agari, win, dora in hands for lang in LANGS]
    cases += [_helper("tile_texts", lang, {"hand": "234m55s345s", "melds": "pon:777z", "agari": "5s"})
              for lang in LANGS]
    cases += [_helper("meld_labels", lang, [["pon", "7z"], ["chi", "3s"], ["kan", "0m"], ["chi", "8m"]])
              for lang in LANGS]
    cases += [_call("ledger.tilebox.seat_wind", seat, dealer, players)
              for seat in range(4) for dealer in range(4) for players in (3, 4) if seat < players]
    cases += [_call("ledger.tilebox.wind_seat", wind, dealer, players)
              for wind in "ESWN" for dealer in range(3) for players in (3, 4)]
    cases += [_call("ledger.tilebox.own_classes", text)
              for text in ("tiles for-riichi for-tiles not-yakuman", "field check for-3p", "")]
    cases += [_call("ledger.tilebox.own_id", "f-hand", seat) for seat in range(4)]
    cases += [_call("ledger.tilebox.situation", seat, dealer, round_code, result, riichi, record["rules"])
              for seat, dealer, round_code, result, riichi, record in
              ((1, 0, "S2", "ron", [1], RECORDS[3]), (0, 2, "E1", "tsumo", [], RECORDS[1]),
               (2, 1, "W1", "ron", [0, 2], RECORDS[9]))]
    cases += [_call("ledger.tilebox.winner_values", tiles) for tiles in
              ({"han": 3, "fu": 30, "yakuman": 0}, {"han": 0, "fu": 0, "yakuman": 8},
               {"han": 17, "fu": 40, "yakuman": 0})]
    situation = {"rule": "riichi", "fumode": "tiles", "win": "ron", "seatwind": "S", "roundwind": "E",
                 "riichi": "1", "players": "4"}
    cases += [_helper("tilebox_value", dict(situation, hand=hand, agari=agari))
              for hand, agari, _win, _dora in hands]
    cases += [_call("tiles.sprite.sprite_svg"), _call("tiles.sprite.symbol_id", "0p")]
    return cases


# ---------------------------------------------------------------- dom.py and address.py

def page_cases():
    elements = [["path", {"d": "M0 0h1", "class": "a", "data-seat": "0", "stroke-dasharray": "7 4"}, None],
                ["text", {"x": "1", "y": "2", "text-anchor": "end", "dominant-baseline": "middle"}, "<i>김"]]
    cases = [_helper("page_helpers", search, keys, pairs, elements) for search, keys, pairs in (
        ("?han=3&bogus=1&fu=30", ["rule", "han", "fu"], [["rule", "riichi"], ["han", "4"]]),
        ("", ["han"], []), ("?seat=2&place=1", ["seat", "place", "riichi"], [["seat", "2"]]))]
    cases += [_call("engine.compat.stripped", text) for text in
              ("  Kim ", "\u3000김민수\u3000", "\t\n", "", "a b", "\u00a0x\u2003", "\u200bx")]
    cases += [_call("calculator.link_pairs", dict(DEFAULTS, **mapping)) for mapping in (
        {"rule": "riichi", "han": "3", "fu": "30", "win": "ron", "seat": "nondealer"},
        {"rule": "hk", "fan": "0", "han": "5", "win": "tsumo"})]
    return cases


def season_cases():
    """The season page's presenter (site/season/present.py): every cell of random players' rows,
    the rows sorted by every column both ways, the chart and the CSV files."""
    rng = random.Random(38)
    rows = []
    for number in range(12):
        games = rng.randint(0, 40)
        places = [0, 0, 0, 0]
        for _ in range(games):
            places[rng.randrange(4)] += 1
        hands = games * rng.randint(8, 14)
        wins = rng.randint(0, hands // 3) if hands else 0
        deal_ins = rng.randint(0, hands // 4) if hands else 0
        draws = rng.randint(0, hands // 5) if hands else 0
        rows.append({"name": f"{'김민수유키Ann'[number % 6:]}{number}", "games": games,
                     "hands": hands, "places": places,
                     "points": rng.randint(-3000, 3000) / 10 if games else 0,
                     "busts": rng.randint(0, 3), "chombo": rng.randint(0, 1), "wins": wins,
                     "tsumo": rng.randint(0, wins), "win_value": wins * rng.randint(1000, 9000),
                     "deal_ins": deal_ins, "deal_in_value": deal_ins * rng.randint(1000, 7000),
                     "riichi": rng.randint(0, hands // 4) if hands else 0, "draws": draws,
                     "draw_tenpai": rng.randint(0, draws), "yakuman": rng.randint(0, 1)})
    fields = ["name"] + list(season_present.COLUMNS)
    cases = [_call("season.present.cell_text", row, field) for row in rows for field in fields]
    cases += [_call("season.present.sorted_rows", rows, field, descending)
              for field in fields for descending in (True, False)]
    series = [(row["name"], [None] * (number % 3) + [rng.randint(-900, 900) for _ in range(9)])
              for number, row in enumerate(rows[:6])]
    cases += [_call("season.present.chart", {}, series, me) for me in ("", rows[1]["name"])]
    columns = {"column": {field: field.upper() for field in fields + ["places_csv"]}}
    cases += [_call("season.present.players_csv", columns, rows),
              _call("season.present.csv_text", [["a,b", 'q"', "김\n"], [1, -2.5, None]])]
    return cases


GROUPS = {"calculator": calculator_cases(), "conditions": conditions_cases(),
          "ledger": ledger_cases(), "tiles": tile_cases(), "page": page_cases(),
          "season": season_cases(), "imports": [{"import": name} for name in MODULES]}


# ---------------------------------------------------------------- both interpreters

def _strings():
    return {lang: tomllib.loads((ROOT / "content" / lang / "strings.toml").read_text("utf-8"))
            for lang in LANGS}


def cpython_answer(call):
    """What the harness's driver answers, here under CPython (the batch's own helpers are
    tests.mpy_site, imported by MicroPython as mpy_site)."""
    return mpy_answers.cpython_answer(call, aliases=(("mpy_site.", "tests.mpy_site."),))


@pytest.fixture(scope="module")
def strings_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("strings") / "site_strings.json"
    path.write_text(json.dumps(_strings(), ensure_ascii=False), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def answers(strings_file):
    """MicroPython's answers to every group, in one run of the harness."""
    batch = [call for cases in GROUPS.values() for call in cases]
    done = subprocess.run([NODE, str(HARNESS), "--root", str(ROOT), "--with", str(HELPER),
                           "--with", str(strings_file)],
                          cwd=ROOT, input=json.dumps(batch, ensure_ascii=False), capture_output=True,
                          text=True, encoding="utf-8", timeout=900)
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    assert len(found) == len(batch)
    print(f"\nMicroPython (site/): {len(batch)} calls, {done.stderr.strip()}")
    out, at = {}, 0
    for name, cases in GROUPS.items():
        out[name] = found[at:at + len(cases)]
        at += len(cases)
    return out


@pytest.fixture(scope="module")
def cpython(strings_file):
    from tests import mpy_site

    mpy_site.STRINGS = str(strings_file)
    mpy_site._loaded.clear()
    return {name: [cpython_answer(call) for call in cases] for name, cases in GROUPS.items()}


@pytest.mark.parametrize("module", MODULES)
def test_every_site_module_imports_under_micropython(answers, module):
    assert answers["imports"][MODULES.index(module)] == {"value": True}


@pytest.mark.parametrize("name", [name for name in GROUPS if name != "imports"])
def test_same_answers(answers, cpython, name):
    wrong = [(call, ours, theirs) for call, ours, theirs in zip(GROUPS[name], cpython[name], answers[name])
             if ours != theirs]
    shown = "\n".join(f"{json.dumps(call, ensure_ascii=False)[:300]}\n  CPython:     "
                      f"{json.dumps(ours, ensure_ascii=False)[:600]}\n  MicroPython: "
                      f"{json.dumps(theirs, ensure_ascii=False)[:600]}"
                      for call, ours, theirs in wrong[:5])
    assert not wrong, f"{len(wrong)} of {len(GROUPS[name])} answers differ:\n{shown}"


def test_answers_are_real(cpython):
    """The batch is broad and its answers are values, not errors of the harness."""
    sizes = {name: len(cases) for name, cases in GROUPS.items()}
    assert sum(sizes.values()) - sizes["imports"] > 500, sizes
    failed = [(call, answer) for name in GROUPS for call, answer in zip(GROUPS[name], cpython[name])
              if "exception" in answer and call["fn"] != "ledger.draft.read"]
    assert not failed, failed[:3]
