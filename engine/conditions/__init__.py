"""What each player needs (SPEC §7): for one seat and one goal place, the cheapest hand by each
route — ron from each other seat, tsumo — and whether an exhaustive draw does it.

Every probe is one hand played by the ledger (``engine.ledger.game.play``: the calculator's
payments, honba, riichi deposits and sticks as a real hand pays them) and ranked by the ledger
(``engine.ledger.game.places`` with the rules' ``ties``). What the winner receives grows with the
hand's base points, so the search bisects the ordered list of base points the route can give.

>>> table = Table(scores=(32000, 28500, 22000, 17500), dealer=0, honba=0, sticks=0,
...               rules=read_rules(None))
>>> answer = conditions(table, seat=1, place=1)
>>> need = answer["routes"][1]["need"]  # 3,500 behind first: 3,600 from a third player
>>> need["points"], need["limit"], [(hand["han"], hand["fu"]) for hand in need["hands"]]
(3600, None, [(1, 110), (2, 60), (3, 30), (4, 25)])
>>> answer["routes"][0]["need"]["points"], answer["routes"][-1]["need"]["points"]
(2000, [600, 1200])
>>> answer["draw"]
{'tenpai': 'depends', 'noten': 'never'}
"""
from ..compat import Record
from ..keys import FU_VALUES, KEYS
from ..ledger.game import State, places, play, table_rules
from ..riichi import TIERS, base_points, yakuman_base
from .state import StateError, read_query, read_rules, read_state

__all__ = ["StateError", "Table", "conditions", "every_seat", "from_query", "from_state",
           "read_rules", "read_state"]

LIMIT_HAN = tuple(sorted(lowest for lowest, tier, _base in TIERS if tier != "kazoe"))  # 5 6 8 11
MAX_YAKUMAN = KEYS["yakuman"].high


class Table(Record):
    """The table before the hand: points (a tuple, seat by seat), dealer, counters and the
    game's rules (§6.1)."""

    FIELDS = ("scores", "dealer", "honba", "sticks", "rules")

    def view(self):
        return {"scores": list(self.scores), "dealer": self.dealer, "honba": self.honba,
                "sticks": self.sticks, "rules": self.rules}


def possible(han, fu, win):
    """Whether a hand of `han` and `fu` can occur on this win (SPEC §7's list).

    >>> [fu for fu in FU_VALUES if possible(2, fu, "tsumo")][:3], possible(2, 25, "ron")
    ([20, 30, 40], True)
    """
    if fu == 20:
        return win == "tsumo" and han >= 2
    if fu == 25:
        return han >= (2 if win == "ron" else 3)
    return True


_LADDERS = {}  # (win, kiriage, kazoe, multi) -> _ladder's answer: a few tables at most


def _ladder(win, kiriage, kazoe, multi):
    """Every hand a route can give as (base, tier, winner), one per distinct base, cheapest first;
    and for each han 1–4 its possible fu with their base. Made once per table's rules."""
    key = (win, kiriage, kazoe, multi)
    if key not in _LADDERS:
        _LADDERS[key] = _made_ladder(win, kiriage, kazoe, multi)
    return _LADDERS[key]


def _made_ladder(win, kiriage, kazoe, multi):
    rules = table_rules({"kiriage": kiriage, "kazoe": kazoe, "multi": multi, "players": 4,
                         "tsumoloss": 1})
    by_han = {}
    ladder = {}
    for han in range(1, 5):
        by_han[han] = []
        for fu in FU_VALUES:
            if possible(han, fu, win):
                base, tier, _notices = base_points(han, fu, rules)
                by_han[han].append((base, fu))
                ladder.setdefault(base, (tier, {"han": han, "fu": fu, "yakuman": 0}))
    for han in LIMIT_HAN:
        base, tier, _notices = base_points(han, 30, rules)
        ladder[base] = (tier, {"han": han, "fu": 30, "yakuman": 0})
    for count in range(1, (MAX_YAKUMAN if multi else 1) + 1):
        base, tier, _notices = yakuman_base(count, rules)
        ladder[base] = (tier, {"yakuman": count})
    steps = tuple((base, tier, winner) for base, (tier, winner) in sorted(ladder.items()))
    return steps, by_han


def _subsets(items):
    """Every subset of `items` as a list (what itertools.combinations gives for each size).

    >>> sorted(_subsets([0, 2]))
    [[], [0], [0, 2], [2]]
    """
    found = [[]]
    for item in items:
        found += [chosen + [item] for chosen in found]
    return found


