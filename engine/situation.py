"""Which situation flags can apply to a hand from its tiles (SPEC §9.1, §9.2): one table, read
both ways. The engine raises the first flag set against it (``refused``: the field and its code,
which tilehand raises as a TileError); the page offers only the flags that can apply
(``applicable``) and sends the others as off.

Each row is a flag, the error code it is refused with, and what it needs, in the order the
engine checks them (the first row broken names the error):

>>> [row.flag + " " + row.code for row in NEEDS][:3]
['kita needs_three_players', 'riichi needs_closed', 'doubleriichi needs_closed']
>>> facts = Facts(players=3, win="tsumo", dealer=False, riichi=False, opened=False, kan=False,
...               called=False, kita=1)
>>> applicable(facts)
('riichi', 'doubleriichi', 'haitei', 'rinshan', 'chiihou', 'kita')
>>> refused({"rinshan": 1, "kita": 1}, facts), refused({"rinshan": 1}, Facts(win="ron"))
(None, ('rinshan', 'needs_kan'))
"""
from .compat import Record, kept
from .keys import SITUATION_FLAGS

# The flags, and the two other keys the table also rules on: the ura indicators (riichi only)
# and the North tiles set aside (three-player only).
RULED = SITUATION_FLAGS + ("ura", "kita")


class Facts(Record):
    """What the flags are checked against: ``players`` 4|3; ``win`` ron | tsumo, or None for a
    13-tile hand (its flags go with either win); ``dealer``; ``riichi``: riichi or double riichi
    declared; ``opened``: a called meld other than a concealed kan; ``kan``: a kan among the
    melds; ``called``: any meld at all; ``kita``: the North tiles set aside."""

    FIELDS = ("players", "win", "dealer", "riichi", "opened", "kan", "called", "kita")
    DEFAULTS = {"players": 4, "win": None, "dealer": False, "riichi": False, "opened": False,
                "kan": False, "called": False, "kita": 0}


class Need(Record):
    """One row: `flag` is refused with `code` unless ``test(facts)`` holds."""

    FIELDS = ("flag", "code", "test")


def _three(f):
    return int(f.players) == 3


def _closed(f):
    return not f.opened


def _riichi(f):
    return f.riichi and not f.opened


def _replacement(f):
    # the replacement tile comes after a kan, or in three-player after a North set aside
    # (Tenhou's records: rinshan kaihou on the tile drawn after a nukidora)
    return f.kan or bool(f.kita)


def _tsumo(f):
    return f.win != "ron"


def _ron(f):
    return f.win != "tsumo"


def _dealer(f):
    return f.dealer


def _nondealer(f):
    return not f.dealer


def _uncalled(f):
    return not f.called


NEEDS = (
    Need("kita", "needs_three_players", _three),
    Need("riichi", "needs_closed", _closed),
    Need("doubleriichi", "needs_closed", _closed),
    Need("ippatsu", "needs_riichi", _riichi),
    Need("ura", "needs_riichi", _riichi),
    Need("rinshan", "needs_kan", _replacement),
    Need("haitei", "needs_tsumo", _tsumo),
    Need("rinshan", "needs_tsumo", _tsumo),
    Need("tenhou", "needs_tsumo", _tsumo),
    Need("chiihou", "needs_tsumo", _tsumo),
    Need("houtei", "needs_ron", _ron),
    Need("chankan", "needs_ron", _ron),
    Need("renhou", "needs_ron", _ron),
    Need("tenhou", "needs_dealer", _dealer),
    Need("chiihou", "needs_nondealer", _nondealer),
    Need("renhou", "needs_nondealer", _nondealer),
    Need("tenhou", "no_calls", _uncalled),
    Need("chiihou", "no_calls", _uncalled),
    Need("renhou", "no_calls", _uncalled),
)

# The flags of one win only: on the other, a 13-tile hand's wait counts them as off.
TSUMO_ONLY = tuple(row.flag for row in NEEDS if row.code == "needs_tsumo")
RON_ONLY = tuple(row.flag for row in NEEDS if row.code == "needs_ron")


_APPLICABLE = {}  # applicable's answers by the facts' values (a page asks on every input)


def applicable(facts):
    """The keys of RULED that can apply under `facts`, in RULED's order."""
    key = facts.values()
    found = _APPLICABLE.get(key)
    if found is None:
        broken = [row.flag for row in NEEDS if not row.test(facts)]
        found = kept(_APPLICABLE, key, tuple([flag for flag in RULED if flag not in broken]), 64)
    return found


def refused(values, facts):
    """(flag, code) of the first row whose flag `values` sets (as query.parse gives them: a flag
    1, the ura indicators' text, the North tiles' count) while `facts` break it; None when every
    flag set can apply."""
    for row in NEEDS:
        if values.get(row.flag) and not row.test(facts):
            return row.flag, row.code
    return None
