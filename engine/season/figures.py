"""Each player's counts over a season's games (SPEC §11.2), from the ledger's own replay.

Every amount comes from engine.ledger: the scores, the final standings, and each hand's value
from ``engine.ledger.game.play`` run once more on the same hand with no honba, no sticks and
no riichi deposits — what the others paid for the hand itself, so a winner's value, pao and
tsumo loss included, is the ledger's and never a second copy of the payment rules.

A game's counts (``game_counts``) are per seat; ``table`` adds them up per player (by the key
of engine.season.names) for one size of table. Points are kept in tenths (the ledger's results
are to 0.1) and turned into the JSON number only at the edge.
"""
from ..compat import number, stripped
from ..ledger import end, replay, rules_from
from ..ledger.game import State, play
from .names import Aliases

COUNTS = ("games", "hands", "places", "points", "busts", "chombo", "wins", "tsumo",
          "win_value", "deal_ins", "deal_in_value", "riichi", "draws", "draw_tenpai",
          "yakuman")


def _zeros(players):
    return [0] * players


def game_counts(game):
    """A game's counts per seat (the game as engine.ledger.games reads it: its hands checked,
    every list there): {"players", "finished" (its last hand ended it, or it was
    ended by hand), "final", "results" (tenths), and each
    count of COUNTS but ``games`` and ``places`` as a list by seat, ``ranks`` (the place each
    seat counts: a shared place as the better one), ``hand_values``: per hand, each seat's
    value won (for the hands' CSV)}. A game not over is counted as if ended now (its standing
    so far), as the ledger's "end" gives it."""
    record = {"rules": game["rules"], "hands": game["hands"]}
    rules = rules_from(game["rules"])
    players = rules["players"]
    played = replay(record)
    over = played["over"]
    if not over:
        played = end(record)
    counts = {name: _zeros(players) for name in (
        "busts", "chombo", "wins", "tsumo", "win_value", "deal_ins", "deal_in_value", "riichi",
        "draws", "draw_tenpai", "yakuman")}
    values = []
    for index, hand in enumerate(game["hands"]):
        entry = played["hands"][index]
        for seat in hand["riichi"]:
            counts["riichi"][seat] += 1
        result = hand["result"]
        value = _zeros(players)
        if result in ("ron", "tsumo"):
            value = _values(hand, entry["dealer"], rules)
            winners = [seat for seat in range(players) if value[seat] > 0]
            yakuman = [w["seat"] for w in hand["winners"] if w.get("yakuman")]
            for seat in winners:
                counts["wins"][seat] += 1
                counts["tsumo"][seat] += result == "tsumo"
                counts["win_value"][seat] += value[seat]
                counts["yakuman"][seat] += seat in yakuman
            if result == "ron" and winners:
                discarder = hand["from"]
                counts["deal_ins"][discarder] += 1
                counts["deal_in_value"][discarder] += sum(value[seat] for seat in winners)
        elif result == "draw":
            tenpai = set(hand["tenpai"]) | set(hand["riichi"])  # riichi means tenpai (the ledger)
            for seat in range(players):
                counts["draws"][seat] += 1
                counts["draw_tenpai"][seat] += seat in tenpai
        elif result == "chombo":
            counts["chombo"][hand["seat"]] += 1
        values.append(value)
    final = played["final"]
    counts["busts"] = [int(score < 0) for score in final["scores"]]
    counts.update(players=players, finished=over or bool(game.get("ended")), final=final,
                  ranks=list(final["ranks"]),
                  results=[_tenths(result) for result in final["results"]],
                  hands=len(game["hands"]), hand_values=values, replayed=played)
    return counts


def _tenths(result):
    """A ledger result (a number to 0.1) as whole tenths."""
    return int(round(result * 10))


def _values(hand, dealer, rules):
    """Each seat's part of the hand's value: the hand played again from a table with no honba,
    no sticks and no deposits, so that only the hand itself is paid (a winner's gain; a multiple
    ron as the rules play it: a winner the rules leave out gains nothing)."""
    players = rules["players"]
    bare = State(0, dealer, 0, 0, (rules["start"],) * players, _zeros(players))
    deltas = play(bare, dict(hand, riichi=[]), rules).deltas
    return [max(delta, 0) for delta in deltas]


class Row:
    """One player's counts at one size of table."""

    def __init__(self, key, players, shown=None):
        self.key = key
        self.shown = shown  # the alias group's first name, where the player has one
        self.names = {}  # each way the name was written: in how many games
        self.games = 0
        self.places = _zeros(players)
        self.tenths = 0
        self.sums = {name: 0 for name in COUNTS if name not in ("games", "places", "points")}

    def add(self, counts, seat, name):
        self.names[name] = self.names.get(name, 0) + 1
        self.games += 1
        self.places[counts["ranks"][seat] - 1] += 1
        self.tenths += counts["results"][seat]
        self.sums["hands"] += counts["hands"]
        for field in self.sums:
            if field != "hands":
                self.sums[field] += counts[field][seat]

    def name(self):
        """The alias group's first name; else the way of writing the name seen in most games
        (then the first in code order)."""
        if self.shown:
            return self.shown
        return sorted(self.names, key=lambda name: (-self.names[name], name))[0]

    def as_dict(self):
        row = {"name": self.name(), "games": self.games, "hands": self.sums["hands"],
               "places": list(self.places), "points": number(self.tenths, 10)}
        for field in COUNTS[4:]:
            row[field] = self.sums[field]
        return row


def player_seats(game, aliases):
    """(seat, key, name as written) for each named seat of a game; an empty name is nobody's,
    and a name two seats of one game share counts for neither (it names no one player)."""
    names = list(game.get("names") or [])
    players = game["rules"].get("players", 4)  # a checked game's rules are filled in
    found = []
    for seat in range(players):
        name = names[seat] if seat < len(names) else ""
        key = aliases.key(name)
        if key:
            found.append((seat, key, stripped(name)))
    keys = [key for _seat, key, _name in found]
    return [item for item in found if keys.count(item[1]) == 1]


def table(counted, players, aliases=None):
    """The rows of one size of table: ``counted`` is [(game, game_counts(game))]. Rows by
    points (then games, then name), each {"name", "games", "hands", "places", "points", ...}."""
    aliases = aliases or Aliases()
    rows = {}
    games = 0
    for game, counts in counted:
        if counts["players"] != players:
            continue
        games += 1
        for seat, key, name in player_seats(game, aliases):
            if key not in rows:
                rows[key] = Row(key, players, aliases.shown(key))
            rows[key].add(counts, seat, name)
    ordered = sorted(rows.values(), key=lambda row: (-row.tenths, -row.games, row.name(),
                                                     row.key))
    return {"players": players, "games": games, "rows": [row.as_dict() for row in ordered]}


def tables(games, aliases=None):
    """SPEC §11.4's answer for a list of games (merged already): a table for four players,
    then one for three, each with its games and rows."""
    counted = [(game, game_counts(game)) for game in games]
    return {"tables": [table(counted, players, aliases) for players in (4, 3)]}
