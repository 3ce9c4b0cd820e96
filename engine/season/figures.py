"""Each player's counts over a season's games (SPEC §11.2), from the ledger's own replay.

A game's counts are per seat (engine.ledger.summary.game_counts, or the summary the shelf keeps
of them); ``table`` adds them up per player (by the key of engine.season.names) for one size of
table. Points are kept in tenths (the ledger's results are to 0.1) and turned into the JSON
number only at the edge.
"""
from ..compat import number, stripped
from ..ledger.summary import SEAT, game_counts, seats_of
from .names import Aliases

COUNTS = ("games", "hands", "places", "points", "busts", "chombo", "wins", "tsumo",
          "win_value", "deal_ins", "deal_in_value", "riichi", "draws", "draw_tenpai",
          "yakuman")


class Row:
    """One player's counts at one size of table: each game's seat, as a summary's ``seats``
    holds it (engine.ledger.summary.SEAT), added up column by column at the end."""

    def __init__(self, key, players, shown=None):
        self.key = key
        self.players = players
        self.shown = shown  # the alias group's first name, where the player has one
        self.names = {}  # each way the name was written: in how many games
        self.seats = []

    def add(self, seat, name):
        self.names[name] = self.names.get(name, 0) + 1
        self.seats.append(seat)

    def name(self):
        """The alias group's first name; else the way of writing the name seen in most games
        (then the first in code order)."""
        if self.shown:
            return self.shown
        return sorted(self.names, key=lambda name: (-self.names[name], name))[0]

    def as_dict(self):
        columns = list(zip(*self.seats))
        totals = dict(zip(SEAT, [sum(column) for column in columns]))
        row = {"name": self.name(), "games": len(self.seats), "hands": totals["hands"],
               "places": [columns[0].count(place) for place in range(1, self.players + 1)],
               "points": number(totals["result"], 10)}
        for field in COUNTS[4:]:
            row[field] = totals[field]
        return row


def player_seats(counted, aliases):
    """(seat, key, name as written) for each named seat of a counted game (``names`` and
    ``players``, as a summary has them); an empty name is nobody's, and a name two seats of one
    game share counts for neither (it names no one player)."""
    names, players = counted["names"], counted["players"]
    seating = (players,) + tuple(names)  # a group's seatings come back game after game
    if seating in aliases.seatings:
        return aliases.seatings[seating]
    found = []
    for seat in range(players):
        name = names[seat] if seat < len(names) else ""
        key = aliases.key(name)
        if key:
            found.append((seat, key, stripped(name)))
    keys = [key for _seat, key, _name in found]
    found = [item for item in found if keys.count(item[1]) == 1]
    aliases.seatings[seating] = found
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
    rows = {}
    found = seated(games, players, aliases) if found is None else found
    for game, seats in found:
        for seat, key, name in seats:
            if key not in rows:
                rows[key] = Row(key, players, aliases.shown(key))
            rows[key].add(game["seats"][seat], name)
    ordered = [(row.as_dict(), key) for key, row in rows.items()]
    ordered.sort(key=lambda item: (-int(round(item[0]["points"] * 10)), -item[0]["games"],
                                   item[0]["name"], item[1]))
    return {"players": players, "games": len(found), "rows": [row for row, _key in ordered]}


def tables(games, aliases=None):
    """SPEC §11.4's answer for a list of games (merged already): a table for four players,
    then one for three, each with its games and rows."""
    every = [counted(game) for game in games]
    return {"tables": [table(every, players, aliases) for players in (4, 3)]}
