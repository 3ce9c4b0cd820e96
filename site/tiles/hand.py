"""The hand as the palette builds it: tiles in and out, notation to lists and back. Pure Python.

The notation is the engine's (SPEC §9.1): digits then a suit letter, ``0`` a red five
(``123m406p55s``); melds ``KIND:TILES`` joined by commas (``pon:777z,chi:345s``). This module
only moves tiles about for the page; whether they make a hand, and what it is worth, is the
engine's to say (it parses the same text again and names what is wrong).

>>> tiles("12m0p 5z")
['1m', '2m', '0p', '5z']
>>> notation(["3p", "1m", "0p", "5p", "2m"])
'12m350p'
>>> hand = Hand.read("123m456p789s1122z", "", "", "", "")
>>> hand = hand.add("2z", "hand"); hand.agari, hand.count()
('2z', 14)
>>> hand.add("3z", "hand") is None  # a fifteenth tile has no place
True
>>> hand.take("1m").agari  # one tile out: 13 tiles wait, no winning tile
''
"""
from engine import InputError, situation
from engine.compat import WHITESPACE, Record, kept, replace
from engine.query import parse_value
from engine.tilehand import MAX_INDICATORS
from engine.tiles import MELD_KINDS, SUITS

DIGITS = "0123456789"
TARGETS = ("hand", "agari") + MELD_KINDS + ("dora", "ura")  # where a palette tap puts its tile
FULL = 14  # concealed tiles + 3 per meld, once the winning tile is in
_READ = {}  # Hand.read's hands by the fields' texts (a tap reads the same fields twice)
_READ_MAX = 32


def bare(text):
    """`text` without any whitespace (CPython's, wider than MicroPython's str.split())."""
    return "".join([char for char in text if char not in WHITESPACE])


def tiles(text):
    """The tiles a notation names, in its order; None when it is not tiles (left to the engine
    to name). Spaces are ignored.

    >>> tiles("1\u30002m"), tiles("12"), tiles("m"), tiles("18z"), tiles("１m")
    (['1m', '2m'], None, None, None, None)
    """
    found, digits = [], ""
    for char in bare(text):
        if char in DIGITS:
            digits += char
        elif char in SUITS and digits:
            if char == "z" and any(not "1" <= digit <= "7" for digit in digits):
                return None
            found += [digit + char for digit in digits]
            digits = ""
        else:
            return None
    return None if digits else found


def order(tile):
    """Sort key: by suit (m p s z), then number, a red five just after its plain five."""
    return SUITS.index(tile[1]), 5.5 if tile[0] == "0" else int(tile[0])


# order's answers for every tile a notation can name: a sort by them calls no Python per tile
# (in the browser's MicroPython, a call of a Python function is its dearest step)
ORDER = {digit + suit: order(digit + suit) for suit in SUITS for digit in DIGITS
         if suit != "z" or "1" <= digit <= "7"}


def kind(tile):
    """The tile without its colour: a red five is a five (0m -> 5m)."""
    return ("5" if tile[0] == "0" else tile[0]) + tile[1]


def notation(found, sort=True):
    """Tiles as the shortest notation, by suit (sorted unless `sort` is false)."""
    parts = []
    for tile in sorted(found, key=ORDER.get) if sort else found:
        if parts and parts[-1][1] == tile[1]:
            parts[-1] = (parts[-1][0] + tile[0], tile[1])
        else:
            parts.append((tile[0], tile[1]))
    return "".join(digits + suit for digits, suit in parts)


def kept_ends(old, new):
    """(how many items at the start, how many at the end) `new` keeps of `old`: a row redrawn
    replaces only what lies between.

    >>> kept_ends(["1m", "2m", "3m"], ["1m", "5p", "3m"]), kept_ends(["1m"], ["1m", "1m"])
    ((1, 1), (1, 0))
    """
    same = 0
    while same < min(len(old), len(new)) and old[same] == new[same]:
        same += 1
    tail = 0
    while tail < min(len(old), len(new)) - same and old[len(old) - 1 - tail] == new[len(new) - 1 - tail]:
        tail += 1
    return same, tail


