"""Tiles as written (``234m067p55s``, ``pon:777z``) and every reading of a winning hand.

A tile is an index 0–33: 1m–9m are 0–8, 1p–9p 9–17, 1s–9s 18–26, East South West North White
Green Red 27–33. ``0`` in the notation is a red five: the same tile, counted apart as aka.

>>> [name(t) for t, _red in parse_tiles("0m19p7z", "hand")]
['5m', '1p', '9p', '7z']
>>> hand = counts(parse_tiles("11122233345699m", "hand"))
>>> [(r.wait, "".join(g.kind[0] for g in r.groups)) for r in readings(hand, (), agari=0)]
[('shanpon', 'ttts'), ('ryanmen', 'ssss')]
"""
import re

from .compat import Record, unique, whole
from .inputs import EngineError

SUITS = "mpsz"
HONOURS = range(27, 34)
WINDS = {"E": 27, "S": 28, "W": 29, "N": 30}
DRAGONS = (31, 32, 33)
TERMINALS = (0, 8, 9, 17, 18, 26)
ORPHANS = TERMINALS + tuple(HONOURS)  # the thirteen tiles of kokushi
MELD_KINDS = ("chi", "pon", "kan", "ankan")  # chi, pon, kan (called or added) are open

_WRITTEN = re.compile(r"([0-9]+[mps]|[1-7]+z)+$")


class TileError(EngineError):
    """Tiles that cannot be read: ``field`` and a code of SPEC §9.2 (query.py turns it into an
    InputError); ``tile``, for ``too_many``, the tile held more often than the set has it, for
    ``not_held``, the winning tile written beside 13 tiles."""

    def __init__(self, field, code, tile=None):
        super().__init__(f"{field}: {code}")
        self.field = field
        self.code = code
        self.tile = tile


def name(tile, red=False):
    """The tile as the notation writes it; a red five as 0 (``name(4, True)`` is "0m")."""
    return f"{0 if red else tile % 9 + 1}{SUITS[tile // 9]}"


def is_honour(tile):
    return tile >= 27


def is_terminal_or_honour(tile):
    return tile >= 27 or tile % 9 in (0, 8)


def next_tile(tile, players=4):
    """The dora shown by an indicator: the next tile, 9 -> 1 in a suit, North -> East,
    Red -> White; in three-player 1m -> 9m (2m–8m are not in the set)."""
    if tile >= 31:
        return 31 + (tile - 30) % 3
    if tile >= 27:
        return 27 + (tile - 26) % 4
    if players == 3 and tile in (0, 8):
        return 8 - tile
    return tile - tile % 9 + (tile % 9 + 1) % 9


def parse_tiles(text, field):
    """Written tiles -> [(tile, red)], in the order written; TileError(field, "bad_tiles")."""
    text = text.replace(" ", "").lower()
    if not whole(_WRITTEN, text):
        raise TileError(field, "bad_tiles")
    tiles = []
    digits = []
    for char in text:  # digits, then the suit they are in
        if char in SUITS:
            for digit in digits:
                number = int(digit)
                red = number == 0
                tiles.append((SUITS.index(char) * 9 + (4 if red else number - 1), red))
            digits = []
        else:
            digits.append(char)
    return tiles


class Meld(Record):
    """A called or declared meld: kind is one of MELD_KINDS; tile is its lowest tile; reds the
    red fives in it."""

    FIELDS = ("kind", "tile", "reds")

    @property
    def size(self):
        return 4 if self.kind in ("kan", "ankan") else 3

    @property
    def opened(self):
        return self.kind != "ankan"

    def tiles(self):
        if self.kind == "chi":
            return [self.tile, self.tile + 1, self.tile + 2]
        return [self.tile] * self.size

    def marked(self):
        """[(tile, red)]: its tiles, the red five marked."""
        reds = self.reds
        out = []
        for tile in self.tiles():
            red = reds > 0 and tile < 27 and tile % 9 == 4
            reds -= red
            out.append((tile, red))
        return out


