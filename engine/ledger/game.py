"""One hand at a time: who pays whom, where the riichi sticks go, who deals next, when it ends.

Every win is paid through ``engine.riichi.riichi_payments`` (the calculator's own function),
every exhaustive draw through ``engine.draws``. Hands come checked by ``record.read_hand``.
"""
from ..compat import Record
from ..draws import draw_deltas, nagashi_deltas
from ..riichi import STICK, Hand, TableRules, riichi_payments

WINDS = "ESWN"


class State(Record):
    """The table before a hand: round ``wind`` (0 east … 3 north), ``dealer`` seat, counters
    (``honba``, ``sticks``), ``scores`` (a tuple of points by seat), and ``chombos``: how many
    chombo each seat has made (for ``chombo=penalty``, taken off at the end)."""

    FIELDS = ("wind", "dealer", "honba", "sticks", "scores", "chombos")
    DEFAULTS = {"chombos": ()}

    @property
    def round(self):
        return f"{WINDS[self.wind]}{self.dealer + 1}"

    def view(self):
        return {"round": self.round, "dealer": self.dealer, "honba": self.honba,
                "sticks": self.sticks, "scores": list(self.scores)}


def first_state(rules):
    players = rules["players"]
    return State(0, 0, 0, 0, (rules["start"],) * players, (0,) * players)


def ranking(scores):
    """Seats from first to last; equal points rank by seat order from seat 0.

    >>> ranking([25000, 31000, 31000, 13000])
    [1, 2, 0, 3]
    """
    return sorted(range(len(scores)), key=lambda seat: (-scores[seat], seat))


def places(scores, ties="seat"):
    """The places (1 = first) each seat holds, as (best, worst): with ``ties="seat"`` equal points
    rank by seat order from seat 0, so best == worst; with ``ties="split"`` tied seats hold the
    same span of places together (and share its uma and oka).

    >>> places([25000, 31000, 31000, 13000])
    [(3, 3), (1, 1), (2, 2), (4, 4)]
    >>> places([25000, 31000, 31000, 13000], "split")
    [(3, 3), (1, 2), (1, 2), (4, 4)]
    >>> places([30000, 30000, 30000], "split")
    [(1, 3), (1, 3), (1, 3)]
    """
    if ties == "seat":
        order = ranking(scores)
        return [(order.index(seat) + 1,) * 2 for seat in range(len(scores))]
    return [(1 + sum(other > score for other in scores),
             sum(other >= score for other in scores)) for score in scores]


def table_rules(rules):
    """The calculator's TableRules for a game's rules."""
    return TableRules(kiriage=bool(rules["kiriage"]), kazoe=bool(rules["kazoe"]),
                      multi=bool(rules["multi"]), players=rules["players"],
                      tsumoloss=bool(rules["tsumoloss"]))


def _value(winner, win, dealer, rules, honba, yakuman=None):
    """The calculator's outcome for this winner (or for `yakuman` of its yakuman)."""
    count = winner["yakuman"] if yakuman is None else yakuman
    # The hand's honba on this win; its sticks are paid by play, not through the payments.
    hand = Hand(winner.get("han", 0), winner.get("fu", 0), win, winner["seat"] == dealer, count, honba)
    return riichi_payments(hand, table_rules(rules))


def _pay(deltas, payer, seat, amount):
    deltas[payer] -= amount
    deltas[seat] += amount


def _tsumo(deltas, seat, dealer, outcome, players):
    """Tsumo payments to seats in the calculator's payer order (dealer first, then the others)."""
    others = [(seat + step) % players for step in range(1, players)]
    if seat != dealer:
        others = [dealer] + [other for other in others if other != dealer]
    for payer, payment in zip(others, outcome.payments):
        _pay(deltas, payer, seat, payment.amount)


