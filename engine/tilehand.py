"""A riichi hand given as its tiles (SPEC §9): the situation checked, dora counted, every
reading valued, the one that pays the winner most chosen; 13 tiles give their waits.

``hand_value(values)`` takes the inputs as ``query.parse`` returns them and gives the hand's value
(``Valued``); ``waits(values)`` the waits of a 13-tile hand. Both raise ``TileError(field, code)``.
``answer(values)`` gives whichever of them the tiles ask for, remembered by the inputs.
"""
from .compat import Record, kept, replace
from .fu import FuHand, count_fu
from .keys import KEYS, SITUATION_FLAGS
from .riichi import Hand, TableRules, riichi_payments
from .situation import RON_ONLY, TSUMO_ONLY, Facts, refused
from .tiles import (DRAGONS, ORPHANS, WINDS, TileError, counts, name, next_tile, parse_melds,
                    parse_tiles, readings)
from .yaku import Situation, yaku_of

MAX_INDICATORS = 5  # dora and ura indicators, each
NORTH = 30
FIVES = (4, 13, 22)
SANMA_MISSING = range(1, 8)  # 2m–8m are not in the three-player set
SANMA_NO_CALLS = ("chi",)  # and no chi is called in it


class Tiles(Record):
    """The tiles of a hand as given: concealed ((tile, red), ...), melds, winning (tile, red) or
    None, dora and ura indicators, the North tiles set aside."""

    FIELDS = ("concealed", "melds", "agari", "dora", "ura", "kita")


class Valued(Record):
    """The chosen reading's value: the engine's Hand for the payments, the fu count (None for a
    yakuman), the §9.2 ``tiles`` object and the total paid."""

    FIELDS = ("hand", "fu", "tiles", "total")


def not_played(players):
    """What a table of `players` plays without (SPEC §9.2), as written: (tiles, calls). A red
    five is its five: three-player has no red 5m either.

    >>> not_played("4")
    ((), ())
    >>> not_played("3")
    (('2m', '3m', '4m', '5m', '6m', '7m', '8m'), ('chi',))
    """
    if str(players) != "3":
        return (), ()
    return tuple(name(tile) for tile in SANMA_MISSING), SANMA_NO_CALLS


