"""What the calculator does to be quick under MicroPython (issue 35) changes no answer.

The remembered answers (the tiles' value and waits, ``used_keys``, the flags that can apply, a
hand read from the fields and its fields written back) equal what the same functions work out
afresh, on Tenhou's wins, the same hands less their winning tile, random tiles and random
mappings; the sorting table and the counting of copies agree with the functions they stand for;
the garbage collector's threshold is raised only where the interpreter has one (MicroPython in
Node, as the page runs it), and the calculator's start raises it.
"""
import ast
import json
import random
import shutil
import subprocess
import sys
import types
from pathlib import Path

import pytest

import dom
from engine import calculate, situation, tilehand
from engine.keys import DEFAULTS, KEYS
from engine.query import counts, parse, used_keys
from engine.tiles import TileError, name, parse_tiles
from tests.tenhou import DATA
from tests.tenhou_agari import every_win
from tests.test_tiles_cards import DOUBLE_WIND, HAND, KITA_RINSHAN, SANMA, WAITING
from tiles.hand import ORDER, Hand, kind, order, tiles

ROOT = Path(__file__).resolve().parent.parent
HARNESS = ROOT / "tools" / "mpy_run.mjs"
RUNTIME = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"
NODE = shutil.which("node")


def _write(found):
    return "".join(f"{t % 9 + 1}{'mpsz'[t // 9]}" for t in found)


def _tile_mappings():
    """Tenhou's wins (every fifth), each of them less its winning tile, and random 13 and 14
    tiles (most no win, some refused), as the calculator's form would give them."""
    rng = random.Random(35)
    # the tile cards' own hands, wins and a wait, so wins are there with no Tenhou data (as CI runs)
    found = [dict({"rule": "riichi", "fumode": "tiles"}, **keys)
             for keys in (HAND, DOUBLE_WIND, KITA_RINSHAN, dict(SANMA, players="3"), {"hand": WAITING})]
    wins = list(every_win())[::5] if DATA.is_dir() else []
    for win in wins:
        found.append(win.keys)
        hand = [t for t, _red in parse_tiles(win.keys["hand"], "hand")]
        hand.remove(parse_tiles(win.keys["agari"], "agari")[0][0])
        found.append(dict(win.keys, hand=_write(hand), agari=""))
    for _ in range(80):
        drawn = rng.sample([t for t in range(34) for _copy in range(4)], rng.choice((13, 14)))
        mapping = {"rule": "riichi", "fumode": "tiles", "hand": _write(sorted(drawn)),
                   "agari": name(drawn[0]) if len(drawn) == 14 else "",
                   "riichi": str(rng.randint(0, 1)), "win": rng.choice(("ron", "tsumo")),
                   "seatwind": rng.choice("ESWN"), "roundwind": rng.choice("ES")}
        found.append(mapping)
    return found


def _fresh(v):
    """tilehand.answer's work without its memory."""
    if not v["agari"] and tilehand.tile_count(v) == 13:
        return "waits", tilehand.waits(v)
    return "value", tilehand.hand_value(v)


def _plain(answer):
    kind_, found = answer
    if kind_ == "waits":
        return kind_, json.dumps(found, sort_keys=True)
    return kind_, (found.hand, found.fu.fu if found.fu else None, found.total,
                   json.dumps(found.tiles, sort_keys=True))


def _outcome(function, v):
    try:
        return _plain(function(v))
    except TileError as error:
        return ("refused", error.field, error.code, error.tile)


def test_remembered_tile_answers_are_the_fresh_ones():
    mappings = _tile_mappings()
    assert len(mappings) > (100 if DATA.is_dir() else 80)
    tilehand._ANSWERS.clear()
    kinds = set()
    for mapping in mappings:
        v = parse(mapping)
        fresh = _outcome(_fresh, v)
        assert _outcome(tilehand.answer, v) == fresh, mapping  # worked out, then kept
        assert _outcome(tilehand.answer, v) == fresh, mapping  # from memory
        if fresh[0] != "refused":
            assert tilehand.answer(v) is tilehand.answer(v)  # the same objects, shared
            kinds.add(fresh[0])
    assert kinds == {"value", "waits"}  # wins valued and 13 tiles' waits, both remembered
    assert len(tilehand._ANSWERS) <= tilehand._ANSWERS_MAX


def test_calculate_gives_the_same_result_twice():
    """engine.calculate's results for tiles built on a remembered answer: the second equal to the
    first, and each a new dict (a caller may keep or change its own)."""
    for mapping in _tile_mappings()[:60]:
        try:
            first = calculate(mapping)
        except Exception as error:  # noqa: BLE001 - a refusal, raised again the same
            with pytest.raises(type(error)):
                calculate(mapping)
            continue
        second = calculate(mapping)
        assert json.dumps(second, sort_keys=True) == json.dumps(first, sort_keys=True)
        assert second is not first and second["notices"] is not first["notices"]


def _random_mapping(rng):
    mapping = {}
    for key in KEYS:
        if rng.random() < 0.5:
            continue
        choices = tuple(KEYS[key].choices or ()) or (DEFAULTS[key], "x")
        mapping[key] = rng.choice(choices)
    return mapping


