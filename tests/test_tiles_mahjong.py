"""fumode=tiles against the `mahjong` package (an independent implementation, a test dependency
only) on seeded random complete hands and 13-tile waits.

Options map one to one: kuitan -> has_open_tanyao, aka -> has_aka_dora, doubleyakuman ->
has_double_yakuman, kazoe -> kazoe_limit, kiriage -> kiriage, renhouvalue -> renhou_as_yakuman
(its renhou is 5 han otherwise, as ours at renhouvalue=mangan), pinfu 20 fu on tsumo and an open
pinfu 30 fu. What it cannot express is left out: dwind4=0 (it always counts a double-wind pair as
4 fu, so every hand here has dwind4=1), multi=0 and renhouvalue=none (the hand-worked cases in
test_tiles.py cover them), and three-player payments.
"""
import random

import pytest

from engine import InputError, calculate
from engine.yaku import NAMES as YAKU_NAMES

mahjong = pytest.importorskip("mahjong")
from mahjong.hand_calculating.hand import HandCalculator  # noqa: E402
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules  # noqa: E402
from mahjong.meld import Meld  # noqa: E402
from mahjong.shanten import Shanten  # noqa: E402

SUITS = "mpsz"
WIND_CONSTANTS = {"E": 27, "S": 28, "W": 29, "N": 30}  # mahjong's 34-format wind tiles
# mahjong's YakuConfig attribute names -> ours (dora, aka and ura are counted apart)
NAMES = {
    "tsumo": "menzen_tsumo", "riichi": "riichi", "ippatsu": "ippatsu", "chankan": "chankan",
    "rinshan": "rinshan", "haitei": "haitei", "houtei": "houtei", "daburu_riichi": "double_riichi",
    "renhou": "renhou", "pinfu": "pinfu", "tanyao": "tanyao", "iipeiko": "iipeikou",
    "haku": "haku", "hatsu": "hatsu", "chun": "chun",
    **{f"seat_wind_{w}": "seat_wind" for w in ("east", "south", "west", "north")},
    **{f"round_wind_{w}": "round_wind" for w in ("east", "south", "west", "north")},
    "sanshoku": "sanshoku", "ittsu": "ittsu", "chantai": "chanta", "honroto": "honroutou",
    "toitoi": "toitoi", "sanankou": "sanankou", "sankantsu": "sankantsu",
    "sanshoku_douko": "sanshoku_doukou", "chiitoitsu": "chiitoitsu", "shosangen": "shousangen",
    "honitsu": "honitsu", "junchan": "junchan", "ryanpeiko": "ryanpeikou", "chinitsu": "chinitsu",
    "kokushi": "kokushi", "chuuren_poutou": "chuuren", "suuankou": "suuankou",
    "daisangen": "daisangen", "shosuushi": "shousuushii", "ryuisou": "ryuuiisou",
    "suukantsu": "suukantsu", "tsuisou": "tsuuiisou", "chinroto": "chinroutou",
    "daisuushi": "daisuushii", "daburu_kokushi": "kokushi_13", "suuankou_tanki": "suuankou_tanki",
    "daburu_chuuren_poutou": "junsei_chuuren", "tenhou": "tenhou", "chiihou": "chiihou",
    "renhou_yakuman": "renhou",
}
APART = {"dora": "dora", "aka_dora": "aka", "ura_dora": "ura"}


def _yaku_names():
    from mahjong.hand_calculating.yaku_config import YakuConfig
    return {yaku.yaku_id: attr for attr, yaku in vars(YakuConfig()).items()}


YAKU_ATTR = _yaku_names()


def written(tile):
    return f"{tile % 9 + 1}{SUITS[tile // 9]}"


