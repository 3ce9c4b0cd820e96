"""The one vocabulary: every key, its allowed values and its default.

The same names are the URL query keys, the form controls' ``name`` attributes, the CLI's
KEY=VALUE arguments and the keys of the strings files. Glossary of the romanised terms:

- ``han``: doubles of a riichi hand (판/飜); ``fu``: minipoints (부/符).
- ``ron``: win on another player's discard; ``tsumo``: win on one's own draw.
- ``honba``: repeat counters (본장/本場); ``sticks``: riichi deposits on the table (리치봉/供託).
- ``kiriage``: rounding 4 han 30 fu and 3 han 60 fu up to mangan (절상만관/切り上げ満貫).
- ``kazoe``: 13 han or more paid as yakuman (헤아림 역만/数え役満).
- ``dwind4``: a pair of the double wind (seat wind = round wind) worth 4 fu instead of 2.
- ``yakuman``: a limit hand (역만/役満), here counted as a multiple k = 1…6; ``multi``: whether
  multiples pay k times (off: every yakuman pays as one).
- ``players``: four- or three-player riichi (삼마/三麻); ``tsumoloss``: in three-player, a tsumo
  is paid without the absent North's share (쯔모손/ツモ損).
- ``menzen``: a closed hand, no called melds (멘젠/門前).
- ``chiitoitsu``: seven pairs (치또이쯔/七対子); ``pinfu``: the no-fu hand (핑후/平和).
- ``agari``: the winning tile (和了牌); ``dora``/``ura``: indicator tiles (도라/ドラ, 뒷도라/裏ドラ);
  ``kita``: North tiles set aside in three-player, each a dora (북빼기/抜きドラ); ``aka``: red fives.
- ``kuitan``: tanyao with an open hand (쿠이탕/喰いタン); ``renhou``: a ron before one's first draw.
- ``fan``: Hong Kong doubles (번/番); ``points``: MCR hand points; ``value``: NMJL card value.
"""
from collections import OrderedDict

from .compat import Record

RULES = ("riichi", "hk", "mcr", "nmjl")

MELDS = (
    "seq",
    "open-simple", "open-terminal",
    "closed-simple", "closed-terminal",
    "openkan-simple", "openkan-terminal",
    "closedkan-simple", "closedkan-terminal",
)
PAIRS = ("other", "dragon", "seat", "round", "double")
WAITS = ("ryanmen", "shanpon", "kanchan", "penchan", "tanki")
FU_VALUES = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)


class Key(Record):
    """One input: ``kind`` is choice, int, flag or decimal; an int with ``choices`` takes only those.

    A key counts only under its ``rules`` and when every earlier key named in ``when`` has one of
    the listed values (the page hides the control otherwise, and the engine ignores it). ``low``
    and ``high`` bound an int; ``length`` is the longest value taken (None: MAX_VALUE_LENGTH).
    """

    FIELDS = ("name", "kind", "default", "rules", "choices", "low", "high", "when", "length")
    DEFAULTS = {"choices": (), "low": None, "high": None, "when": (), "length": None}


def _choice(name, choices, default, rules, when=()):
    return Key(name, "choice", default, rules, choices=tuple(choices), when=when)


_NOT_YAKUMAN = (("yakuman", ("0",)),)  # a yakuman is valued by its multiple, not han and fu
_KNOWN_FU = _NOT_YAKUMAN + (("fumode", ("known",)),)
_COUNTED_FU = _NOT_YAKUMAN + (("fumode", ("count",)),)
_COUNTED_PARTS = _COUNTED_FU + (("shape", ("standard",)),)
_TILES = _NOT_YAKUMAN + (("fumode", ("tiles",)),)


def _int(name, low, high, default, rules):
    return Key(name, "int", default, rules, low=low, high=high)


def _flag(name, default, rules, when=()):
    return Key(name, "flag", default, rules, choices=("0", "1"), when=when)


def _tiles(name, length):
    """Tiles in the notation of SPEC §9.1 (``234m067p``), read by engine.tiles; empty: none."""
    return Key(name, "tiles", "", _RIICHI, when=_TILES, length=length)


# What happened at the table when a hand from its tiles was won (SPEC §9.1), each 0|1: riichi,
# double riichi (in place of riichi), ippatsu, the last tile (haitei: tsumo; houtei: ron), the
# replacement tile (rinshan), robbing a kan (chankan), the first draw (tenhou: dealer; chiihou:
# non-dealer) and a ron before one's first draw (renhou). Which can apply: engine.situation.
SITUATION_FLAGS = ("riichi", "doubleriichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan",
                   "tenhou", "chiihou", "renhou")

