"""The ledger's words: scores, rounds, seat names, errors and history lines in the page's language.

Every function takes `words`, the page's ``[ledger]`` strings table, so the same text comes out in
the browser and in the tests.

>>> signed(-1500), signed(0), signed_result(12.5)
('−1,500', '0', '+12.5')
"""
from calculator.present import fixed, fmt
from engine.presets import NAMES, PRESETS, preset_rules

MINUS = "\u2212"


def points_text(points):
    """A player's points, below zero with the minus sign the rest of the page writes: "−1,000"."""
    return MINUS + fmt(-points) if points < 0 else fmt(points)


def signed(amount):
    return "+" + fmt(amount) if amount > 0 else points_text(amount)


def signed_result(value):
    """A result in tenths, always signed: "+12.5", "−3.0" (the digits as CPython rounds them)."""
    text = fixed(value, 1)
    return MINUS + text[1:] if text.startswith("-") else "+" + text


def oka_text(oka):
    """An oka cell: whole like the uma beside it ("+20"), tenths only when shared unevenly; none
    blank.

    >>> oka_text(20.0), oka_text(6.7), oka_text(0)
    ('+20', '+6.7', '')
    """
    if not oka:
        return ""
    return signed(int(oka)) if oka == int(oka) else signed_result(oka)


def seat_name(words, record, seat):
    names = record.get("names") or []
    name = names[seat] if seat < len(names) else ""
    return name or words["seat"][str(seat)]


def seat_wind(words, seat, dealer, players):
    """A seat's wind in a hand whose dealer is `dealer`: the dealer is East, then counter-clockwise.

    >>> words = {"seat_wind": {"0": "E", "1": "S", "2": "W", "3": "N"}}
    >>> [seat_wind(words, seat, 1, 4) for seat in range(4)], seat_wind(words, 0, 2, 3)
    (['N', 'E', 'S', 'W'], 'S')
    """
    return words["seat_wind"][str((seat - dealer) % players)]


def named(words, record, seat, dealer):
    """A seat as it is named during a hand: the name with its wind in that hand (SPEC §10.1),
    "B(남가)" / "B（南家）". Without a dealer (no hand), the name alone.

    >>> words = {"seat": {"1": "B"}, "seat_wind": {"0": "E", "3": "N"},
    ...          "named": {"with_wind": "{name} ({wind})"}}
    >>> record = {"rules": {"players": 4}, "names": ["Ann", ""]}
    >>> named(words, record, 1, 1), named(words, record, 0, 1), named(words, record, 1, None)
    ('B (E)', 'Ann (N)', 'B')
    """
    name = seat_name(words, record, seat)
    if dealer is None:
        return name
    wind = seat_wind(words, seat, dealer, record["rules"]["players"])
    return words["named"]["with_wind"].format(name=name, wind=wind)


def hand_dealer(game):
    """The dealer of the hand the page is about: the next one, or, the game over, the last one
    played (None before any hand of an ended game).

    >>> hand_dealer({"over": False, "next": {"dealer": 2}}), hand_dealer({"over": True, "hands": []})
    (2, None)
    """
    if not game["over"]:
        return game["next"]["dealer"]
    return game["hands"][-1]["dealer"] if game["hands"] else None


def hand_title(words, index, entry):
    """A hand of the record as a sentence names it: its number from 1 and its round with honba,
    "3번째 국(동2국 1본장)".

    >>> words = {"board": {"round": "E{number}", "round_honba": "{round} {honba}h"}, "wind": {"E": "E"},
    ...          "named": {"edit_heading": "#{n} ({round})"}}
    >>> hand_title(words, 2, {"round": "E2", "honba": 1}), hand_title(words, 0, {"round": "E1", "honba": 0})
    ('#3 (E2 1h)', '#1 (E1)')
    """
    return words["named"]["edit_heading"].format(n=index + 1, round=where_text(words, entry))


def broken_text(words, error, entries):
    """The refusal of a change that ends the game before a later hand (engine.ledger.edit's
    ``ends_before``; `error.hand` that hand's index, `entries` the game's hands as they were)."""
    return words["named"]["ends_before"].format(n=error.hand + 1,
                                                round=where_text(words, entries[error.hand]))


def where_text(words, entry):
    """A hand's round with its honba, the honba left out at 0 as players say it: 동2국 1본장, 동1국.

    >>> words = {"board": {"round": "E{number}", "round_honba": "{round} {honba}h"}, "wind": {"E": "E"}}
    >>> where_text(words, {"round": "E2", "honba": 1}), where_text(words, {"round": "E1", "honba": 0})
    ('E2 1h', 'E1')
    """
    where = round_text(words, entry["round"])
    if entry["honba"]:
        where = words["board"]["round_honba"].format(round=where, honba=entry["honba"])
    return where


