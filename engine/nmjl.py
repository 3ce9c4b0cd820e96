"""American (NMJL) payments from the card value: jokerless doubles, the discarder pays double.

There is no "closed hand doubles" rule in NMJL; none is applied.

>>> [p.amount for p in nmjl_payments(25, jokerless=False, win="ron").payments]
[50, 25, 25]
"""
from .compat import Record
from .payment import Payment

JOKERLESS = 2  # doubles the card value first (Singles and Pairs hands take no such bonus)
DISCARDER = 2  # the discarder pays double
TSUMO = 2  # on a self-drawn win everyone pays double


class NmjlOutcome(Record):
    """``value``: the card value after the jokerless multiplier; the payments and their total;
    ``bettor``: what someone who bet on the winner receives (the same again from each payer)."""

    FIELDS = ("value", "payments", "total", "bettor", "notices")


def nmjl_payments(value, jokerless, win):
    value *= JOKERLESS if jokerless else 1
    if win == "ron":
        payments = (Payment("discarder", DISCARDER * value),
                    Payment("other", value), Payment("other", value))
    else:
        payments = tuple(Payment("each", TSUMO * value) for _ in range(3))
    total = sum(p.amount for p in payments)
    notices = ("jokerless_not_singles_pairs",) if jokerless else ()
    return NmjlOutcome(value, payments, total, total, notices)
