"""Riichi fu counted from the parts of a hand, with the ten-row breakdown the page shows.

>>> count_fu(FuHand(), win="ron").fu
30
>>> hand = FuHand(melds=("closed-terminal", "seq", "seq", "seq"), wait="kanchan")
>>> [row.fu for row in count_fu(hand, win="ron").rows]
[20, 10, 8, 0, 0, 0, 0, 2, 40, 40]
>>> count_fu(FuHand(), win="tsumo").fu  # pinfu, whatever the shape control says
20
>>> contradiction(FuHand(melds=("openkan-simple", "seq", "seq", "seq")), win="ron")
('m1', 'openkan_closed')
"""
from .compat import Record

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
SEQUENCE_WAITS = ("ryanmen", "kanchan", "penchan")  # the winning tile completes a sequence
TRIPLETS = ("open-simple", "open-terminal", "closed-simple", "closed-terminal")  # kans excluded

ROWS = ("base", "win", "m1", "m2", "m3", "m4", "pair", "wait", "subtotal", "rounded")


class FuHand(Record):
    """The parts of a hand: ``shape`` standard | chiitoitsu | pinfu, four ``melds`` (keys.MELDS),
    the ``pair`` (keys.PAIRS), the ``wait`` (keys.WAITS), ``menzen``: closed."""

    FIELDS = ("shape", "melds", "pair", "wait", "menzen")
    DEFAULTS = {"shape": "standard", "melds": ("seq", "seq", "seq", "seq"), "pair": "other",
                "wait": "ryanmen", "menzen": True}


class FuRow(Record):
    """One row of the breakdown: ``row`` one of ROWS; ``item`` what it counted (a meld, pair or
    wait value, or a word like "round_up"); its ``fu``."""

    FIELDS = ("row", "item", "fu")


class FuCount(Record):
    """The hand's ``fu``, the ten ``rows`` (FuRow) and the notices."""

    FIELDS = ("fu", "rows", "notices")


def round_up_10(fu):
    return -(-fu // 10) * 10


def is_pinfu(hand):
    """A closed hand of four sequences, a plain pair and a two-sided wait, whatever its shape says."""
    if hand.shape == "pinfu":
        return True
    return (hand.shape == "standard" and hand.menzen and hand.melds == ("seq",) * 4
            and hand.pair == "other" and hand.wait == "ryanmen")


def contradiction(hand, win):
    """The part that makes a hand impossible, as (field, code), or None for a hand that can occur.

    A called kan opens the hand. In a closed hand an open triplet is only the one triplet a ron
    completed on a shanpon wait. A shanpon wait completes a triplet; a two-sided, closed or edge
    wait completes a sequence.
    """
    if not hand.menzen and hand.shape != "standard":
        return "shape", "open_" + hand.shape
    if hand.shape != "standard":
        return None
    fields = [f"m{i}" for i in range(1, 5)]
    if hand.menzen:
        for field, meld in zip(fields, hand.melds):
            if meld.startswith("openkan-"):
                return field, "openkan_closed"
        opened = [field for field, meld in zip(fields, hand.melds) if meld.startswith("open-")]
        if opened:
            if win == "tsumo":
                return opened[0], "open_triplet_tsumo"
            if hand.wait != "shanpon":
                return opened[0], "open_triplet_wait"
            if len(opened) > 1:
                return opened[1], "open_triplet_twice"
    if hand.wait == "shanpon" and not any(meld in TRIPLETS for meld in hand.melds):
        return "wait", "shanpon_no_triplet"
    if hand.wait in SEQUENCE_WAITS and "seq" not in hand.melds:
        return "wait", "wait_no_sequence"
    return None


def _win_row(hand, win):
    if win == "tsumo":
        return FuRow("win", "tsumo_pinfu", 0) if is_pinfu(hand) else FuRow("win", "tsumo", TSUMO)
    if hand.menzen:
        return FuRow("win", "ron_closed", MENZEN_RON)
    return FuRow("win", "ron_open", 0)


def count_fu(hand, win, dwind4=False):
    """The fu of a hand. Hands that cannot occur (see `contradiction`) are refused earlier, by
    query.parse."""
    if hand.shape == "chiitoitsu":
        parts = [FuRow("base", "chiitoitsu", CHIITOITSU), FuRow("win", "chiitoitsu", 0)]
        parts += [FuRow(row, "none", 0) for row in ("m1", "m2", "m3", "m4", "pair", "wait")]
        return FuCount(CHIITOITSU, tuple(parts) + (FuRow("subtotal", "subtotal", CHIITOITSU),
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
    return FuCount(fu, tuple(parts) + (FuRow("subtotal", "subtotal", subtotal), rounded), notices)
