"""Turn engine.conditions' answers into the words players say, in the page's language.

Used by build.py for the static default answer and by the conditions page and the ledger
page packages live, so the static and the live page word an answer the same way.

>>> import tomllib, pathlib
>>> strings = tomllib.loads(pathlib.Path("content/ko/strings.toml").read_text("utf-8"))
>>> need = {"points": [1300, 2600], "hands": [{"han": 3, "fu": 40}, {"han": 4, "fu": 20}],
...         "limit": None}
>>> route_texts({"win": "tsumo", "need": need}, [25000] * 4, 0, 1, strings)
('쯔모 1,300·2,600 이상', '3판 40부 · 4판 이상은 부 상관없음')
"""
from amounts import grouped, with_minus
from engine.conditions import possible
from engine.keys import FU_VALUES


def amount(points, strings):
    """3900 -> "3,900": an amount always with its thousands separator (TERMS.md)."""
    return grouped(points, strings["conditions"]["say"]["thousands"])


def seat_wind(seat, dealer, players, strings):
    """The seat's wind in this hand: the dealer is East."""
    return strings["conditions"]["wind"][str((seat - dealer) % players)]


def seat_label(seat, dealer, players, strings):
    words = strings["conditions"]["seat"]
    return words["with_wind"].format(n=seat + 1, wind=seat_wind(seat, dealer, players, strings))


def seat_option(seat, dealer, players, strings):
    """A seat's choice on the form, with its wind in this hand: 자리 1 (기가 · 동가), 자리 2 (남가)."""
    words = strings["conditions"]["seat"]
    wind = seat_wind(seat, dealer, players, strings)
    return words["first_with_wind" if seat == 0 else "with_wind"].format(n=seat + 1, wind=wind)


def scores_text(scores, strings):
    """The score list as the page's field shows it: Korean "32,000 / 28,500 / …" (a slash between
    players, so each amount keeps its separator); Japanese "32000,28500,…" (commas between players,
    so none inside an amount).

    >>> scores_text((32000, 28500), {"conditions": {"say": {"scores_joiner": " / ", "thousands": ","}}})
    '32,000 / 28,500'
    >>> scores_text((32000, 28500), {"conditions": {"say": {"scores_joiner": ",", "thousands": ","}}})
    '32000,28500'
    """
    joiner = strings["conditions"]["say"]["scores_joiner"]
    grouped = "," not in joiner
    return joiner.join(amount(score, strings) if grouped else str(score) for score in scores)


def place_label(place, players, strings):
    words = strings["conditions"]["place"]
    return words["last"] if place == players - 1 else words[str(place)]


def need_title(seat, place, dealer, players, strings):
    """The answer's heading: whose condition, for which place."""
    words = strings["conditions"]
    return words["joiner"]["need_title"].format(seat=seat_label(seat, dealer, players, strings),
                                                place=place_label(place, players, strings))


def smallest_fu(han, win):
    """The fewest fu a hand of `han` can have on this win (20 for a 2-han tsumo: pinfu)."""
    return min(fu for fu in FU_VALUES if possible(han, fu, win))


def hands_text(need, strings, win="ron"):
    """The han/fu readings under an amount: each han 1–4 with its smallest fu, then the limit.
    Once a han's reading is the fewest fu that han can have, any hand of that han or more does
    it, and the line says so once ("3판 이상은 부 상관없음") instead of listing fu that no longer
    matter."""
    say = strings["conditions"]["say"]
    parts = []
    for hand in need["hands"]:
        if hand["fu"] == smallest_fu(hand["han"], win):
            parts.append(say["hand_any"].format(han=hand["han"]))
            return say["hands_sep"].join(parts)
        parts.append(say["hand"].format(han=hand["han"], fu=hand["fu"]))
    if need["limit"] and not parts and need["limit"] != "yakuman":  # nothing is above a yakuman
        parts.append(say["from_limit"].format(limit=strings["tier"][need["limit"]]))
    elif need["limit"]:
        parts.append(strings["tier"][need["limit"]])
    elif parts:  # an amount below a mangan: a mangan or more does it too (fifth ja reader, A1)
        parts.append(say["from_limit"].format(limit=strings["tier"]["mangan"]))
    return say["hands_sep"].join(parts)


def _cost(need):
    """Routes compared by what they need: any < an amount < none."""
    if need == "any":
        return 0
    if need == "none":
        return float("inf")
    return need["points"]


def direct(route, answer, scores):
    """A ron is a direct hit (직격/直撃) when the discarder is a rival the seat must pass (ranked
    now between the goal and the seat), or when it needs less than a ron from someone else: the
    discarder's loss is what makes it cheaper.

    >>> answer = {"seat": 2, "place": 1, "rank": 2, "routes": [
    ...     {"win": "ron", "from": 0, "need": {"points": 8000}},
    ...     {"win": "ron", "from": 1, "need": {"points": 8000}}]}
    >>> [direct(r, answer, [40000, 20000, 30000]) for r in answer["routes"]]
    [True, False]
    """
    def rank(seat):  # equal points: the seat nearer the first dealer is above
        return 1 + sum(1 for other, score in enumerate(scores)
                       if score > scores[seat] or (score == scores[seat] and other < seat))

    if answer["place"] <= rank(route["from"]) < answer["rank"]:
        return True
    rons = [r["need"] for r in answer["routes"] if r["win"] == "ron"]
    return any(_cost(route["need"]) < _cost(other) for other in rons)


