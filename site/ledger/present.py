"""The ledger's words: scores, rounds, seat names, errors and history lines in the page's language.

Every function takes `words`, the page's ``[ledger]`` strings table, so the same text comes out in
the browser and in the tests.

>>> signed(-1500), signed(0), signed_fixed(12.5)
('−1,500', '0', '+12.5')
"""
from amounts import grouped, signed, signed_fixed, with_minus

def oka_text(oka):
    """An oka cell: whole like the uma beside it ("+20"), tenths only when shared unevenly; none
    blank.

    >>> oka_text(20.0), oka_text(6.7), oka_text(0)
    ('+20', '+6.7', '')
    """
    if not oka:
        return ""
    return signed(int(oka)) if oka == int(oka) else signed_fixed(oka)


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
    """The dealer of the hand the page is about: the next one; a game ended by hand, the one it
    stopped before (its round is on the board); a game over by its rules, the last one played
    (None before any hand of an ended game).

    >>> hand_dealer({"over": False, "next": {"dealer": 2}}), hand_dealer({"over": True, "hands": []})
    (2, None)
    >>> hand_dealer({"over": True, "hands": [{"dealer": 2}], "stopped": {"dealer": 3}})
    3
    """
    if not game["over"]:
        return game["next"]["dealer"]
    if "stopped" in game:
        return game["stopped"]["dealer"]
    return game["hands"][-1]["dealer"] if game["hands"] else None


def hand_title(words, index, entry):
    """A hand of the record as a heading names it: by its round with honba, "동2국 1본장 고치기"
    (its number from 1 is there for a wording that wants it).

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
    """{low}, {high} of an out_of_range sentence ("" where the error has no range), written as
    the page writes points: "100~1,000,000", "−1,000~1,000"."""
    return {"low": "" if error.low is None else with_minus(error.low),
            "high": "" if error.high is None else with_minus(error.high)}


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
    return words["final"]["leftover"].format(n=added // 1000, points=grouped(added), names=names)


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
            with_minus(final["scores"][seat]), signed(final["uma"][seat]),
            oka_text(final["oka"][seat]),
            signed(final["chombo"][seat]) if final["chombo"][seat] else "",
            signed_fixed(final["results"][seat])]