def _win(deltas, winner, discarder, dealer, honba, rules):
    """One winner's payments, honba included; pao as `paoscope` and `paohonba` say."""
    seat, liable, count = winner["seat"], winner.get("pao"), winner["yakuman"]
    players = rules["players"]
    if liable is None or liable == discarder:
        outcome = _value(winner, "tsumo" if discarder is None else "ron", dealer, rules, honba)
        if discarder is None:
            _tsumo(deltas, seat, dealer, outcome, players)
        else:
            _pay(deltas, discarder, seat, outcome.payments[0].amount)
        return
    # paoscope=own: the liable player answers for one yakuman, the rest is paid as usual.
    own = rules["paoscope"] == "own" and rules["multi"] and count > 1
    liable_count, rest = (1, count - 1) if own else (count, 0)
    if discarder is None:
        # The liable player pays its share of a tsumo as if it had dealt in, with all the honba.
        _pay(deltas, liable, seat, _value(winner, "ron", dealer, rules, honba,
                                          liable_count).payments[0].amount)
        if rest:
            _tsumo(deltas, seat, dealer, _value(winner, "tsumo", dealer, rules, 0, rest), players)
        return
    # On another player's discard the liable player and the discarder split the ron value.
    payment = _value(winner, "ron", dealer, rules, honba, liable_count).payments[0]
    half = (payment.amount - payment.honba) // 2
    _pay(deltas, liable, seat, half)
    _pay(deltas, discarder, seat, half)
    _pay(deltas, liable if rules["paohonba"] == "liable" else discarder, seat, payment.honba)
    if rest:
        _pay(deltas, discarder, seat,
             _value(winner, "ron", dealer, rules, 0, rest).payments[0].amount)


def chombo_deltas(seat, dealer, players):
    """A reversed mangan (SPEC §6.1 ``chombo=mangan``): the dealer pays 4,000 to each other
    player; anyone else pays 4,000 to the dealer and 2,000 to each other player.

    >>> chombo_deltas(0, 0, 4), chombo_deltas(2, 0, 4), chombo_deltas(1, 2, 3)
    ([-12000, 4000, 4000, 4000], [4000, 2000, -8000, 2000], [2000, -6000, 4000])
    """
    deltas = [0] * players
    for other in range(players):
        if other != seat:
            _pay(deltas, seat, other, 4000 if dealer in (seat, other) else 2000)
    return deltas


def _chombo(state, hand, rules):
    """The hand is dealt again: same round, dealer, honba and sticks on the table; the riichi
    deposits of that hand go back. Only a reversed mangan moves points now."""
    players, seat = rules["players"], hand["seat"]
    paid = rules["chombo"] == "mangan"
    deltas = chombo_deltas(seat, state.dealer, players) if paid else [0] * players
    scores = tuple(score + delta for score, delta in zip(state.scores, deltas))
    chombos = tuple(count + (other == seat) for other, count in enumerate(state.chombos))
    after = State(state.wind, state.dealer, state.honba, state.sticks, scores, chombos)
    return Played(deltas, after, "bust" if rules["busting"] and min(scores) < 0 else None)


class Played(Record):
    """What a hand did: each seat's ``deltas`` (a list), the ``state`` of the table after the
    hand, before the next one is dealt, and why the game is ``over`` (None while it is not)."""

    FIELDS = ("deltas", "state", "over")


def paid_winners(hand, rules):
    """A win's winners as they are paid: a ron's in turn order from the discarder, the first
    alone under a head bump (``doubleron=head``, atamahane).

    >>> ron = {"from": 3, "winners": [{"seat": 2}, {"seat": 0}]}
    >>> [w["seat"] for w in paid_winners(ron, {"players": 4, "doubleron": "head"})]
    [0]
    """
    winners = hand["winners"]
    discarder = hand.get("from")
    if discarder is not None:
        winners = sorted(winners, key=lambda w: (w["seat"] - discarder) % rules["players"])
        if rules["doubleron"] == "head":
            winners = winners[:1]
    return winners


