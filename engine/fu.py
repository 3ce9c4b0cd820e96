"""Riichi fu counted from the parts of a hand, with the ten-row breakdown the page shows.

>>> count_fu(FuHand(), win="ron").fu
30
>>> hand = FuHand(melds=("closed-terminal", "seq", "seq", "seq"), wait="kanchan")
>>> [row.fu for row in count_fu(hand, win="ron").rows]
[20, 10, 8, 0, 0, 0, 0, 2, 40, 40]
"""
from dataclasses import dataclass

BASE = 20  # futei
CHIITOITSU = 25  # fixed, never rounded
MENZEN_RON = 10
TSUMO = 2
KUI_PINFU = 30  # an open hand whose fu adds up to exactly 20

MELD_FU = {
    "seq": 0,
    "open-simple": 2, "open-terminal": 4,
    "closed-simple": 4, "closed-terminal": 8,
    "openkan-simple": 8, "openkan-terminal": 16,
    "closedkan-simple": 16, "closedkan-terminal": 32,
}
PAIR_FU = {"other": 0, "dragon": 2, "seat": 2, "round": 2, "double": 2}
DOUBLE_WIND_4 = 4  # the `dwind4` table rule
WAIT_FU = {"ryanmen": 0, "shanpon": 0, "kanchan": 2, "penchan": 2, "tanki": 2}

ROWS = ("base", "win", "m1", "m2", "m3", "m4", "pair", "wait", "subtotal", "rounded")


@dataclass(frozen=True)
class FuHand:
    shape: str = "standard"  # standard | chiitoitsu | pinfu
    melds: tuple[str, str, str, str] = ("seq", "seq", "seq", "seq")
    pair: str = "other"
    wait: str = "ryanmen"
    menzen: bool = True


@dataclass(frozen=True)
class FuRow:
    row: str  # one of ROWS
    item: str  # what the row counted: a meld, pair or wait value, or a word like "round_up"
    fu: int


@dataclass(frozen=True)
class FuCount:
    fu: int
    rows: tuple[FuRow, ...]
    notices: tuple[str, ...]


def round_up_10(fu):
    return -(-fu // 10) * 10


def _win_row(hand, win):
    if win == "tsumo":
        return FuRow("win", "tsumo_pinfu", 0) if hand.shape == "pinfu" else FuRow("win", "tsumo", TSUMO)
    if hand.menzen:
        return FuRow("win", "ron_closed", MENZEN_RON)
    return FuRow("win", "ron_open", 0)


def count_fu(hand, win, dwind4=False):
    """The fu of a hand. Open chiitoitsu and open pinfu are refused earlier, by query.parse."""
    if hand.shape == "chiitoitsu":
        parts = [FuRow("base", "chiitoitsu", CHIITOITSU), FuRow("win", "chiitoitsu", 0)]
        parts += [FuRow(row, "none", 0) for row in ("m1", "m2", "m3", "m4", "pair", "wait")]
        return FuCount(CHIITOITSU, (*parts, FuRow("subtotal", "subtotal", CHIITOITSU),
                                    FuRow("rounded", "no_rounding", CHIITOITSU)), ())
    if hand.shape == "pinfu":
        melds, pair, wait = ("seq",) * 4, "other", "ryanmen"
    else:
        melds, pair, wait = hand.melds, hand.pair, hand.wait
    pair_fu = DOUBLE_WIND_4 if pair == "double" and dwind4 else PAIR_FU[pair]
    parts = [FuRow("base", "base", BASE), _win_row(hand, win)]
    parts += [FuRow(f"m{i}", meld, MELD_FU[meld]) for i, meld in enumerate(melds, 1)]
    parts += [FuRow("pair", pair, pair_fu), FuRow("wait", wait, WAIT_FU[wait])]
    subtotal = sum(row.fu for row in parts)
    if not hand.menzen and subtotal == BASE:
        fu, rounded, notices = KUI_PINFU, FuRow("rounded", "kui_pinfu", KUI_PINFU), ("kui_pinfu",)
    else:
        fu, notices = round_up_10(subtotal), ()
        rounded = FuRow("rounded", "round_up", fu)
    return FuCount(fu, (*parts, FuRow("subtotal", "subtotal", subtotal), rounded), notices)
