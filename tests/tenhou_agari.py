"""Test-side reader of every win in the Tenhou mjlog XML records, as our tile keys and Tenhou's own
figures.

``AGARI`` gives the concealed tiles (``hai``, ids 0–135: tile kind = id // 4; in lobbies with red
fives, ids 16, 52 and 88 are the red 5m, 5p and 5s), the calls (``m``, Tenhou's meld encoding,
decoded below), the winning tile (``machi``), the indicators (``doraHai``, ``doraHaiUra``), the
winner and the discarder (``who``, ``fromWho``), ``ten`` (fu, points without honba and sticks,
limit) and the yaku as Tenhou counted them (``yaku`` pairs of id and han, or ``yakuman`` ids).
The situation that tiles cannot show (riichi, ippatsu, haitei, rinshan, ...) is taken from
Tenhou's yaku ids; seat and round wind from ``INIT``; the table rules from the ``GO`` lobby type.
"""
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass

from tests.tenhou import DATA

WINDS = "ESWN"
RED_IDS = (16, 52, 88)

# Tenhou's yaku ids -> our names (SPEC §9.2); 10–13 are the seat wind, 14–17 the round wind.
YAKU_IDS = {
    0: "menzen_tsumo", 1: "riichi", 2: "ippatsu", 3: "chankan", 4: "rinshan", 5: "haitei",
    6: "houtei", 7: "pinfu", 8: "tanyao", 9: "iipeikou",
    **{i: "seat_wind" for i in range(10, 14)}, **{i: "round_wind" for i in range(14, 18)},
    18: "haku", 19: "hatsu", 20: "chun", 21: "double_riichi", 22: "chiitoitsu", 23: "chanta",
    24: "ittsu", 25: "sanshoku", 26: "sanshoku_doukou", 27: "sankantsu", 28: "toitoi",
    29: "sanankou", 30: "shousangen", 31: "honroutou", 32: "ryanpeikou", 33: "junchan",
    34: "honitsu", 35: "chinitsu", 36: "renhou", 37: "tenhou", 38: "chiihou", 39: "daisangen",
    40: "suuankou", 41: "suuankou_tanki", 42: "tsuuiisou", 43: "ryuuiisou", 44: "chinroutou",
    45: "chuuren", 46: "junsei_chuuren", 47: "kokushi", 48: "kokushi_13", 49: "daisuushii",
    50: "shousuushii", 51: "suukantsu",
}
DORA, URA, AKA = 52, 53, 54
FLAG_IDS = {1: "riichi", 21: "doubleriichi", 2: "ippatsu", 3: "chankan", 4: "rinshan",
            5: "haitei", 6: "houtei", 36: "renhou", 37: "tenhou", 38: "chiihou"}


@dataclass
class Win:
    """One AGARI: the keys for engine.calculate and what Tenhou recorded."""

    where: str
    keys: dict
    fu: int
    points: int
    yaku: list  # [(name, han)] or [(name, "yakuman")], Tenhou's order
    dora: int
    ura: int
    aka: int
    kita: int


def tile_text(ids, aka):
    """Tile ids -> our notation, a red five as 0 where the lobby has red fives."""
    out = []
    for tile_id in ids:
        kind = tile_id // 4
        digit = "0" if aka and tile_id in RED_IDS else str(kind % 9 + 1)
        out.append(digit + "mpsz"[kind // 9])
    return "".join(out)


def decode_meld(m):
    """Tenhou's meld code -> (kind, tile ids): chi, pon, kan (called or added), ankan, kita."""
    if m & 0x4:  # chi
        t = (m & 0xFC00) >> 10
        t //= 3
        base = (t // 7) * 9 + t % 7
        offsets = ((m >> 3) & 3, (m >> 5) & 3, (m >> 7) & 3)
        return "chi", [(base + i) * 4 + offsets[i] for i in range(3)]
    if m & 0x18:  # pon (0x8) or added kan (0x10)
        t = (m & 0xFE00) >> 9
        t //= 3
        if m & 0x8:
            unused = (m >> 5) & 3
            return "pon", [t * 4 + i for i in range(4) if i != unused]
        return "kan", [t * 4 + i for i in range(4)]
    if m & 0x20:  # North set aside (three-player)
        return "kita", [30 * 4]
    t = (m & 0xFF00) >> 8
    kind = t // 4
    return ("kan" if m & 3 else "ankan"), [kind * 4 + i for i in range(4)]


def _ints(text):
    return [int(x) for x in text.split(",")] if text else []


def wins(path):
    root = ElementTree.parse(path).getroot()
    lobby = int(root.find("GO").get("type"))
    players = 3 if lobby & 0x10 else 4
    aka = not lobby & 0x02
    kuitan = not lobby & 0x04
    round_wind = dealer = None
    hand_number = 0
    for tag in root:
        if tag.tag == "INIT":
            seed = _ints(tag.get("seed"))
            round_wind, dealer = WINDS[seed[0] // 4], int(tag.get("oya"))
            hand_number += 1
        if tag.tag != "AGARI":
            continue
        who, from_who = int(tag.get("who")), int(tag.get("fromWho"))
        melds, kita = [], 0
        for code in _ints(tag.get("m")):
            kind, ids = decode_meld(code)
            if kind == "kita":
                kita += 1
            else:
                melds.append(f"{kind}:{tile_text(ids, aka)}")
        pairs = _ints(tag.get("yaku"))
        yaku_han = list(zip(pairs[::2], pairs[1::2]))
        limits = _ints(tag.get("yakuman"))
        ids = {i for i, _h in yaku_han} | set(limits)
        keys = {
            "rule": "riichi", "fumode": "tiles", "players": str(players),
            "win": "tsumo" if who == from_who else "ron",
            "hand": tile_text(_ints(tag.get("hai")), aka),
            "melds": ",".join(melds),
            "agari": tile_text([int(tag.get("machi"))], aka),
            "seatwind": WINDS[(who - dealer) % players], "roundwind": round_wind,
            "dora": tile_text(_ints(tag.get("doraHai")), False),
            "ura": tile_text(_ints(tag.get("doraHaiUra")), False),
            "kita": str(kita),
            "aka": "1" if aka else "0", "kuitan": "1" if kuitan else "0",
            # Tenhou's rules (its manual and these records): a double-wind pair is 4 fu, no
            # double yakuman hands, no renhou, no kiriage, counted yakuman, tsumo loss.
            "dwind4": "1", "doubleyakuman": "0", "renhouvalue": "none", "kiriage": "0",
            "kazoe": "1", "multi": "1", "tsumoloss": "1",
        }
        for yaku_id, flag in FLAG_IDS.items():
            if yaku_id in ids:
                keys[flag] = "1"
        if not (keys.get("riichi") or keys.get("doubleriichi")):
            keys["ura"] = ""  # Tenhou shows no ura without riichi; none are in the keys either
        han = dict(yaku_han)
        fu, points, _limit = _ints(tag.get("ten"))
        if limits:
            yaku = [(YAKU_IDS[i], "yakuman") for i in limits]
        else:
            yaku = [(YAKU_IDS[i], h) for i, h in yaku_han if i < DORA]
        yield Win(f"{path.name} hand {hand_number} who {who}", keys, fu, points, yaku,
                  han.get(DORA, 0), han.get(URA, 0), han.get(AKA, 0), kita)


def every_win(data=DATA):
    for path in sorted(data.glob("*.xml")):
        yield from wins(path)
