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
import json
import re
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


# tenhou.net/6 JSON logs: tiles 11–19 m, 21–29 p, 31–39 s, 41–47 honours, 51–53 red 5m 5p 5s;
# 60 a discard of the tile just drawn; calls c (chi), p (pon), m (called kan) in the draws,
# a (concealed kan), k (added kan), f (North set aside), r (riichi) in the discards.
JSON_YAKU = {
    "門前清自摸和": "menzen_tsumo", "立直": "riichi", "一発": "ippatsu", "槍槓": "chankan",
    "嶺上開花": "rinshan", "海底摸月": "haitei", "河底撈魚": "houtei", "平和": "pinfu",
    "断幺九": "tanyao", "一盃口": "iipeikou", "両立直": "double_riichi", "七対子": "chiitoitsu",
    "混全帯幺九": "chanta", "一気通貫": "ittsu", "三色同順": "sanshoku", "三色同刻": "sanshoku_doukou",
    "三槓子": "sankantsu", "対々和": "toitoi", "三暗刻": "sanankou", "小三元": "shousangen",
    "混老頭": "honroutou", "二盃口": "ryanpeikou", "純全帯幺九": "junchan", "混一色": "honitsu",
    "清一色": "chinitsu", "人和": "renhou", "天和": "tenhou", "地和": "chiihou", "大三元": "daisangen",
    "四暗刻": "suuankou", "四暗刻単騎": "suuankou_tanki", "字一色": "tsuuiisou", "緑一色": "ryuuiisou",
    "清老頭": "chinroutou", "九蓮宝燈": "chuuren", "純正九蓮宝燈": "junsei_chuuren",
    "国士無双": "kokushi", "国士無双１３面": "kokushi_13", "大四喜": "daisuushii",
    "小四喜": "shousuushii", "四槓子": "suukantsu",
    "役牌 白": "haku", "役牌 發": "hatsu", "役牌 中": "chun",
    **{f"自風 {w}": "seat_wind" for w in "東南西北"}, **{f"場風 {w}": "round_wind" for w in "東南西北"},
}
JSON_FLAGS = {"立直": "riichi", "両立直": "doubleriichi", "一発": "ippatsu", "槍槓": "chankan",
              "嶺上開花": "rinshan", "海底摸月": "haitei", "河底撈魚": "houtei", "人和": "renhou",
              "天和": "tenhou", "地和": "chiihou"}


