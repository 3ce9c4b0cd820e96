"""Winning hands built from the tiles of one set (136, with the preset's red fives), the way
they are won at a table: the shape first (what the hand is going for), then the calls, the
winning tile, the situation and the indicators.

``build(rng, plan, aim_dora)`` gives a hand's tiles and flags as (concealed, melds, agari,
flags, dora, ura); ``Short`` where the set ran out of a tile (the caller draws again). The
engine judges the hand afterwards: a hand without a yaku is drawn again too.
"""
from ..tiles import DRAGONS, ORPHANS, WINDS, next_tile

FIVES = (4, 13, 22)
SUIT_TILES = tuple(range(27))
HONOUR_TILES = tuple(range(27, 34))
SIMPLES = tuple(t for t in SUIT_TILES if t % 9 not in (0, 8))
TERMINALS = tuple(t for t in SUIT_TILES if t % 9 in (0, 8))
WIND_NAMES = "ESWN"

# What a hand goes for (its "theme"), by how it is played; weights per thousand-ish.
RIICHI_THEMES = (("free", 54), ("tanyao", 20), ("pinfu", 22), ("iipeikou", 1), ("honitsu", 2),
                 ("ittsu", 1), ("sanshoku", 1))
DAMA_THEMES = (("pinfu", 30), ("tanyao", 28), ("yakuhai", 26), ("iipeikou", 2), ("sanshoku", 4),
               ("ittsu", 3), ("honitsu", 3), ("chinitsu", 1), ("free", 6))
OPEN_THEMES = (("yakuhai", 52), ("tanyao", 26), ("honitsu", 8), ("toitoi", 4), ("ittsu", 2),
               ("sanshoku", 2), ("chanta", 2), ("chinitsu", 2))
YAKUMAN_SHAPES = (("daisangen", 5), ("kokushi", 3), ("suuankou", 4), ("tsuuiisou", 1),
                  ("shousuushii", 1))
# Meld kinds as (kind, weight): a hand holds mostly sequences.
FREE_KINDS = (("sequence", 78), ("triplet", 21), ("kan", 1))
TOITOI_KINDS = (("triplet", 92), ("kan", 8))


class Short(Exception):
    """The set holds no more of a tile the hand needed: draw again."""


class Plan:
    """What a question is: ``shape`` standard | chiitoitsu | yakuman; ``closed``; ``riichi``;
    ``win``; ``seat`` and ``round`` (E|S|W|N); ``aka`` (the preset has red fives)."""

    def __init__(self, shape, closed, riichi, win, seat, round_, aka):
        self.shape, self.closed, self.riichi, self.win = shape, closed, riichi, win
        self.seat, self.round, self.aka = seat, round_, aka


