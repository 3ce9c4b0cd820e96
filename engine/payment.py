"""What one player pays the winner, shared by the four rule sets."""
from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True)
class Payment:
    payer: str  # discarder | other on ron; dealer | nondealer on a riichi tsumo; each otherwise
    amount: int | Fraction  # honba included
    honba: int = 0  # the part of amount that is honba (riichi only)
