"""The ledger's words: scores, rounds, seat names, errors and history lines in the page's language.

Every function takes `words`, the page's ``[ledger]`` strings table, so the same text comes out in
the browser and in the tests.

>>> signed(-1500), signed(0), signed_result(12.5)
('−1,500', '0', '+12.5')
"""
from present import fmt

MINUS = "\u2212"


def signed(amount):
    if amount > 0:
        return "+" + fmt(amount)
    return MINUS + fmt(-amount) if amount < 0 else "0"


def signed_result(value):
    text = f"{value:+.1f}"
    return text.replace("-", MINUS)


def seat_name(words, record, seat):
    names = record.get("names") or []
    name = names[seat] if seat < len(names) else ""
    return name or words["seat"][str(seat)]


def round_text(words, code):
    """'E2' -> 동2국 / 東2局: the round's name with its counter."""
    return words["board"]["round"].format(wind=words["wind"][code[0]], number=code[1:])


def error_text(words, error, with_place=False):
    """A RecordError in the page's language, naming the field and, for a stored or pasted
    record, the hand."""
    errors = words["error"]
    label = words["rule"].get(error.field) or words["field"].get(error.field) or error.field
    text = errors.get(f"{error.code}_{error.field}", errors[error.code]).format(label=label)
    if not with_place:
        return text
    where = words["where"]
    place = where["rules"] if error.hand is None else where["hand"].format(n=error.hand + 1)
    return f"{place} — {text}"


def describe(words, hand, record):
    """One history line for a stored hand."""
    says = words["history"]
    join = says["joiner"].join
    if hand["result"] in ("ron", "tsumo"):
        winners = join(seat_name(words, record, w["seat"]) for w in hand["winners"])
        if hand["result"] == "ron":
            return says["ron"].format(winners=winners,
                                      **{"from": seat_name(words, record, hand["from"])})
        return says["tsumo"].format(winners=winners)
    if hand["result"] == "draw":
        text = says["draw"].format(count=len(set(hand.get("tenpai", [])) | set(hand["riichi"])))
        if hand.get("nagashi"):
            text += " · " + says["nagashi"].format(
                seats=join(seat_name(words, record, seat) for seat in hand["nagashi"]))
        return text
    return says["abort"]
