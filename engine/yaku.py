"""The yaku of riichi, in SPEC §9.2's order: each a named predicate over a reading and the
situation, with its closed and open han (None: closed only) or its yakuman multiple as data.

``yaku_of(reading, situation)`` lists what a reading scores: only yakuman where there is one,
as (name, 0, K); otherwise (name, han, 0).
"""
from .compat import Record, unique
from .keys import SITUATION_FLAGS
from .tiles import DRAGONS, HONOURS, TERMINALS, is_honour, is_terminal_or_honour

GREEN = frozenset((19, 20, 21, 23, 25, 32))  # 2s 3s 4s 6s 8s and Green


class Situation(Record):
    """What happened at the table, and the table rules the yaku depend on: ``win`` ron | tsumo;
    ``seat`` and ``round`` the winds' tiles; ``closed``: no called meld (a concealed kan keeps the
    hand closed); ``tiles`` every tile in the hand, melds included (a frozenset); ``agari`` the
    winning tile; the situation's flags; the table's ``kuitan``, ``doubleyakuman`` and
    ``renhouvalue`` (none | mangan | yakuman)."""

    FIELDS = ("win", "seat", "round", "closed", "tiles", "agari") + SITUATION_FLAGS + (
        "kuitan", "doubleyakuman", "renhouvalue")
    DEFAULTS = dict({flag: False for flag in SITUATION_FLAGS}, kuitan=True, doubleyakuman=False,
                    renhouvalue="none")


class Yaku(Record):
    """A yaku: its han when ``closed`` and when ``open`` (None: closed only), its ``test`` of a
    reading and a situation, and ``yakuman`` 1 for a yakuman, 2 for a double yakuman where the
    table rule doubleyakuman is on."""

    FIELDS = ("name", "closed", "open", "test", "yakuman")
    DEFAULTS = {"yakuman": 0}


def _triplets(r):
    return [g.tile for g in r.groups if g.kind != "sequence"]


def _sequences(r):
    return [g.tile for g in r.groups if g.kind == "sequence"]


def _every_tile(r):
    for g in r.groups:
        yield from g.tiles()
    yield from r.pairs


def _pinfu(r, s):
    return (r.shape == "standard" and s.closed and r.wait == "ryanmen" and len(_sequences(r)) == 4
            and not _valued_pair(r.pairs[0], s))


def _valued_pair(tile, s):
    return tile in DRAGONS or tile in (s.seat, s.round)


def _tanyao(r, s):
    return (s.closed or s.kuitan) and not any(is_terminal_or_honour(t) for t in s.tiles)


def _counts(tiles):
    """34 counts of `tiles`."""
    found = [0] * 34
    for tile in tiles:
        found[tile] += 1
    return found