def read_tiles(v, counted=True):
    """The tiles of `v` parsed and counted: every tile-level error of SPEC §9.2 (with
    `counted` off: only the hand's size, each meld counting three, once the tiles parse)."""
    concealed = tuple(parse_tiles(v["hand"], "hand")) if v["hand"] else ()
    melds = parse_melds(v["melds"]) if v["melds"] else ()
    dora = tuple(parse_tiles(v["dora"], "dora")) if v["dora"] else ()
    ura = tuple(parse_tiles(v["ura"], "ura")) if v["ura"] else ()
    agari = None
    if v["agari"]:
        written = parse_tiles(v["agari"], "agari")
        if len(written) != 1:
            raise TileError("agari", "bad_tiles")
        agari = written[0]
    if not concealed:
        raise TileError("hand", "empty")  # melds, agari and indicators may be empty: none
    for field, indicators in (("dora", dora), ("ura", ura)):
        if len(indicators) > MAX_INDICATORS:
            raise TileError(field, "too_many")
    three = v["players"] == "3"
    seen, reds = [0] * 34, [0, 0, 0]
    seen[NORTH] = v["kita"]
    plain, plain_copies = [0] * 34, [4] * 34
    if v["aka"]:
        for five in FIVES:
            plain_copies[five] = 3  # with red fives, one five of each suit is the red one
    meld_tiles = [tile for m in melds for tile in m.marked()]
    for field, tiles in (("hand", concealed), ("melds", meld_tiles), ("dora", dora), ("ura", ura)):
        for tile, red in tiles:
            if three and tile in SANMA_MISSING:
                raise TileError(field, "not_in_sanma")
            if red:
                reds[tile // 9] += 1
                if reds[tile // 9] > 1:
                    raise TileError(field, "too_many", name(tile, red))
            seen[tile] += 1
            plain[tile] += not red
            if seen[tile] > 4 or plain[tile] > plain_copies[tile]:
                raise TileError(field, "too_many", name(tile))
    if three and any(m.kind in SANMA_NO_CALLS for m in melds):
        raise TileError("melds", "no_chi_sanma")
    size = len(concealed) + 3 * len(melds)
    if not counted:
        return size
    if size == 14 and not agari:
        raise TileError("agari", "empty")  # 13 tiles are read for their waits; 14 need a winner
    if agari and size == 13 and len(melds) <= 4:
        # the winning tile is one of the 14, not a 14th: named (a tile left from a 14-tile hand)
        raise TileError("agari", "not_held", name(*agari))
    if size != (14 if agari else 13) or len(melds) > 4:
        raise TileError("hand", "tile_count")
    if agari and (agari[0] not in (t for t, _red in concealed) or agari[1] and agari not in concealed):
        raise TileError("agari", "not_in_hand")
    return Tiles(concealed, melds, agari, dora, ura, v["kita"])


def tile_count(v):
    """The hand's size, each meld counting three; TileError where the tiles do not parse."""
    return read_tiles(v, counted=False)


def facts(v, tiles, win):
    """What the situation flags of `v` are checked against (engine.situation.Facts)."""
    return Facts(players=int(v["players"]), win=win, dealer=v["seatwind"] == "E",
                 riichi=bool(v["riichi"] or v["doubleriichi"]),
                 opened=any(m.opened for m in tiles.melds),
                 kan=any(m.kind in ("kan", "ankan") for m in tiles.melds),
                 called=bool(tiles.melds), kita=tiles.kita)


def _check_situation(v, tiles, win):
    """The flags that contradict each other or the hand, as TileError(field, code), from the one
    table the page also asks (engine.situation). `win` is None for a 13-tile hand, whose flags
    are checked against both wins."""
    if v["players"] == "3" and v["seatwind"] == "N":
        raise TileError("seatwind", "no_north_seat")
    wrong = refused(v, facts(v, tiles, win))
    if wrong is not None:
        raise TileError(*wrong)


def _every(tiles):
    """Every tile of the hand (melds included, a kan's four), and its red fives."""
    found = [t for t, _red in tiles.concealed] + [t for m in tiles.melds for t in m.tiles()]
    reds = sum(red for _t, red in tiles.concealed) + sum(m.reds for m in tiles.melds)
    return found, reds


def _reds_of(tiles, five):
    return sum(red for t, red in tiles.concealed if t == five) + sum(
        red for m in tiles.melds for t, red in m.marked() if t == five)


def _dora(indicators, found, kita, players):
    total = 0
    for tile, _red in indicators:
        dora = next_tile(tile, players)
        total += found.count(dora) + (kita if dora == NORTH else 0)
    return total


def _meld_code(group):
    size = "terminal" if group.tile >= 27 or group.tile % 9 in (0, 8) else "simple"
    if group.kind == "sequence":
        return "seq"
    if group.kind == "kan":
        return f"{'openkan' if group.opened else 'closedkan'}-{size}"
    return f"{'open' if group.opened else 'closed'}-{size}"


def _pair_code(tile, seat, round_):
    if tile == seat == round_:
        return "double"
    if tile == seat:
        return "seat"
    if tile == round_:
        return "round"
    return "dragon" if tile in DRAGONS else "other"


def fu_of(reading, situation, dwind4):
    if reading.shape == "chiitoitsu":
        return count_fu(FuHand("chiitoitsu"), situation.win)
    melds = tuple(_meld_code(g) for g in reading.groups)
    pair = _pair_code(reading.pairs[0], situation.seat, situation.round)
    return count_fu(FuHand("standard", melds, pair, reading.wait, situation.closed),
                    situation.win, dwind4)


def _group_text(group):
    return "".join(str(t % 9 + 1) for t in group.tiles()) + "mpsz"[group.tile // 9]


def reading_dict(reading):
    return {
        "shape": reading.shape,
        "melds": [{"kind": g.kind, "tiles": _group_text(g), "open": g.opened, "called": g.called}
                  for g in reading.groups],
        "pairs": [f"{t % 9 + 1}{name(t)}" for t in reading.pairs],
        "wait": reading.wait,
    }


def table_rules(v):
    return TableRules(v["kiriage"], v["kazoe"], v["multi"], int(v["players"]), v["tsumoloss"])


def _situation(v, tiles, agari, win):
    found, _reds = _every(tiles)
    flags = {flag: bool(v[flag]) for flag in SITUATION_FLAGS}
    for flag in TSUMO_ONLY if win == "ron" else RON_ONLY:
        flags[flag] = False  # a 13-tile hand's flags apply to the wins they can go with
    flags["riichi"] = flags["riichi"] or flags["doubleriichi"]
    return Situation(win, WINDS[v["seatwind"]], WINDS[v["roundwind"]],
                     not any(m.opened for m in tiles.melds), frozenset(found), agari, **flags,
                     kuitan=v["kuitan"], doubleyakuman=v["doubleyakuman"],
                     renhouvalue=v["renhouvalue"])


def _best(v, tiles, agari, win):
    """The best reading's Valued, or None where the hand is no win; TileError no_yaku."""
    situation = _situation(v, tiles, agari, win)
    concealed = counts(tiles.concealed)
    found, reds = _every(tiles)
    players = int(v["players"])
    riichi = v["riichi"] or v["doubleriichi"]
    dora = _dora(tiles.dora, found, tiles.kita, players)
    ura = _dora(tiles.ura, found, tiles.kita, players) if riichi else 0
    aka = reds if v["aka"] else 0
    extra = dora + ura + aka + tiles.kita
    rules = table_rules(v)
    dealer = v["seatwind"] == "E"
    best, best_key, refused = None, None, False
    for reading in readings(concealed, tiles.melds, agari, ron=win == "ron"):
        scored = yaku_of(reading, situation)
        if not scored:
            refused = True
            continue
        yakuman = sum(k for _n, _h, k in scored)
        counted = {"dora": dora, "ura": ura, "aka": aka, "kita": tiles.kita}
        if yakuman:
            hand, fu = Hand(0, None, win, dealer, yakuman, v["honba"], v["sticks"]), None
            han = 0
            counted = dict.fromkeys(counted, 0)  # a yakuman counts no dora
            yaku = [{"name": n, "yakuman": k} for n, _h, k in scored]
        else:
            han = sum(h for _n, h, _k in scored) + extra
            fu = fu_of(reading, situation, v["dwind4"])
            hand = Hand(han, fu.fu, win, dealer, 0, v["honba"], v["sticks"])
            yaku = [dict({"name": n, "han": h}, **_wind_of(n, v)) for n, h, _k in scored]
        outcome = riichi_payments(hand, rules)
        # what it pays, then more han, then more fu (Tenhou's records read a capped hand so)
        key = (outcome.total, yakuman, han, fu.fu if fu else 0)
        if best_key is None or key > best_key:
            tiles_out = {"han": han, "fu": fu.fu if fu else None, "yakuman": yakuman, "yaku": yaku}
            for part in ("dora", "ura", "aka", "kita"):
                tiles_out[part] = counted[part]
            tiles_out["reading"] = reading_dict(reading)
            best, best_key = Valued(hand, fu, tiles_out, outcome.total), key
    if best is None and refused:
        raise TileError("hand", "no_yaku")
    return best


def _wind_of(name, v):
    """The wind a wind yaku is for, so that its name can say it: 「自風 東」 (Tenhou's way)."""
    if name == "seat_wind":
        return {"wind": v["seatwind"]}
    if name == "round_wind":
        return {"wind": v["roundwind"]}
    return {}


def hand_value(v):
    """The value of a 14-tile hand (SPEC §9.2)."""
    tiles = read_tiles(v)
    _check_situation(v, tiles, v["win"])
    best = _best(v, tiles, tiles.agari[0], v["win"])
    if best is None:
        raise TileError("hand", "not_a_win")
    return best


def _candidates(tiles):
    """The tiles that could complete a 13-tile hand: one it holds (a pair, a triplet, seven
    pairs), one within two of a held tile of its suit (a sequence), or an orphan (kokushi)."""
    near = set(ORPHANS)
    for tile, _red in tiles.concealed:
        near.add(tile)
        if tile < 27:
            near.update(t for t in range(tile - 2, tile + 3) if t // 9 == tile // 9)
    return sorted(near)


def waits(v):
    """The waits of a 13-tile hand (SPEC §9.3): [{"tile", "ron", "tsumo"}], each win the §9.2
    tiles object plus ``total``, or "no_yaku"."""
    tiles = read_tiles(v)
    _check_situation(v, tiles, None)
    found, _reds = _every(tiles)
    out = []
    for tile in _candidates(tiles):
        if found.count(tile) >= 4 or (v["players"] == "3" and tile in SANMA_MISSING):
            continue
        # with red fives, the last five of a suit is the red one
        red = v["aka"] and tile in FIVES and found.count(tile) - _reds_of(tiles, tile) == 3
        hand = replace(tiles, concealed=tiles.concealed + ((tile, red),), agari=(tile, red))
        wins = {}
        for win in ("ron", "tsumo"):
            try:
                best = _best(v, hand, tile, win)
            except TileError:
                wins[win] = "no_yaku"
                continue
            if best is None:
                break
            wins[win] = dict(best.tiles, total=best.total)
        if wins:
            wait = {"tile": name(tile)}
            for win in ("ron", "tsumo"):
                if win in wins:
                    wait[win] = wins[win]
            out.append(wait)
    return {"tenpai": bool(out), "waits": out}


# answer's answers by every input (a page asks again for a hand it showed a moment ago: a tile
# tapped in and back out, a flag ticked and unticked; 13 tiles' waits value every tile that could
# complete them, by ron and by tsumo). Kept answers are shared: a caller reads them and changes
# nothing. A refusal is not kept: it is raised again each time.
_ANSWERS = {}
_ANSWERS_MAX = 16
_INPUTS = tuple(sorted(KEYS))


def answer(v):
    """("waits", waits(v)) for 13 tiles and no winning tile, else ("value", hand_value(v)); the
    same answer (the same objects) for the same inputs `v` (query.parse's values)."""
    key = tuple([v.get(name) for name in _INPUTS])
    found = _ANSWERS.get(key)
    if found is None:
        waiting = not v["agari"] and tile_count(v) == 13
        found = kept(_ANSWERS, key, ("waits", waits(v)) if waiting else ("value", hand_value(v)),
                     _ANSWERS_MAX)
    return found