def round_text(words, code):
    """'E2' -> 동2국 / 東2局: the round's name with its counter."""
    return words["board"]["round"].format(wind=words["wind"][code[0]], number=code[1:])


def error_text(words, errors, error, with_place=False):
    """A RecordError in the page's language (`errors`: the strings' [error], one sentence per
    code), naming the field and, for a stored or pasted record, the hand."""
    label = words["rule"].get(error.field) or words["field"].get(error.field) or error.field
    text = errors.get(f"{error.code}_{error.field}", errors[error.code]).format(
        label=label, **_range(error))
    if not with_place:
        return text
    where = words["where"]
    place = where["rules"] if error.hand is None else where["hand"].format(n=error.hand + 1)
    return where["place"].format(place=place, text=text)


def _range(error):
    """{low}, {high} of an out_of_range sentence ("" where the error has no range)."""
    return {"low": "" if error.low is None else error.low,
            "high": "" if error.high is None else error.high}


def describe(words, hand, record, dealer=None):
    """One history line for a stored hand, each seat named with its wind in that hand (the
    hand's `dealer`)."""
    says = words["history"]

    def who(seat):
        return named(words, record, seat, dealer)

    join = says["joiner"].join
    rules = record["rules"]
    if hand["result"] == "ron" and len(hand["winners"]) == 3 and rules.get("tripleron") == "draw":
        return says["abort"]  # three on one discard: the rules make it an abortive draw
    if hand["result"] in ("ron", "tsumo"):
        return win_line(words, hand, rules, who)
    if hand["result"] == "draw":
        count = len(set(hand.get("tenpai", [])) | set(hand["riichi"]))
        text = (says["draw_none"] if count == 0 else
                says["draw_all"] if count == record["rules"]["players"] else
                says["draw"].format(count=count))
        if hand.get("nagashi"):
            text += words["joiner"]["nagashi"] + says["nagashi"].format(
                seats=join(who(seat) for seat in hand["nagashi"]))
        return text
    if hand["result"] == "chombo":
        offender = who(hand["seat"])
        if record["rules"]["chombo"] == "penalty":
            return says["chombo_penalty"].format(seat=offender, penalty=penalty_text(record["rules"]))
        return says["chombo"].format(seat=offender)
    return says["abort"]


def win_line(words, hand, rules, who):
    """A win's history line: the winners (in turn order from the discarder, the nearest first;
    only the nearest when the rules pay the head), and the liable player of a paid winner's pao,
    whose score moved too."""
    says = words["history"]
    join = says["joiner"].join
    seats = [w["seat"] for w in hand["winners"]]
    if hand["result"] == "tsumo":
        line = says["tsumo"].format(winners=join(who(seat) for seat in seats))
    else:
        discarder = hand["from"]
        seats.sort(key=lambda seat: (seat - discarder) % rules["players"])
        if len(seats) > 1 and rules.get("doubleron") == "head":  # only the nearest is paid
            seats = seats[:1]
            line = says["ron_head"].format(winners=who(seats[0]), **{"from": who(discarder)})
        else:
            line = says["ron"].format(winners=join(who(seat) for seat in seats),
                                      **{"from": who(discarder)})
    liable = []
    for winner in hand["winners"]:
        pao = winner.get("pao")
        if winner["seat"] in seats and pao is not None and pao not in liable:
            liable.append(pao)
    for seat in liable:
        line += words["joiner"]["pao"] + says["pao"].format(seat=who(seat))
    return line


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
    """A seat's place in the final standings (``final["places"]``) as players say it: "2위", or a
    place shared by equal points (``ties=split``), "공동 1위".

    >>> words = {"final": {"shared": "공동 {best}위"}, "share": {"paste_place": "{n}위"}}
    >>> place_text(words, [2, 2]), place_text(words, [1, 2])
    ('2위', '공동 1위')
    """
    best, worst = span
    if best == worst:
        return words["share"]["paste_place"].format(n=best)
    return words["final"]["shared"].format(best=best, worst=worst)