def _peikou(r):
    """How many pairs of identical sequences a closed reading has (ryanpeikou: 2)."""
    return sum(n // 2 for n in _counts(_sequences(r)))


def _yakuhai(tile):
    return lambda r, s: tile in _triplets(r)


def _outside(r, allow_honours):
    """Every meld and the pair hold a terminal (or an honour), with at least one sequence."""
    if r.shape != "standard" or not _sequences(r):
        return False
    if not allow_honours and any(is_honour(t) for t in _every_tile(r)):
        return False
    return all(any(is_terminal_or_honour(t) for t in g.tiles()) for g in r.groups) and (
        is_terminal_or_honour(r.pairs[0]))


def _chanta(r, s):
    return _outside(r, True) and any(is_honour(t) for t in s.tiles)


def _junchan(r, s):
    return _outside(r, False)


def _ittsu(r, s):
    runs = set(_sequences(r))
    return any({suit, suit + 3, suit + 6} <= runs for suit in (0, 9, 18))


def _sanshoku(r, s):
    runs = set(_sequences(r))
    return any({n, n + 9, n + 18} <= runs for n in range(7))


def _sanshoku_doukou(r, s):
    sets = set(_triplets(r))
    return any({n, n + 9, n + 18} <= sets for n in range(9))


def _kans(r):
    return sum(g.kind == "kan" for g in r.groups)


def _concealed_triplets(r):
    return sum(g.kind != "sequence" and not g.opened for g in r.groups)


def _toitoi(r, s):
    return r.shape == "standard" and len(_triplets(r)) == 4


def _dragon_sets(r):
    return sum(t in DRAGONS for t in _triplets(r))


def _wind_sets(r):
    return sum(27 <= t <= 30 for t in _triplets(r))


def _honroutou(r, s):
    return r.shape != "kokushi" and all(is_terminal_or_honour(t) for t in s.tiles)


def _one_suit(s, honours):
    suits = {t // 9 for t in s.tiles if not is_honour(t)}
    return len(suits) == 1 and honours == any(is_honour(t) for t in s.tiles)


def _chuuren_counts(r, s):
    """The 34 counts of a closed one-suit hand of nine gates, or None."""
    if r.shape != "standard" or not s.closed or _kans(r) or not _one_suit(s, False):
        return None
    found = _counts(list(_every_tile(r)) + list(r.pairs))  # _every_tile counted the pair once
    suit = min(t for t in range(34) if found[t]) // 9 * 9
    base = [3, 1, 1, 1, 1, 1, 1, 1, 3]
    numbers = [found[suit + i] for i in range(9)]
    if all(n >= b for n, b in zip(numbers, base)):
        return numbers, base, suit
    return None


def _chuuren(r, s):
    return _chuuren_counts(r, s) is not None and not _junsei(r, s)


def _junsei(r, s):
    found = _chuuren_counts(r, s)
    if found is None:
        return False
    numbers, base, suit = found
    return numbers[s.agari - suit] == base[s.agari - suit] + 1


def _renhou(value):
    return lambda r, s: s.renhou and s.renhouvalue == value


YAKU = (
    Yaku("menzen_tsumo", 1, None, lambda r, s: s.closed and s.win == "tsumo"),
    Yaku("riichi", 1, None, lambda r, s: s.riichi and not s.doubleriichi),
    Yaku("ippatsu", 1, None, lambda r, s: s.ippatsu),
    Yaku("chankan", 1, 1, lambda r, s: s.chankan),
    Yaku("rinshan", 1, 1, lambda r, s: s.rinshan),
    Yaku("haitei", 1, 1, lambda r, s: s.haitei),
    Yaku("houtei", 1, 1, lambda r, s: s.houtei),
    Yaku("pinfu", 1, None, _pinfu),
    Yaku("tanyao", 1, 1, _tanyao),
    Yaku("iipeikou", 1, None, lambda r, s: r.shape == "standard" and _peikou(r) == 1),
    Yaku("seat_wind", 1, 1, lambda r, s: s.seat in _triplets(r)),
    Yaku("round_wind", 1, 1, lambda r, s: s.round in _triplets(r)),
    Yaku("haku", 1, 1, _yakuhai(31)),
    Yaku("hatsu", 1, 1, _yakuhai(32)),
    Yaku("chun", 1, 1, _yakuhai(33)),
    Yaku("double_riichi", 2, None, lambda r, s: s.doubleriichi),
    Yaku("chiitoitsu", 2, None, lambda r, s: r.shape == "chiitoitsu"),
    Yaku("chanta", 2, 1, _chanta),
    Yaku("ittsu", 2, 1, _ittsu),
    Yaku("sanshoku", 2, 1, _sanshoku),
    Yaku("sanshoku_doukou", 2, 2, _sanshoku_doukou),
    Yaku("sankantsu", 2, 2, lambda r, s: _kans(r) == 3),
    Yaku("toitoi", 2, 2, _toitoi),
    Yaku("sanankou", 2, 2, lambda r, s: _concealed_triplets(r) == 3),
    Yaku("shousangen", 2, 2, lambda r, s: _dragon_sets(r) == 2 and r.pairs[0] in DRAGONS),
    Yaku("honroutou", 2, 2, _honroutou),
    Yaku("ryanpeikou", 3, None, lambda r, s: r.shape == "standard" and _peikou(r) == 2),
    Yaku("junchan", 3, 2, _junchan),
    Yaku("honitsu", 3, 2, lambda r, s: _one_suit(s, True)),
    Yaku("chinitsu", 6, 5, lambda r, s: _one_suit(s, False)),
    Yaku("renhou", 5, None, _renhou("mangan")),  # 5 han, as a mangan (the mahjong package's value)
    Yaku("renhou", 0, None, _renhou("yakuman"), yakuman=1),
    Yaku("tenhou", 0, None, lambda r, s: s.tenhou, yakuman=1),
    Yaku("chiihou", 0, None, lambda r, s: s.chiihou, yakuman=1),
    Yaku("daisangen", 0, 0, lambda r, s: _dragon_sets(r) == 3, yakuman=1),
    Yaku("suuankou", 0, None,
         lambda r, s: _concealed_triplets(r) == 4 and r.wait != "tanki", yakuman=1),
    Yaku("suuankou_tanki", 0, None,
         lambda r, s: _concealed_triplets(r) == 4 and r.wait == "tanki", yakuman=2),
    Yaku("tsuuiisou", 0, 0, lambda r, s: s.tiles <= set(HONOURS), yakuman=1),
    Yaku("ryuuiisou", 0, 0, lambda r, s: s.tiles <= GREEN, yakuman=1),
    Yaku("chinroutou", 0, 0, lambda r, s: s.tiles <= set(TERMINALS), yakuman=1),
    Yaku("chuuren", 0, None, _chuuren, yakuman=1),
    Yaku("junsei_chuuren", 0, None, _junsei, yakuman=2),
    Yaku("kokushi", 0, None, lambda r, s: r.shape == "kokushi" and r.pairs[0] != s.agari,
         yakuman=1),
    Yaku("kokushi_13", 0, None, lambda r, s: r.shape == "kokushi" and r.pairs[0] == s.agari,
         yakuman=2),
    Yaku("daisuushii", 0, 0, lambda r, s: _wind_sets(r) == 4, yakuman=2),
    Yaku("shousuushii", 0, 0,
         lambda r, s: _wind_sets(r) == 3 and 27 <= r.pairs[0] <= 30, yakuman=1),
    Yaku("suukantsu", 0, 0, lambda r, s: _kans(r) == 4, yakuman=1),
)
NAMES = tuple(unique(y.name for y in YAKU))
DOUBLE_YAKUMAN = tuple(y.name for y in YAKU if y.yakuman == 2)


def yaku_of(reading, situation):
    """What `reading` scores: [(name, han, 0)] or, where any yakuman is present, only the yakuman
    as [(name, 0, K)] (K = 2 for the doubles when the table counts them double)."""
    han, limits = [], []
    for yaku in YAKU:
        value = yaku.closed if situation.closed else yaku.open
        if value is None or not yaku.test(reading, situation):
            continue
        if yaku.yakuman:
            multiple = yaku.yakuman if situation.doubleyakuman else 1
            limits.append((yaku.name, 0, multiple))
        else:
            han.append((yaku.name, value, 0))
    return limits or han