class Deal:
    """Tiles taken from one set of 136: 34-kind counts, the red five of each suit once."""

    def __init__(self, rng, aka):
        self.rng = rng
        self.left = [4] * 34
        self.red_left = [aka, aka, aka]

    def take(self, tile, n=1):
        if self.left[tile] < n:
            raise ValueError
        self.left[tile] -= n
        out = []
        for _ in range(n):
            last = self.left[tile] + n - len(out) == 1  # the one copy left must be the red five
            if tile in (4, 13, 22) and self.red_left[tile // 9] and (last or self.rng.random() < 0.4):
                self.red_left[tile // 9] = 0
                out.append((tile, True))
            else:
                out.append((tile, False))
        return out


def _group(rng, deal, suits):
    kind = rng.choices(("sequence", "triplet", "kan"), (5, 3, 1))[0]
    suit = rng.choice(suits)
    if suit == 3:
        kind = "triplet" if kind == "sequence" else kind
        tile = 27 + rng.randrange(7)
    else:
        tile = 9 * suit + rng.randrange(7 if kind == "sequence" else 9)
    if kind == "sequence":
        return kind, tile, [t for i in range(3) for t in deal.take(tile + i)]
    return kind, tile, deal.take(tile, 4 if kind == "kan" else 3)


def _special(rng, deal, shape):
    """Groups (and a pair, or None) for the rarer yakuman and sanshoku doukou."""
    if shape in ("green", "terminals"):
        pool = (19, 20, 21, 23, 25, 32) if shape == "green" else (0, 8, 9, 17, 18, 26)
        groups = []
        for tile in rng.sample(pool, 4):
            if tile == 19 and rng.random() < 0.5:
                groups.append(("sequence", 19, [t for i in range(3) for t in deal.take(19 + i)]))
            else:
                groups.append(("triplet", tile, deal.take(tile, 3)))
        return groups, rng.choice([t for t in pool if deal.left[t] >= 2])
    if shape == "winds":
        winds = rng.sample(range(27, 31), 4)
        groups = [("triplet", t, deal.take(t, 3)) for t in winds[:rng.choice((3, 4))]]
        return groups, winds[3] if len(groups) == 3 else None
    if shape == "doukou":
        n = rng.randrange(9)
        return [("triplet", n + s, deal.take(n + s, 3)) for s in (0, 9, 18)], None
    if shape == "kans":
        return [("kan", t, deal.take(t, 4)) for t in rng.sample(range(34), rng.choice((3, 4)))], None
    if shape == "outside":  # every meld and the pair with a terminal: junchan, chanta
        groups = []
        for _ in range(4):
            start = 9 * rng.randrange(3) + rng.choice((0, 6))
            groups.append(("sequence", start, [t for i in range(3) for t in deal.take(start + i)]))
        return groups, rng.choice((0, 8, 9, 17, 18, 26, 27))
    return [], None


def _text(tiles):
    return "".join(("0" if red else str(t % 9 + 1)) + SUITS[t // 9] for t, red in tiles)


def random_hand(rng):
    """A complete hand as our keys, or None where the draw ran out of a tile."""
    aka = rng.random() < 0.7
    deal = Deal(rng, aka)
    suits = rng.choice(([0, 1, 2, 3], [0, 3], [1], [2, 3], [0, 1, 2], [3]))
    shape = rng.choices(("standard", "chiitoitsu", "kokushi", "chuuren", "green", "terminals",
                         "winds", "doukou", "kans", "outside"), (40, 4, 1, 1, 1, 1, 1, 1, 1, 2))[0]
    melds, concealed = [], []
    try:
        if shape == "chiitoitsu":
            pool = [t for s in suits for t in (range(27, 34) if s == 3 else range(9 * s, 9 * s + 9))]
            if len(pool) < 7:
                pool = list(range(34))
            for tile in rng.sample(pool, 7):
                concealed += deal.take(tile, 2)
        elif shape == "kokushi":
            orphans = [0, 8, 9, 17, 18, 26, *range(27, 34)]
            for tile in orphans:
                concealed += deal.take(tile)
            concealed += deal.take(rng.choice(orphans))
        elif shape == "chuuren":
            suit = 9 * rng.randrange(3)
            for i, n in enumerate((3, 1, 1, 1, 1, 1, 1, 1, 3)):
                concealed += deal.take(suit + i, n)
            concealed += deal.take(suit + rng.randrange(9))
        else:
            opened = rng.choice((0, 0, 0.3, 0.6))
            groups, pair = _special(rng, deal, shape)
            while len(groups) < 4:
                groups.append(_group(rng, deal, suits))
            for kind, _tile, tiles in groups:
                call = rng.random() < opened
                if kind == "kan":
                    melds.append(("kan" if call else "ankan", tiles))
                elif call:
                    melds.append(("chi" if kind == "sequence" else "pon", tiles))
                else:
                    concealed += tiles
            if pair is None:
                pair_suit = rng.choice(suits)
                pair = 27 + rng.randrange(7) if pair_suit == 3 else 9 * pair_suit + rng.randrange(9)
            concealed += deal.take(pair, 2)
        dora = [deal.take(rng.choice([t for t in range(34) if deal.left[t]]))[0]
                for _ in range(rng.randrange(1, 4))]
        ura = [deal.take(rng.choice([t for t in range(34) if deal.left[t]]))[0]
               for _ in range(len(dora))]
    except ValueError:
        return None
    agari = rng.choice(concealed)
    closed = not any(kind != "ankan" for kind, _t in melds)
    win = rng.choice(("ron", "tsumo"))
    seat = rng.choice("ESWN")
    keys = {
        "rule": "riichi", "fumode": "tiles", "win": win,
        "hand": _text(concealed), "agari": _text([agari]),
        "melds": ",".join(f"{kind}:{_text(tiles)}" for kind, tiles in melds),
        "seatwind": seat, "roundwind": rng.choice("ESWN"), "dora": _text(dora),
        "aka": str(int(aka)), "kuitan": str(rng.randrange(2)),
        "doubleyakuman": str(rng.randrange(2)), "kazoe": str(rng.randrange(2)),
        "kiriage": str(rng.randrange(2)), "dwind4": "1",
        "honba": str(rng.choice((0, 0, 1, 3))), "sticks": str(rng.choice((0, 0, 1, 2))),
    }
    has_kan = any(kind in ("kan", "ankan") for kind, _t in melds)
    first = rng.random() < 0.04 and not melds
    if first and win == "tsumo":
        keys["tenhou" if seat == "E" else "chiihou"] = "1"
    elif first and seat != "E":
        keys["renhou"] = "1"
        keys["renhouvalue"] = rng.choice(("mangan", "yakuman"))
    else:
        if closed and rng.random() < 0.5:
            keys["doubleriichi" if rng.random() < 0.1 else "riichi"] = "1"
            keys["ura"] = _text(ura)
            if rng.random() < 0.25:
                keys["ippatsu"] = "1"
        last = rng.random()
        if win == "tsumo" and has_kan and last < 0.4:
            keys["rinshan"] = "1"
            keys.pop("ippatsu", None)
        elif win == "tsumo" and last > 0.9:
            keys["haitei"] = "1"
        elif win == "ron" and last > 0.9:
            keys["houtei"] = "1"
        elif win == "ron" and last < 0.05 and agari[0] not in (t for _k, ts in melds for t, _r in ts):
            keys["chankan"] = "1"
    return keys


def _ids(tiles, used):
    """Our (tile, red) pairs -> mahjong's 136 ids: a red five is copy 0, as Tenhou numbers them."""
    out = []
    for tile, red in tiles:
        copies = [0] if red else [c for c in (1, 2, 3, 0) if tile * 4 + c not in used]
        tile_id = next(tile * 4 + c for c in copies if tile * 4 + c not in used)
        used.add(tile_id)
        out.append(tile_id)
    return out


def _parse(text):
    from engine.tiles import parse_tiles
    return parse_tiles(text, "test") if text else []


def oracle(keys):
    """mahjong's answer for our keys: (han, fu, total, yaku [(name, han or "yakuman", K)],
    dora, aka, ura) or its error string."""
    used = set()
    aka = keys["aka"] == "1"
    melds_out, meld_ids = [], []
    for part in filter(None, keys["melds"].split(",")):
        kind, text = part.split(":")
        ids = _ids(_parse(text), used)
        meld_ids += ids
        meld_type = {"chi": Meld.CHI, "pon": Meld.PON}.get(kind, Meld.KAN)
        melds_out.append(Meld(meld_type=meld_type, tiles=ids, opened=kind != "ankan"))
    concealed = _parse(keys["hand"])
    agari = _parse(keys["agari"])[0]
    concealed_ids = _ids(concealed, used)
    win_id = next(i for i, t in zip(concealed_ids, concealed) if t == agari)
    rules = OptionalRules(
        has_open_tanyao=keys["kuitan"] == "1", has_aka_dora=aka,
        has_double_yakuman=keys["doubleyakuman"] == "1",
        kazoe_limit=HandConfig.KAZOE_LIMITED if keys["kazoe"] == "1" else HandConfig.KAZOE_SANBAIMAN,
        kiriage=keys["kiriage"] == "1", fu_for_open_pinfu=True, fu_for_pinfu_tsumo=False,
        renhou_as_yakuman=keys.get("renhouvalue") == "yakuman")
    flag = {name: keys.get(name) == "1" for name in (
        "riichi", "doubleriichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei", "tenhou",
        "chiihou", "renhou")}
    config = HandConfig(
        is_tsumo=keys["win"] == "tsumo", is_riichi=flag["riichi"] or flag["doubleriichi"],
        is_ippatsu=flag["ippatsu"], is_rinshan=flag["rinshan"], is_chankan=flag["chankan"],
        is_haitei=flag["haitei"], is_houtei=flag["houtei"], is_daburu_riichi=flag["doubleriichi"],
        is_tenhou=flag["tenhou"], is_chiihou=flag["chiihou"], is_renhou=flag["renhou"],
        player_wind=WIND_CONSTANTS[keys["seatwind"]], round_wind=WIND_CONSTANTS[keys["roundwind"]],
        kyoutaku_number=int(keys["sticks"]), tsumi_number=int(keys["honba"]), options=rules)
    dora = _ids(_parse(keys["dora"]), set())
    ura = _ids(_parse(keys.get("ura", "")), set())
    result = HandCalculator.estimate_hand_value(
        concealed_ids + meld_ids, win_id, melds=melds_out, dora_indicators=dora, config=config,
        ura_dora_indicators=ura or None)
    if result.error:
        return result.error
    yaku, apart = [], {"dora": 0, "aka": 0, "ura": 0}
    for item in result.yaku:
        attr = YAKU_ATTR[item.yaku_id]
        han = item.han_open if result.is_open_hand else item.han_closed
        if attr in APART:
            apart[APART[attr]] = han
        elif item.is_yakuman:
            yaku.append((NAMES[attr], "yakuman", han // 13))
        else:
            yaku.append((NAMES[attr], han, 0))
    return (result.han, result.fu, result.cost["total"], sorted(yaku), apart["dora"],
            apart["aka"], apart["ura"])


def ours(keys):
    try:
        result = calculate(keys)
    except InputError as error:
        return error.code
    tiles = result["tiles"]
    yaku = sorted((y["name"], y["han"], 0) if "han" in y else (y["name"], "yakuman", y["yakuman"])
                  for y in tiles["yaku"])
    han = tiles["han"] if not tiles["yakuman"] else 13 * tiles["yakuman"]
    return han, tiles["fu"], result["total"], yaku, tiles["dora"], tiles["aka"], tiles["ura"]


def _hands(seed, count):
    rng = random.Random(seed)
    hands = []
    while len(hands) < count:
        keys = random_hand(rng)
        if keys:
            hands.append(keys)
    return hands


HANDS = _hands(2026, 3000)
REFUSALS = {"Hand is not winning": "not_a_win", "There are no yaku in the hand": "no_yaku"}


def _agree(keys):
    theirs, mine = oracle(keys), ours(keys)
    if isinstance(theirs, str):
        return mine == REFUSALS.get(theirs, theirs), (keys, theirs, mine)
    if isinstance(mine, str):
        return False, (keys, theirs, mine)
    han, fu, total, yaku, dora, aka, ura = mine
    if mine[3] and mine[3][0][1] == "yakuman":
        fu = theirs[1]  # fu are not counted for a yakuman
    return (han, fu, total, yaku, dora, aka, ura) == theirs, (keys, theirs, mine)


def test_random_hands_agree_with_mahjong():
    disagreements = [info for ok, info in map(_agree, HANDS) if not ok]
    assert disagreements == []


def test_random_hands_cover_the_yaku():
    seen = set()
    for keys in HANDS:
        mine = ours(keys)
        if not isinstance(mine, str):
            seen.update(name for name, _h, _k in mine[3])
    assert seen == set(YAKU_NAMES)  # every yaku of SPEC §9.2 met at least once


def test_waits_agree_with_mahjong():
    """Each random complete hand less one tile: the same waits as mahjong's agari check, and
    a 13-tile hand that mahjong's shanten calls tenpai has waits."""
    from mahjong.agari import Agari
    rng = random.Random(7)
    shanten = Shanten()
    checked = 0
    for keys in HANDS[:800]:
        if keys["melds"] or keys.get("tenhou") or keys.get("chiihou") or keys.get("renhou"):
            continue
        tiles = _parse(keys["hand"])
        del tiles[rng.randrange(len(tiles))]
        hand = _text(tiles)
        counts = [0] * 34
        for t, _red in tiles:
            counts[t] += 1
        expected = []
        for tile in range(34):
            if counts[tile] < 4:
                counts[tile] += 1
                if Agari.is_agari(counts):
                    expected.append(written(tile))
                counts[tile] -= 1
        counts_13 = list(counts)
        result = calculate({**keys, "hand": hand, "agari": "", "rinshan": "0", "chankan": "0"})
        waits = [w["tile"] for w in result["tiles"]["waits"]]
        assert waits == expected, (hand, waits, expected)
        assert result["tiles"]["tenpai"] == (shanten.calculate_shanten(counts_13) == 0)
        checked += 1
    assert checked > 350