def parse_melds(text):
    """``pon:777z,chi:345s`` -> (Meld, ...); TileError("melds", "bad_tiles") for anything else."""
    melds = []
    for part in filter(None, text.replace(" ", "").lower().split(",")):
        kind, sep, written = part.partition(":")
        if not sep or kind not in MELD_KINDS:
            raise TileError("melds", "bad_tiles")
        tiles = parse_tiles(written, "melds")
        indices = sorted(t for t, _red in tiles)
        reds = sum(red for _t, red in tiles)
        first = indices[0]
        if kind == "chi":
            fits = (len(indices) == 3 and first < 27 and first % 9 <= 6
                    and indices == [first, first + 1, first + 2])
        else:
            fits = len(indices) == (3 if kind == "pon" else 4) and len(set(indices)) == 1
        if not fits:
            raise TileError("melds", "bad_tiles")
        melds.append(Meld(kind, first, reds))
    return tuple(melds)


def counts(tiles):
    """[(tile, red)] -> 34 counts."""
    found = [0] * 34
    for tile, _red in tiles:
        found[tile] += 1
    return found


class Group(Record):
    """One meld of a reading: kind ``sequence``, ``triplet`` or ``kan``; ``tile`` its lowest tile;
    ``opened``: called, or a triplet a ron completed; ``called``: given in ``melds``."""

    FIELDS = ("kind", "tile", "opened", "called")
    DEFAULTS = {"opened": False, "called": False}

    def tiles(self):
        if self.kind == "sequence":
            return (self.tile, self.tile + 1, self.tile + 2)
        return (self.tile,) * (4 if self.kind == "kan" else 3)


class Reading(Record):
    """One way to read a winning hand: shape ``standard`` (groups, a tuple of Group, + one pair),
    ``chiitoitsu`` (seven pairs) or ``kokushi`` (pairs holds its pair); wait is one of keys.WAITS."""

    FIELDS = ("shape", "groups", "pairs", "wait")


def _called(meld):
    kind = {"chi": "sequence", "pon": "triplet"}.get(meld.kind, "kan")
    return Group(kind, meld.tile, meld.opened, True)


def _sets(found, start=0):
    """Every split of the 34 counts into triplets and sequences, each split once."""
    i = start
    while i < 34 and not found[i]:
        i += 1
    if i == 34:
        yield ()
        return
    if found[i] >= 3:
        found[i] -= 3
        for rest in _sets(found, i):
            yield (("triplet", i),) + rest
        found[i] += 3
    if i < 27 and i % 9 <= 6 and found[i + 1] and found[i + 2]:
        for j in (i, i + 1, i + 2):
            found[j] -= 1
        for rest in _sets(found, i):
            yield (("sequence", i),) + rest
        for j in (i, i + 1, i + 2):
            found[j] += 1


def _sequence_wait(start, tile):
    if tile == start + 1:
        return "kanchan"
    if (tile == start + 2 and start % 9 == 0) or (tile == start and start % 9 == 6):
        return "penchan"
    return "ryanmen"


def readings(found, melds, agari, ron=False):
    """Every reading of the concealed counts `found` (the winning tile `agari` included) with
    the called `melds`: each split into sets and a pair, and each place the winning tile can
    take in it (a triplet completed by ron counts as open); chiitoitsu; kokushi."""
    found = list(found)
    called = tuple(_called(meld) for meld in melds)
    out = []
    if sum(found) + 3 * len(melds) != 14:
        return out
    for pair in range(34):
        if found[pair] < 2:
            continue
        found[pair] -= 2
        for sets in _sets(found):
            if pair == agari:
                groups = tuple(Group(kind, tile) for kind, tile in sets)
                out.append(Reading("standard", called + groups, (pair,), "tanki"))
            for kind, tile in unique(sets):
                if not tile <= agari <= tile + (2 if kind == "sequence" else 0):
                    continue
                if kind == "sequence":
                    wait, won = _sequence_wait(tile, agari), Group(kind, tile)
                else:
                    wait, won = "shanpon", Group(kind, tile, opened=ron)
                groups = [Group(k, t) for k, t in sets]
                groups[sets.index((kind, tile))] = won
                groups = tuple(groups)
                out.append(Reading("standard", called + groups, (pair,), wait))
        found[pair] += 2
    if not melds:
        pairs = tuple(t for t in range(34) if found[t] == 2)
        if len(pairs) == 7:
            out.append(Reading("chiitoitsu", (), pairs, "tanki"))
        if all(found[t] for t in ORPHANS) and sum(found[t] for t in ORPHANS) == 14:
            pair = next(t for t in ORPHANS if found[t] == 2)
            out.append(Reading("kokushi", (), (pair,), "tanki"))
    return unique(out)  # 234m 456m won on 4m: one reading, however it was reached
