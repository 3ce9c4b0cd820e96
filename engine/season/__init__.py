"""A season among friends (SPEC §11): every game a group has played, from every phone, merged
(the same game counts once) and turned into one table of players per size of table.

``season(inputs)`` takes what ``engine.season.files.read_input`` gave for each file or link and
returns {"tables": SPEC §11.4's tables, "games": the games that count (merge's copies, each
marked ``conflict`` where two disagreeing copies of one game are both kept), "aliases",
"problems": the games that could not be read, named}. ``from_texts`` is the same from the texts
themselves, as JSON (the command line's answer, and what the MicroPython tests compare).

>>> hand = {"result": "tsumo", "winners": [{"seat": 1, "han": 3, "fu": 30}], "riichi": [1]}
>>> found = read_input('{"rules": {}, "hands": [' + dumps(hand) + '], "names": ["Ann", "Bo", "", ""]}')
>>> row = season([found])["tables"][0]["rows"][0]
>>> row["name"], row["wins"], row["tsumo"], row["win_value"], row["riichi"], row["places"]
('Bo', 1, 1, 4000, 1, [1, 0, 0, 0])
"""
from ..ledger.wire import dumps
from .figures import COUNTS, counted, table, tables
from .files import SeasonError, read_data, read_input
from .merge import merge
from .names import Aliases, cleaned_groups, name_key

__all__ = ["COUNTS", "Aliases", "SeasonError", "cleaned_groups", "counted", "dumps",
           "from_texts", "merge", "name_key", "read_data", "read_input", "season", "table",
           "tables"]


def season(inputs, aliases=None):
    """The season of several inputs (each {"copies", "aliases", "problems"}): their games
    merged, their alias groups together (then `aliases`, the page's own), the tables."""
    copies, groups, problems = [], [], []
    for found in inputs:
        copies += found["copies"]
        groups += found["aliases"]
        problems += found["problems"]
    groups = cleaned_groups(groups + list(aliases or []))
    kept = merge(copies)
    return {"tables": tables([copy["game"] for copy in kept], Aliases(groups))["tables"],
            "games": kept, "aliases": groups, "problems": problems}


def from_texts(texts, aliases=None):
    """The season of [(source, text)] as JSON: {"tables", "problems": each unreadable game's
    {"field", "code", "message"}, "conflicts": how many kept copies are marked}. A text that
    cannot be read as a whole raises SeasonError."""
    found = season([read_input(text, source) for source, text in texts], aliases)
    return {"tables": found["tables"],
            "problems": [problem.as_dict() for problem in found["problems"]],
            "conflicts": sum(1 for copy in found["games"] if copy["conflict"])}