class Deal:
    """The tiles of one set not yet used: four of each kind, one of each suit's fives red where
    the preset has red fives."""

    def __init__(self, rng, aka):
        self.rng = rng
        self.left = [4] * 34
        self.red_left = [1, 1, 1] if aka else [0, 0, 0]

    def has(self, tile, n=1):
        return self.left[tile] >= n

    def take(self, tile, n=1):
        """`n` copies of `tile` as [(tile, red)]: a five is the red one a quarter of the time, and
        always when it is the last copy left."""
        if self.left[tile] < n:
            raise Short
        out = []
        for _ in range(n):
            red = False
            if tile in FIVES and self.red_left[tile // 9]:
                red = self.left[tile] == 1 or self.rng.chance(300)
                if red:
                    self.red_left[tile // 9] = 0
            self.left[tile] -= 1
            out.append((tile, red))
        return out

    def take_plain(self, tile):
        """One copy of `tile` that is not a red five (an indicator, written plain)."""
        red = self.red_left[tile // 9] if tile in FIVES else 0
        if self.left[tile] - red <= 0:
            raise Short
        self.left[tile] -= 1
        return tile, False


def _sequence_starts(allowed):
    return tuple(t for t in allowed if t < 27 and t % 9 <= 6 and t + 1 in allowed and t + 2 in allowed)


def _group(rng, deal, kinds, allowed, starts=None):
    """One meld of `allowed` tiles: (kind, tile, [(tile, red)])."""
    kind = rng.weighted(kinds)
    if kind == "sequence":
        starts = starts if starts is not None else _sequence_starts(allowed)
        if not starts:
            kind = "triplet"
    if kind == "sequence":
        tile = rng.pick(starts)
        return kind, tile, deal.take(tile) + deal.take(tile + 1) + deal.take(tile + 2)
    choices = tuple(t for t in allowed if deal.has(t, 4 if kind == "kan" else 3))
    if not choices:
        raise Short
    tile = rng.pick(choices)
    return kind, tile, deal.take(tile, 4 if kind == "kan" else 3)


def _sequence(deal, tile):
    return "sequence", tile, deal.take(tile) + deal.take(tile + 1) + deal.take(tile + 2)


def _triplet(deal, tile):
    return "triplet", tile, deal.take(tile, 3)


def _pair(rng, deal, allowed):
    choices = tuple(t for t in allowed if deal.has(t, 2))
    if not choices:
        raise Short
    return deal.take(rng.pick(choices), 2)


def _suit(rng):
    return 9 * rng.below(3)


def _valued(plan):
    """The honours whose triplet is a yaku for this seat: the dragons, the seat and round wind."""
    return tuple(sorted(set(DRAGONS) | {WINDS[plan.seat], WINDS[plan.round]}))


def _plain_pair_tiles(plan):
    """Tiles whose pair adds no fu (pinfu needs one)."""
    valued = _valued(plan)
    return SUIT_TILES + tuple(t for t in HONOUR_TILES if t not in valued)


def _theme_groups(rng, deal, theme, plan):
    """The four melds and the pair of a hand going for `theme`."""
    every = SUIT_TILES + HONOUR_TILES
    if theme == "tanyao":
        groups = [_group(rng, deal, FREE_KINDS, SIMPLES) for _ in range(4)]
        return groups, _pair(rng, deal, SIMPLES)
    if theme == "pinfu":
        groups = [_group(rng, deal, (("sequence", 1),), SUIT_TILES) for _ in range(4)]
        return groups, _pair(rng, deal, _plain_pair_tiles(plan))
    if theme == "iipeikou":
        start = rng.pick(_sequence_starts(SUIT_TILES))
        groups = [_sequence(deal, start), _sequence(deal, start)]
        groups += [_group(rng, deal, FREE_KINDS, SUIT_TILES) for _ in range(2)]
        return groups, _pair(rng, deal, every)
    if theme == "yakuhai":
        groups = [_triplet(deal, rng.pick(_valued(plan)))]
        groups += [_group(rng, deal, FREE_KINDS, every) for _ in range(3)]
        return groups, _pair(rng, deal, every)
    if theme in ("honitsu", "chinitsu"):
        suit = _suit(rng)
        tiles = tuple(range(suit, suit + 9))
        if theme == "honitsu":
            groups = [_triplet(deal, rng.pick(HONOUR_TILES))]
            groups += [_group(rng, deal, FREE_KINDS, tiles + HONOUR_TILES) for _ in range(3)]
            return groups, _pair(rng, deal, tiles + HONOUR_TILES)
        groups = [_group(rng, deal, FREE_KINDS, tiles) for _ in range(4)]
        return groups, _pair(rng, deal, tiles)
    if theme == "toitoi":
        groups = [_group(rng, deal, TOITOI_KINDS, every) for _ in range(4)]
        return groups, _pair(rng, deal, every)
    if theme == "ittsu":
        suit = _suit(rng)
        groups = [_sequence(deal, suit + n) for n in (0, 3, 6)]
        groups.append(_group(rng, deal, FREE_KINDS, every))
        return groups, _pair(rng, deal, every)
    if theme == "sanshoku":
        n = rng.below(7)
        groups = [_sequence(deal, n + suit) for suit in (0, 9, 18)]
        groups.append(_group(rng, deal, FREE_KINDS, every))
        return groups, _pair(rng, deal, every)
    if theme == "chanta":
        outside = TERMINALS + HONOUR_TILES
        starts = tuple(t for t in SUIT_TILES if t % 9 in (0, 6))
        groups = [_group(rng, deal, (("sequence", 1),), SUIT_TILES, starts)]
        groups += [_group(rng, deal, (("sequence", 6), ("triplet", 4)), outside, starts)
                   for _ in range(3)]
        return groups, _pair(rng, deal, outside)
    groups = [_group(rng, deal, FREE_KINDS, every) for _ in range(4)]
    return groups, _pair(rng, deal, every)


def _yakuman_groups(rng, deal, shape, plan):
    if shape == "daisangen":
        groups = [_triplet(deal, tile) for tile in DRAGONS]
        groups.append(_group(rng, deal, FREE_KINDS, SUIT_TILES + HONOUR_TILES))
        return groups, _pair(rng, deal, SUIT_TILES + HONOUR_TILES)
    if shape == "suuankou":
        tiles = rng.shuffled(SUIT_TILES + HONOUR_TILES)[:4]
        groups = [_triplet(deal, tile) for tile in sorted(tiles)]
        return groups, _pair(rng, deal, SUIT_TILES + HONOUR_TILES)
    if shape == "tsuuiisou":
        tiles = rng.shuffled(HONOUR_TILES)[:5]
        groups = [_triplet(deal, tile) for tile in sorted(tiles[:4])]
        return groups, deal.take(tiles[4], 2)
    # shousuushii: three winds as triplets, the fourth as the pair
    winds = rng.shuffled(tuple(range(27, 31)))
    groups = [_triplet(deal, tile) for tile in sorted(winds[:3])]
    groups.append(_group(rng, deal, FREE_KINDS, SUIT_TILES + DRAGONS))
    return groups, deal.take(winds[3], 2)


def _calls(rng, groups, theme):
    """Which melds were called, for an open hand: at least one; a yakuhai triplet most often."""
    count = rng.weighted(((1, 42), (2, 36), (3, 17), (4, 5)))
    order = rng.shuffled(tuple(range(len(groups))))
    if theme in ("yakuhai", "daisangen") and rng.chance(800):
        order = [0] + [i for i in order if i != 0]
    return sorted(order[:count])


def _agari(rng, concealed_groups, pair, pinfu):
    """The winning tile among the concealed melds and the pair: a sequence's end tiles most
    often (a two-sided wait), its middle less, a triplet (shanpon) or the pair (tanki) seldom."""
    options = []
    for kind, tile, tiles in concealed_groups:
        if kind == "sequence":
            ends = []
            if not pinfu or tile % 9 != 6:
                ends.append(tiles[0])
            if not pinfu or tile % 9 != 0:
                ends.append(tiles[2])
            options += [(t, 9) for t in ends]
            if not pinfu:
                options.append((tiles[1], 4))
        elif kind == "triplet":
            options.append((tiles[0], 5))
    options.append((pair[0], 3 if options else 1))
    return rng.weighted(options)


def _indicators(rng, deal, count, aim, hand_tiles):
    """`count` indicators from the tiles left; with `aim`, each points at a tile of the hand
    half of the time (a hand rich in dora)."""
    out = []
    for _ in range(count):
        tile = None
        if aim and rng.chance(420):
            wanted = rng.pick(hand_tiles)
            before = tuple(t for t in range(34) if next_tile(t) == wanted)
            if before and deal.left[before[0]] - (deal.red_left[before[0] // 9]
                                                   if before[0] in FIVES else 0) > 0:
                tile = before[0]
        if tile is None:
            left = tuple(t for t in range(34) if deal.left[t] - (
                deal.red_left[t // 9] if t in FIVES else 0) > 0)
            tile = rng.pick(left)
        out.append(deal.take_plain(tile))
    return out


def kokushi(rng, deal):
    tiles = []
    for tile in ORPHANS:
        tiles += deal.take(tile)
    extra = rng.pick(ORPHANS)
    tiles += deal.take(extra)
    return tiles, rng.pick(tiles)


def chiitoitsu(rng, deal):
    kinds = rng.shuffled(SUIT_TILES + HONOUR_TILES)[:7]
    tiles = []
    for tile in sorted(kinds):
        tiles += deal.take(tile, 2)
    return tiles, rng.pick(tiles)


def build(rng, plan, theme, aim_dora):
    """One hand for `plan` going for `theme` (a yakuman's shape for plan.shape "yakuman"):
    (concealed [(tile, red)], melds [(kind, [(tile, red)])], agari (tile, red), flags {name: 1},
    dora, ura); raises Short where the set runs out."""
    deal = Deal(rng, plan.aka)
    melds = []
    if plan.shape == "chiitoitsu":
        concealed, agari = chiitoitsu(rng, deal)
    elif theme == "kokushi":
        concealed, agari = kokushi(rng, deal)
    else:
        if plan.shape == "yakuman":
            groups, pair = _yakuman_groups(rng, deal, theme, plan)
        else:
            groups, pair = _theme_groups(rng, deal, theme, plan)
        called = () if plan.closed else _calls(rng, groups, theme)
        concealed, kept = [], []
        for index, (kind, tile, tiles) in enumerate(groups):
            if index in called:
                melds.append(({"sequence": "chi", "triplet": "pon"}.get(kind, "kan"), tiles))
            elif kind == "kan":
                melds.append(("ankan", tiles))
            else:
                kept.append((kind, tile, tiles))
                concealed += tiles
        concealed += pair
        if theme == "suuankou" and plan.win == "ron":
            agari = pair[0]  # a ron on a triplet would open it: the tanki wait
        else:
            agari = _agari(rng, kept, pair, theme == "pinfu")
    kans = sum(kind in ("kan", "ankan") for kind, _tiles in melds)
    hand_tiles = tuple(t for t, _red in concealed) + tuple(t for _k, ts in melds for t, _red in ts)
    dora = _indicators(rng, deal, 1 + kans, aim_dora, hand_tiles)
    ura = _indicators(rng, deal, 1 + kans, aim_dora, hand_tiles) if plan.riichi else []
    flags = {}
    if plan.riichi:
        flags["doubleriichi" if rng.chance(12) else "riichi"] = 1
        if rng.chance(190):
            flags["ippatsu"] = 1
    if plan.win == "tsumo" and kans and rng.chance(300):
        flags["rinshan"] = 1
        flags.pop("ippatsu", None)
    elif plan.win == "tsumo" and rng.chance(10):
        flags["haitei"] = 1
    elif plan.win == "ron" and rng.chance(10):
        flags["houtei"] = 1
    return concealed, melds, agari, flags, dora, ura