def route_texts(route, scores, dealer, seat, strings, names=None, hit=False):
    """(the announcement, the han/fu readings) for one route of `seat`'s answer; the discarder
    is named by `names(seat)` when given (the ledger's seat names), else by its seat and wind."""
    say = strings["conditions"]["say"]
    need = route["need"]
    players = len(scores)
    if route["win"] == "ron":
        who = names(route["from"]) if names else seat_label(route["from"], dealer, players, strings)
        if isinstance(need, str):
            key = "ron_direct_any" if hit and need == "any" else f"ron_{need}"
            return say[key].format(who=who), ""
        text = say["ron_direct" if hit else "ron"].format(
            who=who, points=amount(need["points"], strings))
        return text, hands_text(need, strings, "ron")
    if isinstance(need, str):
        return say[f"tsumo_{need}"], ""
    points = [amount(p, strings) for p in need["points"]]
    paid = say["tsumo_all"].format(a=points[0]) if len(points) == 1 else \
        say["tsumo_pair"].format(a=points[0], b=points[1])
    if len(points) == 1:
        return paid, hands_text(need, strings, "tsumo")  # "2,600 올 이상" says tsumo by itself
    return say["tsumo"].format(points=paid), hands_text(need, strings, "tsumo")


def draw_text(kind, answer, strings):
    say = strings["conditions"]["say"]
    if answer is None:
        return say["draw_noten_riichi"]
    return say[f"draw_{kind}_{answer}"]


def view(answer, scores, dealer, strings, names=None):
    """{hook: (text, readings)} for every data-need hook of one seat's answer, plus the rank."""
    seat = answer["seat"]
    texts = {}
    for route in answer["routes"]:
        hook = f"ron-{route['from']}" if route["win"] == "ron" else "tsumo"
        hit = route["win"] == "ron" and direct(route, answer, scores)
        texts[hook] = route_texts(route, scores, dealer, seat, strings, names, hit)
    texts["draw-tenpai"] = (draw_text("tenpai", answer["draw"]["tenpai"], strings), "")
    texts["draw-noten"] = (draw_text("noten", answer["draw"]["noten"], strings), "")
    return texts


def _rank_key(answer, scores, ties, short):
    tied = sum(score == scores[answer["seat"]] for score in scores) > 1
    key = "rank_short" if short else "rank_now"
    if tied:
        key += "_tied" if ties == "split" else "_shared"  # a place shared, or ranked by seat
    return key


def rank_text(answer, scores, strings, ties="seat"):
    """The asker's place now, as a sentence: "지금 2위예요." With equal points: ranked by seat
    ("동점이지만 지금은 2위예요.") or sharing the place (``ties=split``: "지금 공동 1위예요.")."""
    key = _rank_key(answer, scores, ties, short=False)
    return strings["conditions"]["say"][key].format(rank=answer["rank"])


def table_need(answer, scores, tsumo, strings, ties="seat"):
    """A seat's own line on its panel of the ledger's table view: its place now, the place its
    condition is for, and its tsumo condition ("지금 3위 · 1위까지: 쯔모 …"; "지금 2위 · 2위
    지키기: …" where the place asked for is its own or below)."""
    rank = strings["conditions"]["say"][_rank_key(answer, scores, ties, short=True)]
    key = "table_need_keep" if answer["place"] >= answer["rank"] else "table_need"
    return strings["conditions"]["joiner"][key].format(
        rank=rank.format(rank=answer["rank"]), place=answer["place"], tsumo=tsumo)


def ledger_summary(answer, scores, name, tsumo, strings, ties="seat"):
    """One seat's line in the ledger's conditions panel, a short label: "B(남가) · 지금 2위 — 쯔모 …"."""
    rank = strings["conditions"]["say"][_rank_key(answer, scores, ties, short=True)]
    return strings["conditions"]["joiner"]["ledger_need"].format(
        name=name, rank=rank.format(rank=answer["rank"]), tsumo=tsumo)


def error_text(error, strings):
    """A StateError's sentence next to its field (the strings' [error], one sentence per code).
    A seat or a place out of range is said in the menu's own words, as many as there are
    players: "席1〜席3", "トップ・ラス回避".

    >>> from engine.conditions.state import StateError, read_query
    >>> words = {"conditions": {"label": {"dealer": "dealer", "place": "place"},
    ...     "seat": {"label": "seat {n}"}, "place": {"1": "top", "2": "2nd+", "last": "not last"},
    ...     "joiner": {"choices": "/"}, "error": {"out_of_range_dealer": "{label}: {low} to {high}",
    ...     "out_of_range_place": "{label}: {choices}"}}, "error": {}}
    >>> for query in ({"players": "3", "dealer": "3"}, {"players": "3", "place": "3"}):
    ...     try:
    ...         read_query(query)
    ...     except StateError as error:
    ...         print(error_text(error, words))
    dealer: seat 1 to seat 3
    place: top/not last
    """
    words, errors = strings["conditions"], strings["error"]
    label = words["label"].get(error.field, error.field)
    template = words["error"].get(f"{error.code}_{error.field}") \
        or errors.get(f"{error.code}_{error.field}") or errors.get(error.code) \
        or words["error"]["other"]
    low = "" if error.low is None else with_minus(error.low)  # "−1,000,000", as scores are written
    high = "" if error.high is None else with_minus(error.high)
    choices = ""
    if error.code == "out_of_range" and error.field in ("dealer", "seat"):  # seats count from 1
        low, high = (words["seat"]["label"].format(n=n + 1) for n in (error.low, error.high))
    elif error.code == "out_of_range" and error.field == "place":  # places 1 to players - 1
        choices = words["joiner"]["choices"].join(
            place_label(place, error.high + 1, strings) for place in range(error.low, error.high + 1))
    return template.format(label=label, low=low, high=high, choices=choices)