def test_remembered_used_keys_are_the_walk():
    rng = random.Random(5)
    for _ in range(400):
        mapping = _random_mapping(rng)
        walk = [name for name in KEYS if counts(name, mapping)]
        assert used_keys(mapping) == walk
        assert used_keys(mapping) == walk  # from memory, a new list each time
        used_keys(mapping).append("changed")
        assert used_keys(mapping) == walk
    listed = {"rule": ["hk"], "win": "tsumo"}  # a list (parse_qs): walked, not kept
    assert used_keys(listed) == [name for name in KEYS if counts(name, listed)]


def test_remembered_applicable_flags_are_the_table():
    for players in (3, 4):
        for win in ("ron", "tsumo", None):
            for bits in range(16):
                dealer, riichi, opened, kan = (bool(bits & 1 << i) for i in range(4))
                for kita in (0, 2):
                    facts = situation.Facts(players=players, win=win, dealer=dealer, riichi=riichi,
                                            opened=opened, kan=kan, called=opened or kan, kita=kita)
                    table = tuple(flag for flag in situation.RULED
                                  if all(row.test(facts) for row in situation.NEEDS if row.flag == flag))
                    assert situation.applicable(facts) == table
                    assert situation.applicable(facts) == table


def test_tile_order_table_and_copies():
    codes = [digit + suit for suit in "mps" for digit in "0123456789"] + [f"{n}z" for n in range(1, 8)]
    assert {code: order(code) for code in codes} == ORDER
    rng = random.Random(9)
    for _ in range(200):
        found = rng.sample(codes * 4, rng.randint(0, 14))
        hand = Hand(tuple(found), "", (("pon", ("5m", "5m", "0m")),), ("5p",), ())
        for tile in codes:
            everything = list(found) + ["5m", "5m", "0m", "5p"]
            assert hand.copies(tile) == sum(kind(t) == kind(tile) for t in everything)
        assert Hand.read(" ".join(found), "", "", "", "").shown()[0] == sorted(found, key=order)


def test_a_hand_read_again_is_the_same_hand():
    texts = ("123m406p55s 77z", "7z", "pon:777z,chi:345s", "1m", "")
    first = Hand.read(*texts)
    assert Hand.read(*texts) is first
    fresh = Hand(tuple(tiles(texts[0])), "7z", (("pon", ("7z", "7z", "7z")), ("chi", ("3s", "4s", "5s"))),
                 ("1m",), ())
    assert first == fresh
    fields = first.fields()
    assert fields == {"hand": "123m406p55s77z", "agari": "7z", "melds": "pon:777z,chi:345s",
                      "dora": "1m", "ura": ""}
    fields["hand"] = "changed"  # a caller's copy: the hand's own stay as they were
    assert first.fields() == fresh.fields()


def test_collect_less_only_where_the_interpreter_has_a_threshold(monkeypatch):
    import gc

    assert not hasattr(gc, "threshold")  # CPython: its collector is left as it is
    assert dom.collect_less() is False
    dom.collect_now()
    asked = []
    fake = types.SimpleNamespace(threshold=asked.append, collect=lambda: asked.append("collect"))
    monkeypatch.setitem(sys.modules, "gc", fake)
    assert dom.collect_less() is True
    dom.collect_now()
    assert asked == [dom.GC_THRESHOLD, "collect"]


def test_the_calculator_start_raises_the_threshold():
    """calculator.start(document) calls dom.collect_less (the page's only start), and the quiet
    time's handler collects."""
    tree = ast.parse((ROOT / "site" / "calculator" / "__init__.py").read_text(encoding="utf-8"))
    called = {node.name: {ast.unparse(call.func) for call in ast.walk(node) if isinstance(call, ast.Call)}
              for node in tree.body if isinstance(node, ast.FunctionDef)}
    assert "dom.collect_less" in called["start"]
    assert "dom.collect_now" in called["announce_now"]


HELPER = '''import gc

import dom


def threshold_after():
    """The threshold before and after dom.collect_less, and what it answered."""
    before = gc.threshold()
    done = dom.collect_less()
    dom.collect_now()
    return [before, done, gc.threshold()]
'''


@pytest.mark.skipif(not (NODE and (RUNTIME / "micropython.mjs").is_file()),
                    reason="MicroPython is not installed: run `npm ci` with Node")
def test_collect_less_sets_micropythons_threshold(tmp_path):
    helper = tmp_path / "gc_probe.py"
    helper.write_text(HELPER, encoding="utf-8")
    done = subprocess.run([NODE, str(HARNESS), "--root", str(ROOT), "--with", str(helper)], cwd=ROOT,
                          input=json.dumps([{"fn": "gc_probe.threshold_after"}]), capture_output=True,
                          text=True, encoding="utf-8", timeout=300)
    assert done.returncode == 0, done.stderr
    (answer,) = json.loads(done.stdout)
    before, set_, after = answer["value"]
    assert set_ is True and after == dom.GC_THRESHOLD != before
