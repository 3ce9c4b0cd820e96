"""What a hand would do to a game before it is added: the ledger page's preview under the
next-hand form and the table view's value sheet read this, once per draw.

A hand is given in the record's own keys (``{"result", "winners", "from", "riichi", …}``) and
checked as the record's hands are (``read_hand``): a hand the game cannot take raises
``RecordError``, as adding it would.

>>> rules = {"players": 4}
>>> ron = {"result": "ron", "from": 2, "winners": [{"seat": 1, "han": 3, "fu": 30}], "riichi": [1]}
>>> seen = preview({"rules": rules, "hands": []}, ron)
>>> seen["moved"], seen["upcoming"]["round"], len(seen["record"]["hands"])
([0, 3900, -3900, 0], 'E2', 1)
>>> preview({"rules": rules, "hands": []}, ron, shown=True)["moved"]  # from the riichi paid
[0, 4900, -3900, 0]
>>> fixed = preview(seen["record"], dict(ron, winners=[{"seat": 1, "han": 4, "fu": 30}]), 0)
>>> fixed["moved"], fixed["differs"]
([0, 7700, -7700, 0], [(1, 3800), (2, -3800)])
"""
from ..riichi import STICK, Hand, cannot_occur
from . import edited, played, read_hand, rules_from, standing
from .game import paid_winners


def on_the_table(scores, riichi):
    """The scores with this hand's riichi deposits already on the table, as the table view's
    panels show them.

    >>> on_the_table([25000, 25000, 25000], [2])
    [25000, 25000, 24000]
    """
    return [score - STICK * (seat in riichi) for seat, score in enumerate(scores)]


def preview(record, hand, editing=None, before=None, shown=False):
    """`hand` added to `record` as its next hand, or with `editing` (an index) in place of that
    hand (SPEC §10.3). `before`: ``played(record)`` where the caller has it (nothing replayed
    twice). Returns ``hand`` (as the record keeps it), ``record`` (the record with it),
    ``before`` and ``after`` (both as ``played`` gives them), ``moved`` (each seat's change: the
    corrected hand's own movement, else the points after it less the points before it, or with
    `shown` less the points the table view shows, this hand's riichi already paid), ``differs``
    (a correction: (seat, change) for each seat it moves otherwise than the stored hand did) and
    ``upcoming`` (the hand after it; None once the game is over), ``unpaid`` (winners a head
    bump leaves unpaid) and ``cannot`` ((seat, codes) for each winner whose han and fu no real
    hand has, engine.riichi.cannot_occur: still counted, worth a second look)."""
    if before is None:
        before = played(record)
    index = len(record["hands"]) if editing is None else editing
    rules = rules_from(record.get("rules"))
    checked = read_hand(hand, index, rules)
    if editing is None:
        changed = dict(record, hands=list(record["hands"]) + [checked])
        after = played(changed)
        was = standing(before)
        if shown:
            was = on_the_table(was, checked["riichi"])
        moved = [new - old for old, new in zip(was, standing(after))]
        differs, later = None, None
    else:
        changed, after = edited(record, editing, checked)
        moved = list(after["hands"][editing]["deltas"])
        old = before["hands"][editing]["deltas"]
        differs = [(seat, new - was) for seat, (was, new) in enumerate(zip(old, moved)) if new != was]
        later = after["hands"][editing + 1] if editing + 1 < len(after["hands"]) else None
    upcoming = later or (None if after["over"] else after["next"])
    seen = {"hand": checked, "record": changed, "before": before, "after": after, "moved": moved,
            "differs": differs, "upcoming": upcoming}
    seen.update(notes(checked, rules))
    return seen


def notes(hand, rules):
    """What a hand's preview says beside its figures: the winners a head bump leaves unpaid, and
    each winner's han and fu that no real hand has.

    >>> rules = rules_from({"doubleron": "head"})
    >>> ron = {"result": "ron", "from": 3, "riichi": [],
    ...        "winners": [{"seat": 2, "han": 1, "fu": 20}, {"seat": 0, "han": 3, "fu": 30}]}
    >>> notes(ron, rules)
    {'unpaid': [2], 'cannot': [(2, ('cannot_occur_ron_20fu',))]}
    """
    winners = hand.get("winners", []) if hand["result"] in ("ron", "tsumo") else []
    paid = [winner["seat"] for winner in paid_winners(hand, rules)] if winners else []
    cannot = []
    for winner in winners:
        if not winner.get("yakuman"):
            codes = cannot_occur(Hand(winner["han"], winner["fu"], hand["result"], False))
            if codes:
                cannot.append((winner["seat"], codes))
    three_abort = len(winners) == 3 and rules["tripleron"] == "draw" and hand["result"] == "ron"
    unpaid = [] if three_abort else [w["seat"] for w in winners if w["seat"] not in paid]
    return {"unpaid": unpaid, "cannot": cannot}