_ALL = RULES
_RIICHI = ("riichi",)
_HK = ("hk",)

# In vocabulary order (page order): a key's `when` names only keys before it. An OrderedDict,
# because a MicroPython dict keeps no order.
KEYS = OrderedDict((key.name, key) for key in (
    _choice("rule", RULES, "riichi", _ALL),
    _choice("win", ("ron", "tsumo"), "ron", _ALL),
    # riichi: the hand and the situation
    _choice("players", ("4", "3"), "4", _RIICHI),
    _choice("seat", ("dealer", "nondealer"), "nondealer", _RIICHI),
    _int("yakuman", 0, 6, "0", _RIICHI),
    _choice("fumode", ("known", "count", "tiles"), "known", _RIICHI, _NOT_YAKUMAN),
    Key("han", "int", "3", _RIICHI, low=1, high=13, when=_NOT_YAKUMAN),
    Key("fu", "int", "30", _RIICHI, choices=tuple(str(fu) for fu in FU_VALUES), low=20, high=110,
        when=_KNOWN_FU),
    _choice("shape", ("standard", "chiitoitsu", "pinfu"), "standard", _RIICHI, _COUNTED_FU),
    _choice("m1", MELDS, "seq", _RIICHI, _COUNTED_PARTS),
    _choice("m2", MELDS, "seq", _RIICHI, _COUNTED_PARTS),
    _choice("m3", MELDS, "seq", _RIICHI, _COUNTED_PARTS),
    _choice("m4", MELDS, "seq", _RIICHI, _COUNTED_PARTS),
    _choice("pair", PAIRS, "other", _RIICHI, _COUNTED_PARTS),
    _choice("wait", WAITS, "ryanmen", _RIICHI, _COUNTED_PARTS),
    Key("menzen", "flag", "1", _RIICHI, choices=("0", "1"), when=_NOT_YAKUMAN),
    # riichi: a hand from its tiles (SPEC §9.1). 14 tiles at most, four melds, five indicators
    # each; the counts themselves are checked by engine.tilehand.
    _tiles("hand", 64),
    _tiles("melds", 64),  # chi:345s,pon:777z,kan:9999m,ankan:1111z
    _tiles("agari", 8),
    _choice("seatwind", ("E", "S", "W", "N"), "S", _RIICHI, _TILES),
    _choice("roundwind", ("E", "S", "W", "N"), "E", _RIICHI, _TILES),
    _tiles("dora", 24),
    _tiles("ura", 24),
    Key("kita", "int", "0", _RIICHI, low=0, high=4, when=_TILES),
) + tuple(_flag(flag, "0", _RIICHI, _TILES) for flag in SITUATION_FLAGS) + (
    # riichi: what the table agreed
    _int("honba", 0, 99, "0", _RIICHI),
    _int("sticks", 0, 99, "0", _RIICHI),
    _flag("kiriage", "0", _RIICHI),
    _flag("kazoe", "1", _RIICHI),
    _flag("dwind4", "0", _RIICHI),
    _flag("multi", "1", _RIICHI),
    Key("tsumoloss", "flag", "1", _RIICHI, choices=("0", "1"), when=(("players", ("3",)),)),
    # riichi: table rules of a hand from its tiles
    _flag("kuitan", "1", _RIICHI, _TILES),
    _flag("aka", "1", _RIICHI, _TILES),
    _flag("doubleyakuman", "0", _RIICHI, _TILES),
    _choice("renhouvalue", ("none", "mangan", "yakuman"), "none", _RIICHI, _TILES),
    # Hong Kong
    _int("fan", 0, 13, "3", _HK),
    _choice("table", ("half", "full"), "half", _HK),
    _choice("cap", ("8", "10", "13"), "10", _HK),
    _choice("ron_split", ("discarder", "shared"), "discarder", _HK, (("win", ("ron",)),)),
    _choice("tsumo_split", ("half", "full"), "half", _HK, (("win", ("tsumo",)),)),
    Key("unit", "decimal", "1", _HK),
    # MCR
    _int("points", 1, 999, "8", ("mcr",)),
    _int("flowers", 0, 8, "0", ("mcr",)),
    # NMJL
    _int("value", 10, 100, "25", ("nmjl",)),
    _flag("jokerless", "0", ("nmjl",)),
    _flag("bettor", "0", ("nmjl",)),
))

DEFAULTS = OrderedDict((name, key.default) for name, key in KEYS.items())

# Point value (HK `unit`): a positive decimal with at most this many places, at most UNIT_MAX.
UNIT_PLACES = 4
UNIT_MAX = 1_000_000
# Longer values are refused before any parsing.
MAX_VALUE_LENGTH = 32
