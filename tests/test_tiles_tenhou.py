"""Every win in the Tenhou records, given to the engine as its tiles (fumode=tiles): the same
yaku, han, fu, dora, ura, red fives, North tiles and points as Tenhou counted them.

983 wins: the 947 AGARI tags of the mjlog XML games and the 36 wins of the five three-player
tenhou.net/6 JSON games (SOURCES.md: 983 AGARI tags). The JSON copies of six XML games (114–119)
are checked too, as a test of the JSON reader against the XML one.
"""
import pytest

from engine import calculate
from tests.tenhou import DATA
from tests.tenhou_agari import every_json_win, every_win, json_wins

HERE = DATA.is_dir()
WINS = [*every_win(), *every_json_win()] if HERE else []
COPIES = [w for path in sorted(DATA.glob("11[4-9]-*.json")) for w in json_wins(path)] if HERE else []
pytestmark = pytest.mark.skipif(not WINS, reason="the Tenhou records are not beside the repository")


def test_every_record_is_read():
    assert len(WINS) == 983  # SOURCES.md: AGARI tags 983
    assert sum(w.keys["players"] == "3" for w in WINS) == 45  # 9 XML, 36 JSON
    assert sum(w.kita > 0 for w in WINS) == 30
    assert len(COPIES) == 59


def _check(win):
    result = calculate(win.keys)
    tiles = result["tiles"]
    ours = sorted((y["name"], y.get("han", "yakuman")) for y in tiles["yaku"])
    assert ours == sorted(win.yaku)
    assert result["total"] == win.points  # Tenhou's `ten`: no honba, no sticks
    if not tiles["yakuman"]:
        if win.fu:  # the JSON logs show no fu from mangan up
            assert tiles["fu"] == win.fu
        # Tenhou counts a North set aside as a dora (id 52, ドラ), with the indicators' dora
        assert (tiles["dora"] + tiles["kita"], tiles["ura"], tiles["aka"]) == (win.dora, win.ura,
                                                                               win.aka)
        assert tiles["han"] == sum(h for _n, h in win.yaku) + win.dora + win.ura + win.aka


@pytest.mark.parametrize("win", WINS, ids=[w.where for w in WINS])
def test_win_as_tenhou_counted_it(win):
    _check(win)


@pytest.mark.parametrize("win", COPIES, ids=[w.where for w in COPIES])
def test_json_copies_as_tenhou_counted_them(win):
    _check(win)
