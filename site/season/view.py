"""The season page drawn from its model (SPEC §11.3): the filters read, the table of players, the
marked copies, the chart of cumulative points and a player's card. Every count comes from the
summaries of engine.ledger.summary added up by engine.season.figures; every word and rate from
season.present. The rows are built in one call to the page (dom.Page.build)."""
from engine.season.figures import player_seats, seated, table
from engine.season.names import Aliases
from season import present
from season.model import page, q, state, words


def filters():
    """The filters as the form holds them; ``backwards``: a date range that ends before it
    starts (said next to the field, and nothing is counted)."""
    form = q("[data-season-filters]")
    field = form.elements.namedItem
    try:
        least = int(str(field("min").value) or "0")
    except ValueError:
        least = 0
    start, end = str(field("from").value), str(field("to").value)
    return {"players": 3 if field("players").value == "3" else 4, "from": start, "to": end,
            "preset": str(field("preset").value), "min": max(least, 0),
            "progress": bool(field("progress").checked), "me": str(field("me").value),
            "backwards": bool(start and end and end < start)}


def chosen(flags):
    """(place in copies, copy) of the games the filters keep, in date order."""
    found = []
    if flags["backwards"]:
        return found
    players, preset, progress = flags["players"], flags["preset"], flags["progress"]
    dated = flags["from"] or flags["to"]
    for place, copy in enumerate(state["copies"]):
        summary = copy["summary"]
        if summary["players"] != players or preset and summary["preset"] != preset or (
                not progress and not summary["finished"]):
            continue
        started = copy["started"] or ""
        if dated:
            day = started[:10]
            if flags["from"] and day and day < flags["from"]:
                continue
            if flags["to"] and day and day > flags["to"]:
                continue
        found.append((started, place, copy))
    found.sort()  # by time, then place: no two have the same place (no copy is compared)
    return [(place, copy) for _day, place, copy in found]


def draw():
    flags = filters()
    games = chosen(flags)
    aliases = Aliases(state["aliases"])
    found = seated([copy["summary"] for _place, copy in games], flags["players"], aliases)
    answer = table(None, flags["players"], aliases, found)
    rows = [row for row in answer["rows"] if row["games"] >= flags["min"]]
    field, descending = state["sort"]
    rows = present.sorted_rows(rows, field, descending)
    state["rows"], state["shown"] = rows, games
    says, view = words()["say"], page["dom"]
    view.show_error("to" if flags["backwards"] else None, words()["filter"]["backwards"])
    # no game kept at all (a link's games offered above, not yet put in), games counted with no
    # named seat (seats left A, B, C… are no one's), or games the filters leave no member of
    empty = "filtered" if state["copies"] else "offered" if state.get("incoming") else "empty"
    if answer["games"] and not answer["rows"]:
        empty = "unnamed"
    view.put("empty-text", q("[data-season-empty]"), says[empty])
    view.hide("empty", q("[data-season-empty]"), bool(rows) or flags["backwards"])
    view.put("count", q("[data-season-count]"), "" if flags["backwards"] else
             says["count"].format(n=answer["games"], p=len(rows)))
    draw_conflicts(games)
    draw_me(answer["rows"], flags["me"])
    draw_table(rows, flags["me"])
    draw_chart(found, aliases, rows, flags["me"])
    draw_aliases()
    if state["card"] is not None:
        draw_card(state["card"])


def draw_conflicts(games):
    """Two copies of one game that disagree (SPEC §11.1): both counted, said, and each listed
    with its mark (and marked again in a player's card)."""
    marked = [copy for _place, copy in games if copy["conflict"]]
    says, view = words()["say"], page["dom"]
    view.put("conflicts", q("[data-season-conflicts]"),
             says["conflicts"].format(n=len(marked)) if marked else "")
    view.hide("conflicts-box", q("[data-season-conflicts]"), not marked)
    card = words()["card"]
    items = [("li", {"data-season-conflict": copy["summary"]["uid"] or ""}, card["marked"].format(
              line=says["conflict_line"].format(date=day_text(copy["started"]), names=card["names"].join(
                  name for name in copy["summary"]["names"] if name), hands=copy["summary"]["hands"]),
              mark=says["conflict_mark"]))
             for copy in marked]
    box = q("[data-season-conflict-list]")
    view.build(box, items)
    view.hide("conflict-list", box, not marked)


def draw_me(rows, me):
    names = sorted(row["name"] for row in rows)
    if me and me not in names:
        names = sorted(names + [me])
    options = [("option", {"value": ""}, words()["filter"]["me_none"])]
    for name in names:
        attributes = {"value": name}
        if name == me:
            attributes["selected"] = ""
        options.append(("option", attributes, name))
    select = q("[data-season-filters]").elements.namedItem("me")
    page["dom"].build(select, options)
    select.value = me


def row_nodes(row, me):
    """One player's row: the name (a button that opens the card), then a cell per column, each
    ``data-season`` and, for a count, ``data-value`` (the number as the command line gives it)."""
    line = {"data-season-player": row["name"]}
    if row["name"] == me:
        line["class"] = "season-me"
    cells = [("th", {"scope": "row", "data-season": "name"},
              ("button", {"type": "button", "data-season-open": row["name"]}, row["name"]))]
    for field in present.COLUMNS:
        attributes = {"data-season": field}
        if field == "places":
            attributes["data-value"] = " ".join(str(n) for n in row["places"])
        elif field == "points":
            attributes["data-value"] = present.cell_text(row, "points").replace(
                "+", "").replace("\u2212", "-")
        elif field in present.COUNTS:
            attributes["data-value"] = str(present.sort_value(row, field))
        cells.append(("td", attributes, present.cell_text(row, field)))
    return ("tr", line) + tuple(cells)