def _json_tile(code):
    """A JSON tile code -> (tile kind 0–33, red)."""
    if code >= 51:
        return (code - 51) * 9 + 4, True
    return (code // 10 - 1) * 9 + code % 10 - 1, False


def _json_text(codes):
    out = []
    for code in codes:
        tile, red = _json_tile(code)
        out.append(("0" if red else str(tile % 9 + 1)) + "mpsz"[tile // 9])
    return "".join(out)


def _call_tiles(text):
    return [int(text[i:i + 2]) for i in range(0, len(text), 2)]


def _replay(start, draws, discards):
    """A seat's concealed tiles (JSON codes), melds [(kind, codes)] and Norths set aside after its
    draws and discards; with a tsumo the last draw stays in the hand."""
    hand, melds, kita = list(start), [], 0
    for i, draw in enumerate(draws):
        drawn = None
        if isinstance(draw, int):
            hand.append(draw)
            drawn = draw
        else:
            kind = {"c": "chi", "p": "pon", "m": "kan"}[next(ch for ch in draw if ch.isalpha())]
            called_at = next(j for j, ch in enumerate(draw) if ch.isalpha())
            tiles = _call_tiles(draw.replace(draw[called_at], ""))
            called = int(draw[called_at + 1:called_at + 3])
            rest = list(tiles)
            rest.remove(called)
            for code in rest:
                hand.remove(code)
            melds.append((kind, tiles))
        if i >= len(discards):
            break
        out = discards[i]
        if out == 60:
            hand.remove(drawn)
        elif isinstance(out, int):
            if out:  # 0: no discard after a called kan
                hand.remove(out)
        elif out.startswith("r"):
            code = int(out[1:])
            hand.remove(drawn if code == 60 else code)
        elif out.startswith("f"):
            hand.remove(44)
            kita += 1
        elif "a" in out:
            tiles = _call_tiles(out.replace("a", ""))
            for code in tiles:
                hand.remove(code)
            melds.append(("ankan", tiles))
        elif "k" in out:
            at = out.index("k")
            added = int(out[at + 1:at + 3])
            tiles = _call_tiles(out.replace("k", ""))
            hand.remove(added)
            pon = next(m for m in melds if m[0] == "pon" and m[1][0] % 50 == added % 50)
            melds[melds.index(pon)] = ("kan", tiles)
    return hand, melds, kita


def _last_out(draws, discards):
    """The tile a discarder's last action gave away: a discard (60: the tile just drawn), a
    riichi tile, an added kan's tile (chankan) or a North set aside."""
    out = discards[-1]
    if isinstance(out, str) and out.startswith("r"):
        out = int(out[1:])
    if out == 60:
        return draws[len(discards) - 1]
    if isinstance(out, int):
        return out
    if out.startswith("f"):
        return 44
    at = out.index("k")
    return int(out[at + 1:at + 3])


def _json_points(text, players, dealer, tsumo):
    """Tenhou's value string ("30符1飜1000点", "500-1000点", "8000点∀") -> what the winner receives
    without honba and sticks."""
    amounts = [int(a) for a in re.findall(r"(\d+)(?=[-点])", text.split("飜")[-1].split("満")[-1]
                                           .split("役")[-1])]
    if not tsumo:
        return amounts[-1]
    if "∀" in text:
        return amounts[-1] * (players - 1)
    low, high = amounts[-2], amounts[-1]
    return high + low * (players - 2)


def json_wins(path):
    log = json.loads(path.read_text(encoding="utf-8"))
    rule = log["rule"]
    players = 3 if rule["disp"].startswith("三") else 4
    aka = any(rule.get(f"aka5{i}") for i in (1, 2, 3))
    kuitan = "喰" in rule["disp"]
    for number, kyoku in enumerate(log["log"], 1):
        (index, _honba, _sticks), result = kyoku[0], kyoku[-1]
        if result[0] != "和了":
            continue
        dealer = index % 4
        for info in result[2::2]:
            who, from_who = info[0], info[1]
            start, draws, discards = kyoku[4 + 3 * who], kyoku[5 + 3 * who], kyoku[6 + 3 * who]
            tsumo = who == from_who
            if tsumo:
                hand, melds, kita = _replay(start, draws, discards)
                agari = draws[-1]
            else:
                hand, melds, kita = _replay(start, draws, discards)
                agari = _last_out(kyoku[5 + 3 * from_who], kyoku[6 + 3 * from_who])
                hand.append(agari)
            yaku, dora, ura, red, limits = [], 0, 0, 0, []
            flags = {}
            for item in info[4:]:
                label, _sep, amount = item.partition("(")
                if label in JSON_FLAGS:
                    flags[JSON_FLAGS[label]] = "1"
                if "役満" in amount:
                    limits.append((JSON_YAKU[label], "yakuman"))
                    continue
                han = int(re.match(r"\d+", amount).group())
                if label == "ドラ":
                    dora = han
                elif label == "裏ドラ":
                    ura = han
                elif label == "赤ドラ":
                    red = han
                else:
                    yaku.append((JSON_YAKU[label], han))
            riichi = flags.get("riichi") or flags.get("doubleriichi")
            keys = {
                "rule": "riichi", "fumode": "tiles", "players": str(players),
                "win": "tsumo" if tsumo else "ron", "hand": _json_text(hand),
                "melds": ",".join(f"{kind}:{_json_text(tiles)}" for kind, tiles in melds),
                "agari": _json_text([agari]),
                "seatwind": WINDS[(who - dealer) % players], "roundwind": WINDS[index // 4],
                "dora": _json_text(kyoku[2]), "ura": _json_text(kyoku[3]) if riichi else "",
                "kita": str(kita), "aka": "1" if aka else "0", "kuitan": "1" if kuitan else "0",
                "dwind4": "1", "doubleyakuman": "0", "renhouvalue": "none", "kiriage": "0",
                "kazoe": "1", "multi": "1", "tsumoloss": "1", **flags,
            }
            fu = re.match(r"(\d+)符", info[3])
            points = _json_points(info[3], players, who == dealer, tsumo)
            yield Win(f"{path.name} hand {number} who {who}", keys, int(fu.group(1)) if fu else 0,
                      points, limits or yaku, dora, ura, red, kita)


def every_json_win(data=DATA):
    """The wins of the JSON logs that are not copies of XML games (SOURCES.md: 114–119 are)."""
    for path in sorted(data.glob("*.json")):
        if not 114 <= int(path.name[:3]) <= 119:
            yield from json_wins(path)
