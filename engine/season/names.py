"""Players across games (SPEC §11.1): a seat's name read as the same player wherever it is written
the same way — trimmed, full-width letters and digits as ASCII, Latin letters in lower case —
and names a group writes differently joined by aliases. An empty name is nobody's: never merged.

>>> name_key("  ＡＳＡＰＩＮ "), name_key("asapin"), name_key("김\\u3000"), name_key(" ")
('asapin', 'asapin', '김', '')
>>> joined = Aliases([["영희", "Younghee"], ["Kim", "김"]])
>>> joined.key("YOUNGHEE"), joined.key("김"), joined.key("Lee"), joined.shown("kim")
('영희', 'kim', 'lee', 'Kim')
"""
from ..compat import stripped

MAX_GROUPS = 200  # alias groups a season keeps (far more than a group of friends has players)
MAX_GROUP = 20  # names in one group


def _folded(char):
    code = ord(char)
    if 0xFF10 <= code <= 0xFF19 or 0xFF21 <= code <= 0xFF3A or 0xFF41 <= code <= 0xFF5A:
        code -= 0xFEE0  # full-width digits and Latin letters
    if 0x41 <= code <= 0x5A:
        code += 0x20  # Latin letters case-folded (ASCII's: the same under both interpreters)
    return chr(code)


def name_key(name):
    """The form a name is matched by: trimmed (every width of space), full-width letters and
    digits folded to ASCII, Latin letters in lower case; '' for an empty name."""
    if not isinstance(name, str):
        return ""
    return "".join(_folded(char) for char in stripped(name))


class Aliases:
    """Groups of names one player goes by (``[["영희", "Younghee"], ...]``): every name of a group
    is matched as its first name. Groups that share a name are one group. Anything that is not
    a list of lists of names is left out, name by name."""

    def __init__(self, groups=None):
        self.groups = cleaned_groups(groups)
        self.keys = {}  # name -> key, as found so far (a season names a few players many times)
        self.written = {}  # name -> (key, the name trimmed), as found so far
        self.seatings = {}  # players -> name -> ... -> figures.player_seats' answer, as found
        self.joined = {}
        self.heads = {}  # a group's key: its first name, as the group writes it
        for group in self.groups:
            keys = [name_key(name) for name in group]
            head = self._find(keys[0])
            for key in keys[1:]:
                other = self._find(key)
                if other != head:
                    self.joined[other] = head
            if head not in self.heads:
                self.heads[head] = group[0]

    def _find(self, key):
        seen = 0
        while key in self.joined and seen < MAX_GROUPS * MAX_GROUP:
            key = self.joined[key]
            seen += 1
        return key

    def key(self, name):
        """The key a name is counted under ('' for an empty name)."""
        if name in self.keys:
            return self.keys[name]
        key = name_key(name)
        key = self._find(key) if key else ""
        if isinstance(name, str):
            self.keys[name] = key
        return key

    def named(self, name):
        """(key, the name as written, trimmed) of a seat's name: ('', None) for an empty name.
        Worked out once per name: trimming text beyond ASCII costs MicroPython a walk through
        its characters, and a season of 500 games names the same few players 2,000 times."""
        if name in self.written:
            return self.written[name]
        key = self.key(name)
        answer = (key, stripped(name) if key else None)
        if isinstance(name, str):
            self.written[name] = answer
        return answer

    def shown(self, key):
        """The name a joined player is shown by (the first name of its group), or None."""
        return self.heads.get(key)


def cleaned_groups(groups):
    """Alias groups as kept: lists of two or more names that are not empty, within bounds.

    >>> cleaned_groups([["A", " ", "B"], ["C"], "x", [1, "D", "E"]])
    [['A', 'B'], ['D', 'E']]
    """
    kept = []
    if not isinstance(groups, list):
        return kept
    for group in groups[:MAX_GROUPS]:
        if not isinstance(group, list):
            continue
        names = [stripped(name) for name in group[:MAX_GROUP]
                 if isinstance(name, str) and name_key(name)]
        if len(names) > 1:
            kept.append(names)
    return kept
