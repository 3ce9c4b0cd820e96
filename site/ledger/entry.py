"""The table view's entry (SPEC §10.2) without a page: the ending being tapped in, step by step,
as the view's pure functions (unit-tested, doctested). Seats sit in turn order counter-clockwise
from the bottom: seat 0 at the bottom (upright), 1 on the right, 2 at the top, 3 on the left
(none in three-player).

>>> entry, problem = pick(begin("ron"), 1)
>>> entry["phase"], entry["winners"], problem
('from', [1], None)
>>> pick(entry, 1)[1], pick(entry, 2)[0]["phase"]
('from_winner', 'sheet')
"""
from amounts import signed

ROTATIONS = (0, 270, 180, 90)  # bottom, right, top, left: each panel's turn, in degrees clockwise
FIRST_PHASE = {"ron": "winner", "tsumo": "winner", "draw": "tenpai", "chombo": "seat"}  # abort: sheet
PHASES = ("winner", "from", "tenpai", "nagashi", "seat", "sheet")


def begin(end):
    """The entry of one ending (ron, tsumo, draw, abort, chombo) before any tap."""
    return {"end": end, "phase": FIRST_PHASE.get(end, "sheet"), "winners": [], "from": None,
            "tenpai": [], "nagashi": [], "seat": None, "valuing": 0, "several": False}


def toggled(seats, seat):
    return sorted(set(seats) ^ {seat})


def pick(entry, seat, riichi=()):
    """The entry after a tap on `seat`'s pick target, and the problem to say (or None). Ron takes
    the winner, then the discarder (`more` goes back for a second or third winner; pressed before
    the first, ``several`` takes every winner until `next`); tsumo the winner; a draw its tenpai
    (or nagashi) seats until `next`, a seat in this hand's `riichi` being tenpai already; chombo
    the seat.

    >>> pick(begin("tsumo"), 3)[0]["phase"], pick(begin("chombo"), 2)[0]["seat"]
    ('sheet', 2)
    >>> entry = pick(pick(begin("draw"), 2)[0], 0)[0]
    >>> entry["tenpai"], pick(entry, 2)[0]["tenpai"]
    ([0, 2], [0])
    >>> pick(begin("draw"), 1, riichi=[1])[0]["tenpai"]
    []
    >>> several = pick(pick(dict(begin("ron"), several=True), 1)[0], 2)[0]
    >>> several["phase"], several["winners"]
    ('winner', [1, 2])
    """
    phase = entry["phase"]
    entry = dict(entry)
    if phase == "winner":
        winners = entry["winners"]
        entry["winners"] = [w for w in winners if w != seat] + [seat] * (seat not in winners)
        if entry["winners"] and not (entry["several"] and entry["end"] == "ron"):
            entry["phase"] = "sheet" if entry["end"] == "tsumo" else "from"
    elif phase == "from":
        if seat in entry["winners"]:
            return entry, "from_winner"
        entry.update({"from": seat, "phase": "sheet"})
    elif phase == "nagashi" or (phase == "tenpai" and seat not in riichi):
        entry[phase] = toggled(entry[phase], seat)
    elif phase == "seat":
        entry.update({"seat": seat, "phase": "sheet"})
    return entry, None


def target(entry, seat, riichi=()):
    """What `seat`'s pick target says in this phase, and whether it is chosen already (in a
    draw, a seat in this hand's `riichi` is tenpai).

    >>> entry = pick(begin("ron"), 1)[0]
    >>> target(entry, 1), target(entry, 0)
    (('winner', True), ('from', False))
    >>> target(begin("draw"), 2, riichi=[2])
    ('tenpai', True)
    """
    phase = entry["phase"]
    if phase in ("winner", "from") and seat in entry["winners"]:
        return "winner", True
    if phase in ("tenpai", "nagashi"):
        return phase, seat in (tenpai_of(entry, riichi) if phase == "tenpai" else entry[phase])
    return phase, False


