"""What a riichi hand that ends in an exhaustive draw pays: tenpai payments and nagashi mangan.

Plain functions on seat numbers (0 … players−1, seat 0 being any fixed seat), for the reference
table and for a game ledger alike.

>>> tenpai_payments(1)
(3000, 1000)
>>> draw_deltas([0, 2])
[1500, -1500, 1500, -1500]
>>> nagashi_deltas([1], dealer=0)
[-4000, 8000, -2000, -2000]
"""
from .riichi import Hand, TableRules, riichi_payments

# Points that change hands at an exhaustive draw, split among the tenpai players and the noten ones.
DRAW_POOL = {4: 3000, 3: 2000}
NAGASHI_HAN = 5  # nagashi mangan is paid as a mangan tsumo (han 5: fu does not count)


def tenpai_payments(tenpai, players=4):
    """(what each tenpai player receives, what each noten player pays) when `tenpai` of
    `players` are tenpai; nobody pays when all or none are.

    >>> [tenpai_payments(n) for n in range(5)]
    [(0, 0), (3000, 1000), (1500, 1500), (1000, 3000), (0, 0)]
    >>> [tenpai_payments(n, players=3) for n in range(4)]
    [(0, 0), (2000, 1000), (1000, 2000), (0, 0)]
    """
    if players not in DRAW_POOL:
        raise ValueError(f"players must be 4 or 3, not {players!r}")
    if not 0 <= tenpai <= players:
        raise ValueError(f"tenpai must be 0 to {players}, not {tenpai!r}")
    if tenpai in (0, players):
        return 0, 0
    pool = DRAW_POOL[players]
    return pool // tenpai, pool // (players - tenpai)


def draw_deltas(tenpai_seats, players=4):
    """Each seat's change at an exhaustive draw, given the seats that are tenpai.

    >>> draw_deltas([3])
    [-1000, -1000, -1000, 3000]
    >>> draw_deltas([0, 1], players=3)
    [1000, 1000, -2000]
    >>> draw_deltas([])
    [0, 0, 0, 0]
    """
    tenpai = set(tenpai_seats)
    _check_seats(tenpai, players)
    receive, pay = tenpai_payments(len(tenpai), players)
    return [receive if seat in tenpai else -pay for seat in range(players)]


def nagashi_payments(dealer, players=4, tsumoloss=True):
    """What each other player pays one nagashi mangan, in the calculator's payer order: as a
    mangan tsumo by a dealer (`dealer` true) or a non-dealer, never with honba.

    >>> nagashi_payments(dealer=False)
    [('dealer', 4000), ('nondealer', 2000), ('nondealer', 2000)]
    >>> nagashi_payments(dealer=True, players=3)
    [('nondealer', 4000), ('nondealer', 4000)]
    >>> nagashi_payments(dealer=False, players=3, tsumoloss=False)
    [('dealer', 5000), ('nondealer', 3000)]
    """
    hand = Hand(han=NAGASHI_HAN, fu=30, win="tsumo", dealer=dealer)
    rules = TableRules(players=players, tsumoloss=tsumoloss)
    return [(p.payer, p.amount) for p in riichi_payments(hand, rules).payments]


def nagashi_deltas(nagashi_seats, dealer, players=4, tsumoloss=True):
    """Each seat's change when the seats in `nagashi_seats` made nagashi mangan (each one is paid
    by the others; no tenpai payments then). `dealer` is the dealer's seat.

    >>> nagashi_deltas([0], dealer=0)
    [12000, -4000, -4000, -4000]
    >>> nagashi_deltas([0, 2], dealer=1, players=3)
    [4000, -8000, 4000]
    """
    seats = set(nagashi_seats)
    _check_seats(seats, players)
    if not 0 <= dealer < players:
        raise ValueError(f"dealer must be a seat 0 to {players - 1}, not {dealer!r}")
    deltas = [0] * players
    for winner in sorted(seats):
        others = [(winner + step) % players for step in range(1, players)]
        paid = dict(nagashi_payments(winner == dealer, players, tsumoloss))
        for seat in others:
            amount = paid["dealer"] if seat == dealer and "dealer" in paid else paid["nondealer"]
            deltas[seat] -= amount
            deltas[winner] += amount
    return deltas


def _check_seats(seats, players):
    if players not in DRAW_POOL:
        raise ValueError(f"players must be 4 or 3, not {players!r}")
    for seat in seats:
        if not isinstance(seat, int) or not 0 <= seat < players:
            raise ValueError(f"a seat is 0 to {players - 1}, not {seat!r}")
