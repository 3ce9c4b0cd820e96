"""Every win in the Tenhou records, given to the engine as its tiles (fumode=tiles): the same
yaku, han, fu, dora, ura, red fives, North tiles and points as Tenhou counted them."""
import pytest

from engine import calculate
from tests.tenhou import DATA
from tests.tenhou_agari import every_win

WINS = list(every_win()) if DATA.is_dir() else []
pytestmark = pytest.mark.skipif(not WINS, reason="the Tenhou records are not beside the repository")


def test_every_record_is_read():
    assert len(WINS) == 947  # SOURCES.md: 983 AGARI tags, 36 of them in the JSON copies and games
    assert sum(w.keys["players"] == "3" for w in WINS) == 9
    assert sum(w.kita > 0 for w in WINS) == 7


@pytest.mark.parametrize("win", WINS, ids=[w.where for w in WINS])
def test_win_as_tenhou_counted_it(win):
    result = calculate(win.keys)
    tiles = result["tiles"]
    ours = sorted((y["name"], y.get("han", "yakuman")) for y in tiles["yaku"])
    assert ours == sorted(win.yaku)
    assert result["total"] == win.points  # Tenhou's `ten`: no honba, no sticks
    if not tiles["yakuman"]:
        assert tiles["fu"] == win.fu
        # Tenhou counts a North set aside as a dora (id 52), with the indicators' dora
        assert (tiles["dora"] + tiles["kita"], tiles["ura"], tiles["aka"]) == (win.dora, win.ura,
                                                                               win.aka)
        assert tiles["han"] == sum(h for _n, h in win.yaku) + win.dora + win.ura + win.aka