def play(state, hand, rules):
    """The changes a hand makes, the next state and whether the game is over after it.

    Riichi deposits (1,000 each) go onto the table first; a win takes all the sticks, the
    nearest winner to the discarder takes them and the honba in a multiple ron, except with
    ``doubleron=reclaim`` (EMA): there every winner is paid the honba, and a winner who declared
    riichi in this hand takes its own stick back before the nearest takes the rest.
    """
    if hand["result"] == "chombo":
        return _chombo(state, hand, rules)
    players = rules["players"]
    deltas = [0] * players
    sticks = state.sticks
    for seat in hand["riichi"]:
        deltas[seat] -= STICK
        sticks += 1
    result = hand["result"]
    if result == "ron" and len(hand["winners"]) == 3 and rules["tripleron"] == "draw":
        result = "abort"  # three players on one discard: an abortive draw
    won = tenpai_kept = False
    if result in ("ron", "tsumo"):
        discarder = hand.get("from")
        winners = paid_winners(hand, rules)
        reclaim = rules["doubleron"] == "reclaim"
        for index, winner in enumerate(winners):
            honba = state.honba if index == 0 or reclaim else 0
            _win(deltas, winner, discarder, state.dealer, honba, rules)
        if reclaim:
            # EMA: each winner takes back the riichi stick it put out in this hand; the rest
            # (this hand's other deposits and those left from earlier hands) go to the nearest.
            for winner in winners[1:]:
                if winner["seat"] in hand["riichi"]:
                    deltas[winner["seat"]] += STICK
                    sticks -= 1
        deltas[winners[0]["seat"]] += STICK * sticks
        sticks = 0
        won = keeps = any(w["seat"] == state.dealer for w in winners)
        honba = state.honba + 1 if keeps else 0
    elif result == "draw":
        tenpai = sorted(set(hand["tenpai"]) | set(hand["riichi"]))  # riichi means tenpai
        if hand["nagashi"]:
            paid = nagashi_deltas(hand["nagashi"], state.dealer, players,
                                  bool(rules["tsumoloss"]))
        else:
            paid = draw_deltas(tenpai, players)
        deltas = [d + p for d, p in zip(deltas, paid)]
        tenpai_kept = keeps = state.dealer in tenpai
        honba = state.honba + 1
    else:
        keeps, honba = True, state.honba + 1
    scores = tuple(score + delta for score, delta in zip(state.scores, deltas))
    if keeps:
        after = State(state.wind, state.dealer, honba, sticks, scores, state.chombos)
    else:
        dealer = (state.dealer + 1) % players
        after = State(state.wind + (dealer == 0), dealer, honba, sticks, scores, state.chombos)
    return Played(deltas, after, _over(state, after, won, tenpai_kept, rules))


def is_all_last(state, rules):
    """Whether the hand played from `state` is the last of the game's length (all-last, 올라스,
    オーラス): the last round's last dealer.

    >>> rules, scores = {"length": "south", "players": 3}, (35000,) * 3
    >>> is_all_last(State(1, 2, 0, 0, scores), rules), is_all_last(State(0, 2, 0, 0, scores), rules)
    (True, False)
    """
    last_wind = 0 if rules["length"] == "east" else 1
    return state.wind == last_wind and state.dealer == rules["players"] - 1


def _over(before, after, won, tenpai_kept, rules):
    """Why the game is over after this hand (SPEC §6.2), or None: ``bust`` (a seat below zero),
    ``all_last`` (the last round's or the extension's last hand played), ``extension`` (a seat
    reached ``target`` in the extension), ``agariyame`` or ``tenpaiyame`` (the last dealer,
    alone in first place at ``target`` or more, stops; a dealer who shares first place,
    ``ties=split``, is not first)."""
    scores, players = after.scores, rules["players"]
    if rules["busting"] and min(scores) < 0:
        return "bust"
    extension = before.wind > (0 if rules["length"] == "east" else 1)
    all_last = is_all_last(before, rules)
    target = rules["target"]
    reached = max(scores) >= target
    if after.dealer == before.dealer:  # the dealer keeps the seat
        if not (all_last or extension):
            return None
        dealer = before.dealer
        if places(scores, rules["ties"])[dealer] != (1, 1) or scores[dealer] < target:
            return None
        if won and rules["agariyame"]:
            return "agariyame"
        return "tenpaiyame" if tenpai_kept and rules["tenpaiyame"] else None
    if all_last:
        return None if rules["extension"] == "west" and not reached else "all_last"
    if extension:
        return "extension" if reached else "all_last" if before.dealer == players - 1 else None
    return None


def half_away(points):
    """Points rounded to whole thousands, halves away from zero (in thousands).

    >>> [half_away(p) for p in (17500, -4500, -45500, 8100, -24800, 0)]
    [18, -5, -46, 8, -25, 0]
    """
    thousands = (abs(points) + 500) // 1000
    return thousands if points >= 0 else -thousands


