"""Words that sum a game up, in the page's language: the final standings as text to paste into
a chat (SPEC §8), and the line each kept game has in the games list (SPEC §10.4)."""
from amounts import grouped
from engine.presets import preset_of
from amounts import signed, signed_fixed, with_minus
from ledger.present import place_text, round_text, seat_name, standings_order


# ---------------------------------------------------------------- the result to paste

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
    own rules, uma +15/0/−15, oka +15
    """
    says = words["share"]
    when = says["paste_date"].format(year=day.year, month=day.month, day=day.day)
    lines = [says["paste_title"].format(date=when)]
    for seat in standings_order(final):  # after the game: names without a hand's wind
        lines.append(says["paste_line"].format(rank=place_text(words, final["places"][seat]),
                                               name=seat_name(words, record, seat),
                                               points=with_minus(final["scores"][seat]),
                                               result=signed_fixed(final["results"][seat])))
    rules = record["rules"]
    preset = preset_of(rules)
    oka = (rules["return"] - rules["start"]) * rules["players"]  # the rule's, unsplit, in points
    oka = oka // 1000 if oka % 1000 == 0 else oka / 1000
    lines.append(says["paste_rules"].format(
        preset=words["setup"]["custom"] if preset == "custom" else words["preset"][preset],
        uma=uma_text(rules["uma"]), oka="+" + grouped(oka) if oka else says["paste_no_oka"]))
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
    >>> from engine.presets import preset_rules
    >>> rules = dict(preset_rules("tenhou", 3), players=3, uma=[15, 0, -15])  # no preset's
    >>> game = {"rules": rules, "names": ["Ann", "", "Kim"]}
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
