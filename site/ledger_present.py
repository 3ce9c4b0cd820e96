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
    if hand["result"] == "chombo":
        offender = seat_name(words, record, hand["seat"])
        if record["rules"]["chombo"] == "penalty":
            return says["chombo_penalty"].format(seat=offender, penalty=penalty_text(record["rules"]))
        return says["chombo"].format(seat=offender)
    return says["abort"]


def penalty_text(rules):
    """What a chombo takes off the final result with ``chombo=penalty``: "−20"."""
    return signed(-rules["chombopenalty"])


def chombo_hint(words, rules):
    """The line under the chombo choice: what this game's rules do with a chombo."""
    says = words["hand"]
    if rules["chombo"] == "penalty":
        return says["chombo_penalty"].format(penalty=penalty_text(rules))
    return says["chombo_mangan"]


def place_text(words, span):
    """A seat's place in the final standings (``final["places"]``): "2", or a place shared by
    equal points (``ties=split``) as players say it, e.g. "1–2위 공동".

    >>> words = {"final": {"shared": "{best}–{worst}위 공동"}}
    >>> place_text(words, [2, 2]), place_text(words, [1, 2])
    ('2', '1–2위 공동')
    """
    best, worst = span
    return str(best) if best == worst else words["final"]["shared"].format(best=best, worst=worst)


def standings_order(final):
    """Seats as the final standings list them: by place, a shared place in seat order.

    >>> standings_order({"places": [[3, 3], [1, 2], [1, 2], [4, 4]]})
    [1, 2, 0, 3]
    """
    return sorted(range(len(final["places"])), key=lambda seat: (final["places"][seat], seat))


def final_cells(words, record, final, seat):
    """One row of the final standings: place, name, points, uma, oka, chombo penalty, result.

    >>> final = {"places": [[1, 2], [1, 2], [3, 3], [4, 4]], "scores": [38000] * 2 + [24000] * 2,
    ...          "uma": [10, 10, -5, -15], "oka": [0, 0, 0, 0], "chombo": [0, 0, -20, 0],
    ...          "results": [18.0, 18.0, -31.0, -21.0]}
    >>> words = {"final": {"shared": "{best}–{worst}位（同点）"}, "seat": {"2": "西家"}}
    >>> final_cells(words, {}, final, 2)
    ['3', '西家', '24,000', '−5', '', '−20', '−31.0']
    >>> final_cells(words, {"names": ["A"]}, final, 0)[:2]
    ['1–2位（同点）', 'A']
    """
    return [place_text(words, final["places"][seat]), seat_name(words, record, seat),
            fmt(final["scores"][seat]), signed(final["uma"][seat]),
            signed_result(final["oka"][seat]) if final["oka"][seat] else "",
            signed(final["chombo"][seat]) if final["chombo"][seat] else "",
            signed_result(final["results"][seat])]