def leftover_note(words, record, game):
    """The final results' line on the sticks still on the table at the end that went to first
    place ("" when none did), so that first's points beside the board's are explained.

    >>> words = {"final": {"leftover": "{n} stick(s), {points}, to {names}"}, "seat": {"1": "B"},
    ...          "board": {"names_joiner": " & "}}
    >>> game = {"hands": [{"scores": [24000, 27000, 24000, 24000]}],
    ...         "final": {"scores": [24000, 28000, 24000, 24000], "places": [[2, 4], [1, 1]] + [[2, 4]] * 2}}
    >>> leftover_note(words, {}, game)
    '1 stick(s), 1,000, to B'
    """
    if not game["hands"]:
        return ""
    added = sum(game["final"]["scores"]) - sum(game["hands"][-1]["scores"])
    if added <= 0:
        return ""
    firsts = [seat for seat, span in enumerate(game["final"]["places"]) if span[0] == 1]
    names = words["board"]["names_joiner"].join(seat_name(words, record, seat) for seat in firsts)
    return words["final"]["leftover"].format(n=added // 1000, points=fmt(added), names=names)


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
    >>> words = {"final": {"shared": "{best}着（同着）"}, "share": {"paste_place": "{n}着"},
    ...          "seat": {"2": "C"}}
    >>> final_cells(words, {}, final, 2)
    ['3着', 'C', '24,000', '−5', '', '−20', '−31.0']
    >>> final_cells(words, {"names": ["A"]}, final, 0)[:2]
    ['1着（同着）', 'A']
    """
    return [place_text(words, final["places"][seat]), seat_name(words, record, seat),
            points_text(final["scores"][seat]), signed(final["uma"][seat]),
            oka_text(final["oka"][seat]),
            signed(final["chombo"][seat]) if final["chombo"][seat] else "",
            signed_result(final["results"][seat])]

# ---------------------------------------------------------------- the score chart

CHART_WIDTH, CHART_HEIGHT = 360, 220
PLOT = {"left": 46, "right": 352, "top": 30, "bottom": 196}  # legend above, hand numbers below
# Each seat is told apart by more than its colour: its line's dashes and its marker's shape.
DASHES = ("", "7 4", "2 3", "9 3 2 3")
MARKERS = ("circle", "square", "triangle", "diamond")
LEGEND_NAME = 7  # characters of a name in the legend


def _marker(shape, x, y, r=3.2):
    f = fixed  # one decimal, the same text under both interpreters
    if shape == "circle":
        return f"M{f(x - r)} {f(y)}a{r} {r} 0 1 0 {f(2 * r)} 0a{r} {r} 0 1 0 {f(-2 * r)} 0Z"
    if shape == "square":
        return f"M{f(x - r)} {f(y - r)}h{f(2 * r)}v{f(2 * r)}h{f(-2 * r)}Z"
    if shape == "triangle":
        return f"M{f(x)} {f(y - r - 0.6)}L{f(x + r + 0.6)} {f(y + r)}H{f(x - r - 0.6)}Z"
    return f"M{f(x)} {f(y - r - 0.8)}L{f(x + r + 0.8)} {f(y)}L{f(x)} {f(y + r + 0.8)}" \
        f"L{f(x - r - 0.8)} {f(y)}Z"


def _grid_step(low, high):
    for step in (1000, 2000, 5000, 10000, 20000, 50000, 100000):
        if (high - low) / step <= 5:
            return step
    return 200000


def chart(words, record, game, dealer=None):
    """The score chart as SVG elements for the page to create (tag, attributes, text): every
    seat's score from the start and after each hand, one ``<path data-seat>`` per seat, with
    grid lines, a legend of names (with their winds in the hand `dealer` deals, when given) and
    markers, and the hand numbers along the bottom.

    >>> record = {"rules": {"players": 3, "start": 35000}, "hands": [{}], "names": ["A"]}
    >>> game = {"hands": [{"scores": [47000, 29000, 29000]}]}
    >>> words = {"seat": {"0": "E", "1": "S", "2": "W"}, "chart": {"label": "{n}"}}
    >>> shapes = chart(words, record, game)["elements"]
    >>> [a["data-seat"] for tag, a, _ in shapes if tag == "path" and "data-seat" in a]
    ['0', '1', '2']
    """
    players = record["rules"]["players"]
    start = record["rules"]["start"]
    series = [[start] + [entry["scores"][seat] for entry in game["hands"]] for seat in range(players)]
    everything = [score for line in series for score in line]
    step = _grid_step(min(everything), max(everything))
    low = (min(everything) // step) * step
    high = -(-max(everything) // step) * step
    if high == low:
        high = low + step
    count = max(len(series[0]) - 1, 1)

    def x_of(index):
        return PLOT["left"] + (PLOT["right"] - PLOT["left"]) * index / count

    def y_of(score):
        return PLOT["bottom"] - (PLOT["bottom"] - PLOT["top"]) * (score - low) / (high - low)

    elements = []
    for value in range(low, high + 1, step):
        y = fixed(y_of(value))
        elements.append(("line", {"class": "chart-grid" + (" chart-start" if value == start else ""),
                                  "x1": str(PLOT["left"]), "x2": str(PLOT["right"]), "y1": y, "y2": y},
                         None))
        elements.append(("text", {"class": "chart-axis", "x": str(PLOT["left"] - 4), "y": y,
                                  "text-anchor": "end", "dominant-baseline": "middle"}, points_text(value)))
    labels = max(1, -(-count // 10))  # at most about ten hand numbers along the bottom
    for index in range(0, count + 1, labels):
        elements.append(("text", {"class": "chart-axis", "x": fixed(x_of(index)),
                                  "y": str(PLOT["bottom"] + 16), "text-anchor": "middle"}, str(index)))
    width = (PLOT["right"] - PLOT["left"]) / players
    for seat, line in enumerate(series):
        points = [(x_of(index), y_of(score)) for index, score in enumerate(line)]
        d = "M" + "L".join(f"{fixed(x)} {fixed(y)}" for x, y in points)
        attributes = {"class": f"chart-line seat-{seat}", "d": d, "data-seat": str(seat)}
        if DASHES[seat]:
            attributes["stroke-dasharray"] = DASHES[seat]
        elements.append(("path", attributes, None))
        marks = "".join(_marker(MARKERS[seat], x, y) for x, y in points)
        elements.append(("path", {"class": f"chart-marker seat-{seat}", "d": marks}, None))
        left = PLOT["left"] + seat * width
        elements.append(("path", {"class": f"chart-marker seat-{seat}",
                                  "d": _marker(MARKERS[seat], left + 6, 12)}, None))
        name = seat_name(words, record, seat)
        if len(name) > LEGEND_NAME:
            name = name[:LEGEND_NAME - 1] + "…"
        if dealer is not None:
            name = named(dict(words, seat={str(seat): name}), dict(record, names=[]), seat, dealer)
        elements.append(("text", {"class": f"chart-legend seat-{seat}", "x": fixed(left + 14),
                                  "y": "12", "dominant-baseline": "middle"}, name))
    label = words["chart"]["label"].format(n=len(game["hands"]))
    return {"viewBox": f"0 0 {CHART_WIDTH} {CHART_HEIGHT}", "label": label, "elements": elements}


# ---------------------------------------------------------------- the result to paste

def preset_of(rules):
    """The rule preset a game's rules are exactly (engine.presets.NAMES), or "custom".

    >>> preset_of(preset_rules("mleague")), preset_of({**preset_rules("tenhou"), "busting": 0})
    ('mleague', 'custom')
    """
    for name in NAMES:
        if rules["players"] in PRESETS[name]["seats"] and rules == preset_rules(name, rules["players"]):
            return name
    return "custom"


def uma_text(uma):
    """The uma as players write it, every place signed: "+30/+10/−10/−30", "+20/0/−20"."""
    return "/".join(signed(value) for value in uma)


def standings_text(words, record, final, day):
    """The final standings as a few lines for a chat app: the title with the day (anything with a
    year, month and day: no datetime needed), then place (a shared place as the table says it),
    name, points and result in pt, then the rule preset, the uma and the rule's oka (thousands,
    before any split).

    >>> from collections import namedtuple
    >>> date = namedtuple("Day", ("year", "month", "day"))
    >>> words = {"seat": {"0": "E", "1": "S", "2": "W"}, "final": {"shared": "={best}"},
    ...          "preset": {"tenhou": "Tenhou"}, "setup": {"custom": "own rules"},
    ...          "share": {"paste_title": "Result {date}", "paste_date": "{year}-{month}-{day}",
    ...                    "paste_line": "{rank} {name} {points} ({result}pt)", "paste_place": "{n}.",
    ...                    "paste_rules": "{preset}, uma {uma}, oka {oka}", "paste_no_oka": "none"}}
    >>> final = {"places": [[2, 3], [1, 1], [2, 3]], "scores": [30000, 50000, 30000],
    ...          "results": [-10.0, 45.0, -35.0], "oka": [0, 15, 0]}
    >>> record = {"rules": {"players": 3, "uma": [15, 0, -15], "start": 35000, "return": 40000},
    ...           "names": ["Ann", "", "Kim"]}
    >>> print(standings_text(words, record, final, date(2026, 12, 2)))
    Result 2026-12-2
    1. S 50,000 (+45.0pt)
    =2 Ann 30,000 (−10.0pt)
    =2 Kim 30,000 (−35.0pt)
    own rules, uma +15/0/−15, oka 15
    """
    says = words["share"]
    when = says["paste_date"].format(year=day.year, month=day.month, day=day.day)
    lines = [says["paste_title"].format(date=when)]
    for seat in standings_order(final):  # after the game: names without a hand's wind
        lines.append(says["paste_line"].format(rank=place_text(words, final["places"][seat]),
                                               name=seat_name(words, record, seat),
                                               points=points_text(final["scores"][seat]),
                                               result=signed_result(final["results"][seat])))
    rules = record["rules"]
    preset = preset_of(rules)
    oka = (rules["return"] - rules["start"]) * rules["players"]  # the rule's, unsplit, in points
    oka = oka // 1000 if oka % 1000 == 0 else oka / 1000
    lines.append(says["paste_rules"].format(
        preset=words["setup"]["custom"] if preset == "custom" else words["preset"][preset],
        uma=uma_text(rules["uma"]), oka=fmt(oka) if oka else says["paste_no_oka"]))
    return "\n".join(lines)


# ---------------------------------------------------------------- the games on this phone

def game_summary(words, game, played, started):
    """One kept game as the list of games names it (SPEC §10.4): when it started (`started`:
    year, month, day, hour, minute on this phone's clock, or None), its preset with the hand
    about to be played or its first place (`played`: the game's replay), and its seats' names.

    >>> words = {"seat": {"0": "A", "1": "B", "2": "C"}, "wind": {"E": "E", "S": "S"},
    ...          "board": {"round": "{wind}{number}"}, "preset": {"tenhou": "Tenhou"},
    ...          "setup": {"custom": "own rules"}, "final": {"shared": "={best}"},
    ...          "share": {"paste_place": "{n}."},
    ...          "games": {"started": "{year}-{month}-{day} {hour}:{minute}", "at": "{round}",
    ...                    "at_honba": "{round}+{honba}", "over": "over, {first}",
    ...                    "first": "{place} {names}", "what": "{preset} / {state}",
    ...                    "names_joiner": ", "}}
    >>> game = {"rules": {"players": 3, "uma": [15, 0, -15]}, "names": ["Ann", "", "Kim"]}
    >>> game_summary(words, game, {"over": False, "next": {"round": "S2", "honba": 1}},
    ...              (2026, 12, 2, 9, 5))
    {'when': '2026-12-2 09:05', 'what': 'own rules / S2+1', 'names': 'Ann, B, Kim'}
    >>> game_summary(words, game, {"over": True, "final": {"places": [[1, 2], [3, 3], [1, 2]]}},
    ...              None)["what"]
    'own rules / over, =1 Ann, Kim'
    """
    says = words["games"]
    rules = game["rules"]
    preset = preset_of(rules)
    preset = words["setup"]["custom"] if preset == "custom" else words["preset"][preset]
    if played["over"]:
        places = played["final"]["places"]
        first = [seat for seat in range(rules["players"]) if places[seat][0] == 1]
        span = places[first[0]]
        place = words["share"]["paste_place"].format(n=1) if span == [1, 1] \
            else place_text(words, span)
        names = says["names_joiner"].join(seat_name(words, game, seat) for seat in first)
        now = says["over"].format(first=says["first"].format(place=place, names=names))
    else:
        upcoming = played["next"]
        now = says["at_honba" if upcoming["honba"] else "at"].format(
            round=round_text(words, upcoming["round"]), honba=upcoming["honba"])
    when = ""
    if started is not None:
        year, month, day, hour, minute = started
        when = says["started"].format(year=year, month=month, day=day, hour=f"{hour:02d}",
                                      minute=f"{minute:02d}")
    return {"when": when, "what": says["what"].format(preset=preset, state=now),
            "names": says["names_joiner"].join(seat_name(words, game, seat)
                                               for seat in range(rules["players"]))}


# ---------------------------------------------------------------- the QR code

QUIET = 4  # modules of white around the code, as the QR standard asks


def qr_path(matrix):
    """A QR code's dark modules as one SVG path (runs of each row), and the side of the square
    it is drawn in, quiet zone included.

    >>> qr_path([[1, 1, 0], [0, 1, 1], [1, 0, 1]])
    ('M4 4h2v1h-2ZM5 5h2v1h-2ZM4 6h1v1h-1ZM6 6h1v1h-1Z', 11)
    """
    parts = []
    for y, row in enumerate(matrix):
        x = 0
        while x < len(row):
            if not row[x]:
                x += 1
                continue
            run = x
            while run < len(row) and row[run]:
                run += 1
            parts.append(f"M{x + QUIET} {y + QUIET}h{run - x}v1h-{run - x}Z")
            x = run
    return "".join(parts), len(matrix) + 2 * QUIET
