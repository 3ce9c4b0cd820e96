"""Numbers as the pages write them: every page's amounts, points and results come from here.

Exact amounts stay exact: an integer is grouped as it is, and a rule's fractional amount (HK's
halves and quarters, a JSON number) as the exact decimal it stands for; `fixed` works the float's
digits out itself, so both interpreters write the same text (SPEC §5.1). (Not ``numbers.py``:
CPython's standard library has a module of that name, imported before the site's by the tests
and the build.)

>>> grouped(3900), grouped(1234.5), grouped(0.025), grouped(-0.5), grouped(-12000)
('3,900', '1,234.5', '0.025', '-0.5', '-12,000')
>>> grouped(32000, " "), with_minus(-1000), with_minus(25000)
('32 000', '\u22121,000', '25,000')
>>> signed(8000), signed(-1000), signed(0)
('+8,000', '\u22121,000', '0')
>>> fixed(2.25), fixed(0.05), fixed(-0.04), fixed(12), fixed(6.66666, 2)
('2.2', '0.1', '-0.0', '12.0', '6.67')
>>> signed_fixed(12.5), signed_fixed(-3.0), signed_fixed(0.0)
('+12.5', '\u22123.0', '+0.0')
"""
import math

from engine.compat import decimal_text

MINUS = "\u2212"  # the minus sign, as the ledger writes a score below zero (not the hyphen)


def grouped(amount, separator=","):
    """An exact amount with thousands separators (`separator`, "," unless a page's words say
    otherwise) and no trailing zeros; below zero with the hyphen-minus, as the calculator's cards
    write it."""
    if isinstance(amount, int):
        text = f"{amount:,}"
    else:
        text = decimal_text(amount)  # the exact decimal the JSON amount stands for
        sign, text = ("-", text[1:]) if text.startswith("-") else ("", text)
        whole, _, fraction = text.partition(".")
        text = sign + f"{int(whole):,}" + ("." + fraction if fraction else "")
    return text if separator == "," else text.replace(",", separator)


def with_minus(amount):
    """A player's points, below zero with the minus sign (U+2212): "−1,000"."""
    return MINUS + grouped(-amount) if amount < 0 else grouped(amount)


def signed(amount):
    """A change of points, always signed but nought: "+8,000", "−1,000", "0"."""
    return "+" + grouped(amount) if amount > 0 else with_minus(amount)


def fixed(value, places=1):
    """`value` with `places` decimals, as CPython's ``f"{value:.1f}"`` writes it: the float's
    exact binary value rounded half to even. MicroPython's own formatting rounds a tie up
    (2.25 -> "2.3") and may differ in the last digit, so the digits are worked out here."""
    mantissa, exponent = math.frexp(value)  # value = mantissa * 2 ** exponent, exactly
    numerator, exponent = abs(int(mantissa * (1 << 53))), exponent - 53
    denominator = 1 << -exponent if exponent < 0 else 1
    numerator <<= max(exponent, 0)
    scaled, rest = divmod(numerator * 10 ** places, denominator)
    if 2 * rest > denominator or (2 * rest == denominator and scaled % 2):
        scaled += 1
    digits = str(scaled)
    digits = "0" * (places + 1 - len(digits)) + digits
    sign = "-" if math.copysign(1.0, value) < 0 else ""
    return sign + (digits[:-places] + "." + digits[-places:] if places else digits)


def signed_fixed(value, places=1):
    """A result in tenths (or `places`), always signed: "+12.5", "−3.0"."""
    text = fixed(value, places)
    return MINUS + text[1:] if text.startswith("-") else "+" + text