def tenpai_of(entry, riichi):
    """A draw's tenpai seats: those tapped, and every seat in this hand's `riichi`, as the engine
    counts them (riichi means tenpai); none for any other ending.

    >>> tenpai_of(pick(begin("draw"), 3)[0], [0]), tenpai_of(begin("ron"), [0])
    ([0, 3], [])
    """
    if entry["end"] != "draw":
        return []
    return sorted(set(entry["tenpai"]) | set(riichi))


def entry_from(kept, players):
    """An entry kept with the hand in progress (ledger.draft), checked as this page's own; None
    for anything else.

    >>> entry = pick(begin("ron"), 2)[0]
    >>> entry_from(entry, 4) == entry, entry_from({**entry, "winners": [7]}, 4)
    (True, None)
    >>> entry_from({**begin("draw"), "phase": "sheet"}, 3)["phase"], entry_from("ron", 4)
    ('sheet', None)
    """
    if not isinstance(kept, dict) or set(kept) != set(begin("ron")):
        return None
    entry = begin(kept["end"]) if kept["end"] in ("ron", "tsumo", "draw", "abort", "chombo") else None
    if entry is None or kept["phase"] not in PHASES:
        return None

    def seats(value):
        return isinstance(value, list) and len(value) == len(set(value)) \
            and all(type(seat) is int and 0 <= seat < players for seat in value)

    def seat_or_none(value):
        return value is None or (type(value) is int and 0 <= value < players)

    if not all(seats(kept[name]) for name in ("winners", "tenpai", "nagashi")) \
            or not seat_or_none(kept["from"]) or not seat_or_none(kept["seat"]):
        return None
    valued = kept["end"] in ("ron", "tsumo") and kept["phase"] == "sheet"
    if type(kept["valuing"]) is not int or kept["valuing"] < 0 \
            or (valued and kept["valuing"] >= len(kept["winners"])) \
            or (valued and kept["end"] == "ron" and kept["from"] is None):
        return None
    entry.update(kept)
    return entry


def sheet_seat(entry, dealer):
    """The seat the value sheet turns toward: the winner being valued, the chombo's offender, else
    the dealer."""
    if entry["end"] in ("ron", "tsumo"):
        return entry["winners"][entry["valuing"]]
    return entry["seat"] if entry["end"] == "chombo" else dealer


def stated(entry, riichi=()):
    """The entry as a hand of the record's shape, with this hand's `riichi`, for its history line
    (present.describe).

    >>> stated(pick(pick(begin("ron"), 1)[0], 3)[0])["from"]
    3
    >>> stated(pick(begin("draw"), 1)[0], [0])["tenpai"]
    [0, 1]
    """
    return {"result": entry["end"], "winners": [{"seat": seat} for seat in entry["winners"]],
            "from": entry["from"], "tenpai": tenpai_of(entry, riichi), "nagashi": entry["nagashi"],
            "seat": entry["seat"], "riichi": list(riichi)}


def draft_of(entry, riichi, draft):
    """The model's `draft` with the entry's ending in it and this hand's `riichi`: the entry's
    winners keep the values the draft has for them (a winner new to it has none yet).

    >>> draft = {"result": "ron", "winners": [{"seat": 1, "han": "3", "fu": "30"}]}
    >>> entry = pick(pick(begin("ron"), 1)[0], 2)[0]
    >>> drafted = draft_of(entry, [0], draft)
    >>> drafted["winners"], drafted["from"], drafted["riichi"]
    ([{'seat': 1, 'han': '3', 'fu': '30'}], 2, [0])
    >>> draft_of(pick(begin("tsumo"), 3)[0], [], draft)["winners"]
    [{'seat': 3}]
    """
    values = {winner["seat"]: winner for winner in draft.get("winners", [])}
    winners = [values.get(seat, {"seat": seat}) for seat in entry["winners"]]
    return dict(stated(entry, riichi), winners=winners)


def differences(scores, seat):
    """Each seat's score minus `seat`'s, as the board's differences read ("" for the seat itself).

    >>> differences([30000, 25000, 22000, 23000], 1)
    ['+5,000', '', '−3,000', '−2,000']
    """
    return ["" if other == seat else signed(score - scores[seat]) for other, score in enumerate(scores)]
