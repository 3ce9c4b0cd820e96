"""Chinese official (MCR) payments: hand points plus flowers, plus the 8 every payer adds.

>>> [p.amount for p in mcr_payments(24, 2, "ron").payments]
[34, 8, 8]
"""
from .compat import Record
from .payment import Payment

BASIC = 8  # every payer adds 8
MINIMUM = 8  # a legal win needs 8 points, flowers not counted


class McrOutcome(Record):
    """``middle``: hand + flowers + 8; the payments, their total and the notices."""

    FIELDS = ("middle", "payments", "total", "notices")


def mcr_payments(points, flowers, win):
    hand = points + flowers
    if win == "ron":
        payments = (Payment("discarder", hand + BASIC),
                    Payment("other", BASIC), Payment("other", BASIC))
    else:
        payments = tuple(Payment("each", hand + BASIC) for _ in range(3))
    notices = ("under_8_points",) if points < MINIMUM else ()
    return McrOutcome(hand + BASIC, payments, sum(p.amount for p in payments), notices)