def draw_table(rows, me):
    page["dom"].build(q("[data-season-table] tbody"), [row_nodes(row, me) for row in rows])
    field, descending = state["sort"]
    marked = (field, "descending" if descending else "ascending")
    # Only the headers whose aria-sort changes (the page comes with every header's "none"):
    # two calls to the page, not two for each of the 27 columns.
    before = page.get("sorted")
    if before != marked:
        if before is not None and before[0] != field:
            q(f'[data-season-sort="{before[0]}"]').setAttribute("aria-sort", "none")
        q(f'[data-season-sort="{field}"]').setAttribute("aria-sort", marked[1])
        page["sorted"] = marked


def series_of(found, aliases, rows):
    """[(name, cumulative tenths after each game, None before the player's first)] for each row,
    as present.chart draws them, and the lowest and the highest of those totals (0 among them);
    ``found`` is engine.season.figures.seated's answer for the games shown, in date order."""
    number_of = {}  # a row's key: its place among the rows
    for number, row in enumerate(rows):
        number_of[aliases.key(row["name"])] = number
    places = range(len(rows))
    totals, lines = [None] * len(rows), [[] for _row in rows]
    low = high = 0
    for summary, seats in found:
        results = summary["seats"]
        for seat, key, _name in seats:
            number = number_of.get(key)
            if number is not None:
                total = totals[number]
                total = totals[number] = (total or 0) + results[seat][1]
                if total < low:
                    low = total
                elif total > high:
                    high = total
        for number in places:
            lines[number].append(totals[number])
    return [(row["name"], line) for row, line in zip(rows, lines)], (low, high)


def draw_chart(found, aliases, rows, me):
    series, bounds = series_of(found, aliases, rows)
    svg = q("[data-season-chart]")
    svg.setAttribute("viewBox", "0 0 360 214")
    # in one write (escaped markup), not dom.Page.fill_svg's calls per element and attribute
    svg.innerHTML = present.svg_markup(present.chart(words(), series, me, bounds))
    svg.setAttribute("aria-label", words()["say"]["chart_label"].format(
        names=", ".join(row["name"] for row in rows)))
    legend = []
    for number, row in enumerate(rows):
        shape = f"season-key season-line-{number % present.COLOURS}" + (
            " season-me" if row["name"] == me else "")
        legend.append(("li", {"class": shape}, row["name"]))
    page["dom"].build(q("[data-season-legend]"), legend)


def draw_aliases():
    items = []
    for number, group in enumerate(state["aliases"]):
        items.append(("li", None, ("span", None, " = ".join(group)),
                      ("button", {"type": "button", "data-season-unalias": str(number)},
                       words()["alias"]["remove"])))
    page["dom"].build(q("[data-season-aliases]"), items)


def draw_card(name):
    row = None
    for found in state["rows"]:
        if found["name"] == name:
            row = found
    card = q("[data-season-card]")
    if row is None:
        card.hidden = True
        state["card"] = None
        return
    says, view = words(), page["dom"]
    q("[data-season-card-name]").textContent = row["name"]
    bar = [("span", {"class": f"season-place season-place-{place + 1}"},
            f'{says["card"]["place"].format(n=place + 1)} {count}')
           for place, count in enumerate(row["places"])]
    box = q("[data-season-card-places]")
    view.build(box, bar)
    for place, count in enumerate(row["places"]):  # a style object: the CSP takes no style=""
        box.children.item(place).style.flexGrow = str(count)
    rates = []
    for field in present.RATES:
        rates += [("dt", None, says["column"][field]), ("dd", None, present.cell_text(row, field))]
    view.build(q("[data-season-card-rates]"), rates)
    aliases = Aliases(state["aliases"])
    key = aliases.key(name)
    played = []
    for _place, copy in state["shown"]:
        summary = copy["summary"]
        for seat, found, _written in player_seats(summary, aliases):
            if found == key:
                rank, result = summary["seats"][seat][:2]
                played.append((result, rank, copy))
    lines = []
    for result, rank, copy in played:
        marked = {"class": "season-conflict", "data-season-conflict": copy["summary"]["uid"]}
        lines.append(("li", marked if copy["conflict"] else None, game_line(result, rank, copy)))
    view.build(q("[data-season-card-games]"), lines)
    ordered = sorted(played, key=lambda item: (item[0], item[1], item[2]["started"] or ""))
    q("[data-season-card-best]").textContent = game_line(*ordered[-1]) if ordered else ""
    q("[data-season-card-worst]").textContent = game_line(*ordered[0]) if ordered else ""
    # one game is no "worst" one (ko B8): its line only once there are two
    q("[data-season-card-worst]").parentElement.hidden = len(ordered) < 2
    card.hidden = False


def day_text(started):
    """A game's start day as the page's language writes a date (2026년 12월 7일, 2026年12月7日);
    "" for a time that does not read as one."""
    day = (started or "")[:10].split("-")
    if len(day) != 3 or not all(part.isdigit() for part in day):
        return ""
    return words()["card"]["date"].format(year=int(day[0]), month=int(day[1]), day=int(day[2]))


def game_line(result, rank, copy):
    says = words()["card"]
    line = says["game_line"].format(date=day_text(copy["started"]),
                                    place=says["place"].format(n=rank),
                                    result=present.cell_text({"points": result / 10}, "points"))
    if copy["conflict"]:
        line = says["marked"].format(line=line, mark=words()["say"]["conflict_mark"])
    return line