def _share(values, seats, total):
    """Adds ``total`` (whole units) to ``values`` of ``seats`` in equal parts; a remainder that
    does not divide goes one unit each to the seats first in seat order, so the sum is kept.

    >>> values = [0, 0, 0, 0]; _share(values, [3, 1], -25); values
    [0, -12, 0, -13]
    """
    part, extra = divmod(total, len(seats))
    for index, seat in enumerate(sorted(seats)):
        values[seat] += part + (index < extra)


def _round_tenths(tenths):
    """Tenths rounded to whole (multiples of 10), halves away from zero.

    >>> [_round_tenths(t) for t in (65, -65, 64, -150)]
    [70, -70, 60, -150]
    """
    whole = (abs(tenths) + 5) // 10 * 10
    return whole if tenths >= 0 else -whole


def final(scores, sticks, rules, chombos=None):
    """Final scores (leftover sticks as `leftover` says), places, ranks and results.

    A result is (points − return) / 1,000 + uma of the place, plus oka to first, minus
    ``chombopenalty`` for each chombo with ``chombo=penalty``. With ``ties=split`` the seats on
    equal points share equally the uma and oka of the places they hold together (``places``)
    and any leftover sticks that go to first; a share that does not divide into tenths gives
    its last tenths to the tied seats first in seat order, so the total is kept. With
    ``rounding=thousand`` every result but first place's comes from the points rounded to 1,000,
    plus its uma share, the sum rounded to a whole number (halves away from zero); first place
    (shared equally when tied) takes minus the sum of the others. Results are numbers to 0.1,
    computed in tenths.

    >>> rules = {"start": 25000, "return": 30000, "uma": [30, 10, -10, -30],
    ...          "leftover": "first", "rounding": "exact"}
    >>> standings = final([43000, 36800, 11200, 8000], 1, rules)
    >>> standings["results"], standings["uma"], standings["oka"]
    ([64.0, 16.8, -28.8, -52.0], [30, 10, -10, -30], [20.0, 0, 0, 0])
    >>> split = final([40000, 40000, 11200, 8800], 0, dict(rules, ties="split"))
    >>> split["places"], split["uma"], split["oka"]
    ([[1, 2], [1, 2], [3, 3], [4, 4]], [20, 20, -10, -30], [10.0, 10.0, 0, 0])
    >>> split["results"], split["ranks"]
    ([40.0, 40.0, -28.8, -51.2], [1, 1, 3, 4])
    """
    players = len(scores)
    scores = list(scores)
    spans = places(scores, rules.get("ties", "seat"))
    firsts = [seat for seat in range(players) if spans[seat][0] == 1]
    if rules["leftover"] == "first":
        hundreds = [0] * players
        _share(hundreds, firsts, STICK * sticks // 100)
        scores = [score + 100 * extra for score, extra in zip(scores, hundreds)]
    uma, oka = [0] * players, [0] * players  # tenths
    for span in set(spans):
        seats = [seat for seat in range(players) if spans[seat] == span]
        best, worst = span
        _share(uma, seats, 10 * sum(rules["uma"][best - 1:worst]))
        if best == 1:
            _share(oka, seats, (rules["return"] - rules["start"]) * players // 100)
    tenths = [0] * players
    for seat in range(players):
        if rules["rounding"] == "thousand":
            # The points are rounded first (Tenhou: -4,500 -> -5,000), then return comes off.
            rounded = half_away(scores[seat]) - rules["return"] // 1000
            tenths[seat] = _round_tenths(10 * rounded + uma[seat])
        else:
            tenths[seat] = (scores[seat] - rules["return"]) // 100 + uma[seat] + oka[seat]
    if rules["rounding"] == "thousand":
        others = sum(t for seat, t in enumerate(tenths) if seat not in firsts)
        for seat in firsts:
            tenths[seat] = 0
        _share(tenths, firsts, -others)
    penalty = [0] * players
    if rules.get("chombo") == "penalty" and chombos:
        penalty = [-rules["chombopenalty"] * count for count in chombos]
    tenths = [t + 10 * p for t, p in zip(tenths, penalty)]
    return {"scores": scores, "places": [list(span) for span in spans],
            "ranks": [best for best, _worst in spans],
            "results": [t / 10 for t in tenths],
            "uma": [u // 10 if u % 10 == 0 else u / 10 for u in uma],
            "oka": [o / 10 if seat in firsts else 0 for seat, o in enumerate(oka)],
            "chombo": penalty}
