"""What one player pays the winner, shared by the four rule sets."""
from .compat import Record


class Payment(Record):
    """``payer``: discarder | other on ron; dealer | nondealer on a riichi tsumo; each otherwise.
    ``amount`` includes the honba (in points; Hong Kong counts in ``engine.hongkong.SCALE``);
    ``honba`` is the part of it that is honba (riichi only)."""

    FIELDS = ("payer", "amount", "honba")
    DEFAULTS = {"honba": 0}