def melds(text):
    """[(kind, tiles)] of a melds field, or None when it does not read as melds."""
    text = bare(text)
    if not text:
        return []
    found = []
    for part in text.split(","):
        name, _, body = part.partition(":")
        meld = tiles(body)
        if name not in MELD_KINDS or not meld:
            return None
        found.append((name, meld))
    return found


def melds_notation(found):
    return ",".join(f"{name}:{notation(meld, sort=False)}" for name, meld in found)


def meld_of(name, tile):
    """The meld a tap on `tile` calls: chi from the tapped tile up; pon and kans of that tile
    (a tapped red five is the meld's one red five). None where there is no such meld."""
    number, suit = int(kind(tile)[0]), tile[1]
    if name == "chi":
        if suit == "z" or number > 7:
            return None
        return [tile] + [f"{number + step}{suit}" for step in (1, 2)]
    size = 3 if name == "pon" else 4
    return [tile] + [kind(tile)] * (size - 1)


class Hand(Record):
    """What the tile fields hold: concealed tiles (entry order), the winning tile, the melds
    (``((kind, (tiles...)), ...)``), and the dora and ura indicators. Not changed once made."""

    FIELDS = ("concealed", "agari", "called", "dora", "ura")
    DEFAULTS = {"concealed": (), "agari": "", "called": (), "dora": (), "ura": ()}

    @classmethod
    def read(cls, hand, agari, meld_text, dora, ura):
        """The fields' texts as a Hand; a field that does not read as tiles counts as empty (the
        engine names it). The same texts give the same Hand (remembered: a Hand is not changed)."""
        key = (cls, hand, agari, meld_text, dora, ura)
        found = _READ.get(key)
        if found is None:
            found = kept(_READ, key, cls(
                tuple(tiles(hand) or ()), bare(agari),
                tuple((name, tuple(meld)) for name, meld in melds(meld_text) or ()),
                tuple(tiles(dora) or ()), tuple(tiles(ura) or ())), _READ_MAX)
        return found

    def fields(self):
        """The form's values: {hand, agari, melds, dora, ura}, the hand in sorted notation."""
        found = getattr(self, "_fields", None)  # worked out once: a Hand is not changed
        if found is None:
            found = self._fields = {
                "hand": notation(self.concealed), "agari": self.agari,
                "melds": melds_notation(self.called), "dora": notation(self.dora, sort=False),
                "ura": notation(self.ura, sort=False)}
        return dict(found)

    def count(self):
        return len(self.concealed) + 3 * len(self.called)

    def copies(self, tile):
        """How many of this tile's kind the hand, its melds and the indicators hold."""
        wanted = kind(tile)
        red = "0" + wanted[1] if wanted[0] == "5" else None  # a red five is a five
        return len([t for t in self.everything() if t in (wanted, red)])

    def everything(self):
        """Every tile the hand, its melds and the indicators hold."""
        found = [t for held in (self.concealed, self.dora, self.ura) for t in held]
        return found + [t for _name, meld in self.called for t in meld]

    def second_red(self, tiles):
        """Whether `tiles` hold a red five whose suit's one red five is already in."""
        return any(t[0] == "0" and t in self.everything() for t in tiles)

    def shown(self):
        """The concealed tiles sorted, with the winning tile taken out to stand apart:
        (tiles, winning tile or "")."""
        rest = sorted(self.concealed, key=ORDER.get)
        if self.agari in rest:
            rest.remove(self.agari)
            return rest, self.agari
        return rest, ""

    def add(self, tile, target):
        """The hand with `tile` put where `target` says, or None when it has no place there (a
        fifth copy, a full hand, no such meld, a sixth indicator)."""
        if target in ("dora", "ura"):
            held = getattr(self, target)
            if len(held) >= MAX_INDICATORS or self.copies(tile) >= 4 or self.second_red([tile]):
                return None
            return replace(self, **{target: held + (tile,)})
        if target == "agari" and tile in self.concealed and self.count() == FULL:
            return replace(self, agari=tile)
        if target in MELD_KINDS:
            meld = meld_of(target, tile)
            if meld is None or self.count() + 3 > FULL or self.second_red(meld) or any(
                    self.copies(t) + meld.count(t) > 4 for t in meld):
                return None
            return self._settled(replace(self, called=self.called + ((target, tuple(meld)),)))
        if self.count() >= FULL or self.copies(tile) >= 4 or self.second_red([tile]):
            return None
        return self._settled(replace(self, concealed=self.concealed + (tile,)), tile)

    def refusal(self, tile, target):
        """Why `add` finds no place for `tile` at `target`: "full" (14 tiles), "no_fifth" (its
        four copies are in), "no_second_red" (its suit's red five is in), "no_indicator" (five
        indicators), else "no_room" (no such meld).

        >>> four, indicators = Hand.read("1111m", "", "", "", ""), Hand.read("", "", "", "1p2p3p4p5p", "")
        >>> four.refusal("1m", "hand"), indicators.refusal("9s", "dora"), four.refusal("2m", "pon")
        ('no_fifth', 'no_indicator', 'no_room')
        >>> red = Hand.read("0m", "", "", "", "")
        >>> red.add("0m", "hand"), red.add("0m", "dora"), red.refusal("0m", "hand")
        (None, None, 'no_second_red')
        """
        if target in ("hand", "agari") and self.count() >= FULL:
            return "full"
        if self.copies(tile) >= 4:
            return "no_fifth"
        if self.second_red([tile]):
            return "no_second_red"
        if target in ("dora", "ura") and len(getattr(self, target)) >= MAX_INDICATORS:
            return "no_indicator"
        return "no_room"

    def take(self, tile):
        """The hand with one `tile` taken out of the concealed tiles (a tap on a shown tile)."""
        if tile not in self.concealed:
            return self
        concealed = list(self.concealed)
        concealed.reverse()  # the latest copy goes: the winning tile, if it is one
        concealed.remove(tile)
        concealed.reverse()
        return self._settled(replace(self, concealed=tuple(concealed)))

    def remove(self, where, index):
        """The hand without the `index`-th meld ("melds") or indicator ("dora", "ura")."""
        held = self.called if where == "melds" else getattr(self, where)
        if not 0 <= index < len(held):
            return self
        kept = held[:index] + held[index + 1:]
        if where == "melds":
            return self._settled(replace(self, called=kept))
        return replace(self, **{where: kept})

    def _settled(self, hand, added=""):
        """A full hand's winning tile is the tile just added, else the one it had while it still
        holds it; short of 14 tiles there is none (13 tiles: the waits)."""
        if hand.count() != FULL:
            return replace(hand, agari="")
        if added:
            return replace(hand, agari=added)
        return hand if hand.agari in hand.concealed else replace(hand, agari="")

    def typed(self):
        """After the hand was typed: a full hand without a winning tile takes the last one typed."""
        if self.count() == FULL and self.agari not in self.concealed and self.concealed:
            return replace(self, agari=self.concealed[-1])
        return self

    def reds(self):
        """The red fives among the concealed tiles and the melds (0 in the notation)."""
        return sum(1 for _name, meld in self.called for tile in meld if tile[0] == "0") + sum(
            1 for tile in self.concealed if tile[0] == "0")

    def is_open(self):
        return any(name != "ankan" for name, _meld in self.called)

    def has_kan(self):
        return any(name in ("kan", "ankan") for name, _meld in self.called)


def applicable(hand, win, dealer, riichi, players, kita="0"):
    """The situation flags that can apply (SPEC §9.4), and ``ura`` and ``kita``: a set, as the
    engine's one table rules them (engine.situation), for the hand as tapped, the form's win
    (ron|tsumo), whether the seat deals, riichi (or double riichi) declared, the player count and
    the North tiles set aside (the field's text; one that does not read counts as none).

    >>> sorted(applicable(Hand(), "ron", dealer=False, riichi=False, players="4"))
    ['chankan', 'doubleriichi', 'houtei', 'renhou', 'riichi']
    >>> "rinshan" in applicable(Hand(), "tsumo", False, False, "3", kita="1")
    True
    """
    try:
        north = parse_value("kita", kita or "0")
    except InputError:
        north = 0
    facts = situation.Facts(players=3 if str(players) == "3" else 4, win=win, dealer=dealer,
                            riichi=riichi, opened=hand.is_open(), kan=hand.has_kan(),
                            called=bool(hand.called), kita=north)
    return set(situation.applicable(facts))
