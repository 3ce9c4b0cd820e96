"""The texts of a hand given by its tiles, from the engine's result (SPEC §9.2, §9.3).

Pure Python, in the page's language from its strings: the yaku with their han or yakuman
multiple, the dora counts, the reading (melds, pair, wait), and a 13-tile hand's waits.
"""
from amounts import grouped

from .hand import tiles

DORA_KINDS = ("dora", "ura", "aka", "kita")


def han_text(count, strings):
    return strings["tiles"]["han"].format(n=count)


def yakuman_text(multiple, strings):
    return strings["tier"]["yakuman" if multiple == 1 else f"yakuman{multiple}"]


def yaku_rows(hand, strings):
    """[(yaku key, name, value)] in the engine's order: "리치", "1판" / "국사무쌍", "역만"; a
    wind yaku names its wind where the page's words have room for it (「自風 東」)."""
    names, winds = strings["yaku"], strings["option"]["seatwind"]
    return [(yaku["name"], names[yaku["name"]].format(wind=winds.get(yaku.get("wind"), "")),
             yakuman_text(yaku["yakuman"], strings) if "yakuman" in yaku
             else han_text(yaku["han"], strings))
            for yaku in hand["yaku"]]


def dora_rows(hand, strings):
    """[(kind, label, count)] for each kind of dora the hand has (none shown when it has none);
    a yakuman counts no dora."""
    if hand["yakuman"]:
        return []
    labels = strings["tiles"]["dora_kind"]
    return [(kind, labels[kind], hand[kind]) for kind in DORA_KINDS if hand.get(kind)]


def value_text(hand, strings, tier="none"):
    """The hand's value in one phrase: "3판 40부" / 「3飜40符」, or its yakuman; a limit hand
    (`tier`, the result's) by its name with its han: 「跳満（6飜）」, "만관(4판 40부)"."""
    if hand["yakuman"]:
        return yakuman_text(hand["yakuman"], strings)
    if tier == "none" or tier.startswith("yakuman"):
        return strings["tiles"]["han_fu"].format(han=hand["han"], fu=hand["fu"])
    value = strings["copy"]["han"].format(han=hand["han"]) if hand["han"] >= 5 else \
        strings["tiles"]["han_fu"].format(han=hand["han"], fu=hand["fu"])
    return strings["copy"]["limit"].format(tier=strings["tier"][tier], value=value)


def reading_groups(reading, strings):
    """[(label, tiles)] of the chosen reading: each meld (a called one said so, and a triplet a ron
    completed: open for its fu, but not called), then the pairs."""
    words = strings["tiles"]["group"]
    groups = []
    for meld in reading["melds"]:
        label = words[meld["kind"]]
        if meld["open"]:
            said = "open_group" if meld["called"] else "ron_group"
            label = strings["tiles"][said].format(group=label)
        groups.append((label, tiles(meld["tiles"])))
    pair = words["toitsu" if reading.get("shape") == "chiitoitsu" else "pair"]  # seven pairs: 또이쯔
    groups += [(pair, tiles(found)) for found in reading["pairs"]]
    return groups


def wait_text(reading, strings):
    return strings["option"]["wait"][reading["wait"]] if reading.get("wait") else ""


def wait_kind(hand, strings):
    """The wait's name under the reading: 양면, 単騎 …; kokushi won on its pair's tile waited on
    all thirteen orphans, which is no single wait (「十三面待ち」)."""
    reading = hand["reading"]
    if any(yaku["name"] == "kokushi_13" for yaku in hand["yaku"]):
        return strings["tiles"]["wait_kind"]["thirteen"]
    return strings["tiles"]["wait_kind"].get(reading.get("wait") or "", "")


def win_text(win, strings):
    """One win of a wait: its total and value ("3,900 · 3판 30부"), or "no yaku"."""
    if win == "no_yaku":
        return strings["tiles"]["no_yaku"]
    return strings["tiles"]["wait_value"].format(total=grouped(win["total"]),
                                                 value=value_text(win, strings))


def wait_rows(waits, strings, reds=0):
    """[(tile, ron text, tsumo text)] of a 13-tile hand's waits. A five is named red ("0s",
    「赤五索」) when the engine counts one more red five than the `reds` held: the hand holds the
    other three, so the fourth copy can only be the red one.

    >>> win = {"han": 4, "fu": 30, "yakuman": 0, "aka": 1, "total": 7700}
    >>> [row[0] for row in wait_rows([{"tile": "5s", "ron": win, "tsumo": win}], {"tiles": {
    ...     "han_fu": "{han}/{fu}", "wait_value": "{total} {value}"}})]
    ['0s']
    """
    rows = []
    for wait in waits:
        tile = wait["tile"]
        wins = [win for win in (wait["ron"], wait["tsumo"]) if isinstance(win, dict)]
        if tile[0] == "5" and any(win.get("aka", 0) > reds for win in wins):
            tile = "0" + tile[1]
        rows.append((tile, win_text(wait["ron"], strings), win_text(wait["tsumo"], strings)))
    return rows


def tile_names(found, strings):
    """The tiles' names joined for a screen reader: "1만 2만 3만"."""
    names = strings["tiles"]["name"]
    return " ".join([names[tile] for tile in found])


def meld_label(name, meld, strings):
    """A called meld as words: "퐁 중 중 중"."""
    return f'{strings["tiles"]["target"][name]} {tile_names(meld, strings)}'


__all__ = ["dora_rows", "han_text", "meld_label", "reading_groups", "tile_names", "value_text",
           "wait_kind", "wait_rows", "wait_text", "yaku_rows", "yakuman_text"]