class Search:
    """Answers for one table and one asker's riichi, every probe played once and kept."""

    def __init__(self, table, riichi=0):
        self.table = table
        self.riichi = riichi
        self.players = len(table.scores)
        self.ties = table.rules["ties"]
        self.state = State(0, table.dealer, table.honba, table.sticks, tuple(table.scores))
        self._after = {}  # probe -> the scores after it
        self._places = {}  # scores -> every seat's places

    def _play(self, hand):
        return play(self.state, hand, self.table.rules).state.scores

    def _win(self, seat, discarder, step):
        """The scores after the asker wins with the hand of `step` (ron from `discarder`, or
        tsumo when None)."""
        key = (seat, discarder, step)
        if key not in self._after:
            win = "tsumo" if discarder is None else "ron"
            _base, _tier, winner = self._steps(win)[step]
            hand = {"result": win, "winners": [dict(winner, seat=seat)],
                    "riichi": [seat] if self.riichi else []}
            if discarder is not None:
                hand["from"] = discarder
            self._after[key] = self._play(hand)
        return self._after[key]

    def _steps(self, win):
        rules = self.table.rules
        return _ladder(win, rules["kiriage"], rules["kazoe"], rules["multi"])[0]

    def reaches(self, scores, seat, place):
        """The goal: the asker's worst place after the hand is `place` or better (with
        ``ties=split`` a tie across the line does not reach it)."""
        if scores not in self._places:
            self._places[scores] = places(scores, self.ties)
        return self._places[scores][seat][1] <= place

    def need(self, seat, place, discarder=None):
        """SPEC §7's NEED for ron from `discarder` (tsumo when None)."""
        win = "tsumo" if discarder is None else "ron"
        steps = self._steps(win)

        def ok(step):
            return self.reaches(self._win(seat, discarder, step), seat, place)

        if ok(0):
            return "any"
        if not ok(len(steps) - 1):
            return "none"
        low, high = 0, len(steps) - 1  # ok(low) is false, ok(high) true
        while high - low > 1:
            middle = (low + high) // 2
            if ok(middle):
                high = middle
            else:
                low = middle
        return self._announce(seat, discarder, high)

    def _announce(self, seat, discarder, step):
        """The amount the table announces for the hand of `step` (before honba and sticks),
        each han 1–4 with its smallest fu that gives at least as much, and the limit name."""
        rules = self.table.rules
        win = "tsumo" if discarder is None else "ron"
        steps, by_han = _ladder(win, rules["kiriage"], rules["kazoe"], rules["multi"])
        base, tier, winner = steps[step]
        plain = State(0, self.table.dealer, 0, 0, (0,) * self.players)
        hand = {"result": win, "winners": [dict(winner, seat=seat)], "riichi": []}
        if discarder is not None:
            hand["from"] = discarder
        deltas = play(plain, hand, rules).deltas
        if discarder is not None:
            points = -deltas[discarder]
        elif seat == self.table.dealer:
            points = [-deltas[(seat + 1) % self.players]]
        else:
            nondealer = next(other for other in range(self.players)
                             if other not in (seat, self.table.dealer))
            points = [-deltas[nondealer], -deltas[self.table.dealer]]
        hands = []
        for han in range(1, 5):
            fus = [fu for fu_base, fu in by_han[han] if fu_base >= base]
            if fus:
                hands.append({"han": han, "fu": fus[0]})
        return {"points": points, "hands": hands, "limit": None if tier == "none" else tier}

    def draw(self, seat, place, tenpai):
        """"always", "never" or "depends" over every tenpai combination of the others; None for
        a noten asker who declared riichi (riichi means tenpai)."""
        if self.riichi and not tenpai:
            return None
        others = [other for other in range(self.players) if other != seat]
        seen = set()
        for chosen in _subsets(others):
            ready = tuple(sorted(chosen + ([seat] if tenpai else [])))
            seen.add(self.reaches(self._drawn(ready, seat), seat, place))
        return "depends" if len(seen) == 2 else "always" if True in seen else "never"

    def _drawn(self, tenpai, seat):
        """The scores after an exhaustive draw with `tenpai` ready (the same for every asker
        but for the asker's own riichi stick)."""
        key = ("draw", tenpai, seat if self.riichi else None)
        if key not in self._after:
            hand = {"result": "draw", "tenpai": list(tenpai), "nagashi": [],
                    "riichi": [seat] if self.riichi else []}
            self._after[key] = self._play(hand)
        return self._after[key]

    def answer(self, seat, place):
        routes = [{"win": "ron", "from": other, "need": self.need(seat, place, other)}
                  for other in range(self.players) if other != seat]
        routes.append({"win": "tsumo", "need": self.need(seat, place)})
        rank = places(self.table.scores, self.ties)[seat][0]
        return {"seat": seat, "place": place, "rank": rank, "routes": routes,
                "draw": {"tenpai": self.draw(seat, place, True),
                         "noten": self.draw(seat, place, False)}}


def conditions(table, seat, place, riichi=0):
    """SPEC §7's answer for `seat` aiming at `place` (1 = first … players−1 = not last)."""
    return Search(table, riichi).answer(seat, place)


def every_seat(table, place, riichi=0):
    """Every seat's answer for one place (the ledger's panel), one search shared."""
    search = Search(table, riichi)
    return [search.answer(seat, place) for seat in range(len(table.scores))]


def from_state(state):
    """SPEC §7's answer for a JSON state (the command line's); StateError for a bad one."""
    return conditions(*read_state(state))


def from_query(mapping):
    """The conditions page's table read from its URL keys, and SPEC §7's answer for its seat and
    place; StateError for a bad key.

    >>> shown = from_query({"players": "3", "seat": "0"})
    >>> shown["table"]["scores"], shown["answer"]["rank"]
    ([41000, 35000, 29000], 1)
    """
    table, seat, place, riichi = read_query(mapping)
    return {"table": table.view(), "answer": conditions(table, seat, place, riichi)}
