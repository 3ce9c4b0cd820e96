"""Each player's counts over a season's games (SPEC §11.2), from the ledger's own replay.

A game's counts are per seat (engine.ledger.summary.game_counts, or the summary the shelf keeps
of them); ``table`` adds them up per player (by the key of engine.season.names) for one size of
table. Points are kept in tenths (the ledger's results are to 0.1) and turned into the JSON
number only at the edge.
"""
from ..compat import number
from ..ledger.summary import SEAT, game_counts, seats_of
from .names import Aliases

COUNTS = ("games", "hands", "places", "points", "busts", "chombo", "wins", "tsumo",
          "win_value", "deal_ins", "deal_in_value", "riichi", "draws", "draw_tenpai",
          "yakuman")
_ANSWER = object()  # where player_seats keeps its answer in the tree of seatings (no name)


class Row:
    """One player's counts at one size of table: each game's seat, as a summary's ``seats``
    holds it (engine.ledger.summary.SEAT), added up column by column at the end; ``names``:
    each way the name was written, in how many games."""

    def __init__(self, key, players, shown, names, seats):
        self.key = key
        self.players = players
        self.shown = shown  # the alias group's first name, where the player has one
        self.names = names
        self.seats = seats

    def name(self):
        """The alias group's first name; else the way of writing the name seen in most games
        (then the first in code order)."""
        if self.shown:
            return self.shown
        return sorted(self.names, key=lambda name: (-self.names[name], name))[0]

    def as_dict(self):
        totals = dict(zip(SEAT, _totals(self.seats)))
        ranks = [seat[0] for seat in self.seats]
        row = {"name": self.name(), "games": len(self.seats), "hands": totals["hands"],
               "places": [ranks.count(place) for place in range(1, self.players + 1)],
               "points": number(totals["result"], 10)}
        for field in COUNTS[4:]:
            row[field] = totals[field]
        return row


def _totals(seats):
    """Each column of SEAT added up over `seats` (lists as long as SEAT, as a summary keeps
    them). SEAT's fourteen columns are added one seat at a time, each unpacked into names:
    under MicroPython several times faster than zip(*seats) and sum() (a season of 500 games
    adds up 2,000 seats)."""
    if len(SEAT) != 14:  # SEAT changed: the same sums, column by column
        return [sum(column) for column in zip(*seats)] if seats else [0] * len(SEAT)
    a0 = a1 = a2 = a3 = a4 = a5 = a6 = a7 = a8 = a9 = a10 = a11 = a12 = a13 = 0
    for b0, b1, b2, b3, b4, b5, b6, b7, b8, b9, b10, b11, b12, b13 in seats:
        a0 += b0
        a1 += b1
        a2 += b2
        a3 += b3
        a4 += b4
        a5 += b5
        a6 += b6
        a7 += b7
        a8 += b8
        a9 += b9
        a10 += b10
        a11 += b11
        a12 += b12
        a13 += b13
    return [a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13]


def player_seats(counted, aliases):
    """(seat, key, name as written) for each named seat of a counted game (``names`` and
    ``players``, as a summary has them); an empty name is nobody's, and a name two seats of one
    game share counts for neither (it names no one player)."""
    names, players = counted["names"], counted["players"]
    # A group's seatings come back game after game: each answer is kept in a tree of dicts,
    # by the size of the table, then name after name (not by a tuple of them: MicroPython
    # hashes a tuple by the sum of its items' hashes, so every order of the same four names
    # would fall on one slot, and a season's lookups would walk long chains).
    node = aliases.seatings.get(players)
    if node is None:
        node = aliases.seatings[players] = {}
    for name in names:
        below = node.get(name)
        if below is None:
            below = node[name] = {}
        node = below
    found = node.get(_ANSWER)
    if found is not None:
        return found
    found = []
    for seat in range(players):
        key, written = aliases.named(names[seat] if seat < len(names) else "")
        if key:
            found.append((seat, key, written))
    keys = [key for _seat, key, _name in found]
    if len(set(keys)) != len(keys):
        found = [item for item in found if keys.count(item[1]) == 1]
    node[_ANSWER] = found
    return found


def counted(game):
    """A game counted as a kept summary has it: its names, size and each seat's counts."""
    counts = game_counts(game)
    return {"names": list(game.get("names") or []), "players": counts["players"],
            "seats": seats_of(counts)}


def seated(games, players, aliases):
    """[(counted game, player_seats)] of the games of one size of table."""
    return [(game, player_seats(game, aliases)) for game in games if game["players"] == players]


def table(games, players, aliases=None, found=None):
    """The rows of one size of table: ``games`` are counted games (``counted``, or the summaries
    engine.ledger.summary keeps); ``found``: ``seated``'s answer for them, where the caller has
    it. Rows by points (then games, then name), each {"name", "games", "hands", "places",
    "points", ...}."""
    aliases = aliases or Aliases()
    found = seated(games, players, aliases) if found is None else found
    seats, names = {}, {}  # key -> [each game's seat]; key -> {name as written: games}
    for game, seating in found:
        counts = game["seats"]
        for seat, key, name in seating:
            if key in seats:
                seats[key].append(counts[seat])
                written = names[key]
                written[name] = written.get(name, 0) + 1
            else:
                seats[key] = [counts[seat]]
                names[key] = {name: 1}
    ordered = []
    for key in seats:
        row = Row(key, players, aliases.shown(key), names[key], seats[key]).as_dict()
        ordered.append((-int(round(row["points"] * 10)), -row["games"], row["name"], key, row))
    ordered.sort(key=lambda item: item[:4])
    return {"players": players, "games": len(found), "rows": [item[4] for item in ordered]}


def tables(games, aliases=None):
    """SPEC §11.4's answer for a list of games (merged already): a table for four players,
    then one for three, each with its games and rows."""
    every = [counted(game) for game in games]
    return {"tables": [table(every, players, aliases) for players in (4, 3)]}
