"""The season page's words and shapes (SPEC §11.2, §11.3): the rates from the engine's counts, each
cell's text, the order of the rows, the chart of cumulative points, the CSV files. Every function
takes `words`, the page's ``[season]`` strings, where it says anything; the counts come from
engine.season, and every rate is computed here from them in whole numbers (no float is shown).

>>> row = {"name": "Ann", "games": 4, "hands": 40, "places": [2, 1, 0, 1], "points": 31.5,
...        "busts": 0, "chombo": 0, "wins": 10, "tsumo": 4, "win_value": 64000, "deal_ins": 5,
...        "deal_in_value": 26000, "riichi": 8, "draws": 6, "draw_tenpai": 3, "yakuman": 0}
>>> [cell_text(row, field) for field in ("avg_place", "top", "last", "avoid_last", "avg_points")]
['2.00', '50.0%', '25.0%', '75.0%', '+7.9']
>>> [cell_text(row, field) for field in ("win_rate", "tsumo_share", "avg_win", "tenpai_rate")]
['25.0%', '40.0%', '6,400', '50.0%']
"""
# amounts, not calculator.present (the same grouped as fmt): importing the calculator's page
# package would load its modules, and every module a page loads makes each text MicroPython
# makes afterwards slower to make (its interned names are searched first).
from amounts import MINUS, with_minus
from amounts import grouped as fmt

COUNTS = ("games", "hands", "places", "points", "busts", "chombo", "wins", "tsumo", "win_value",
          "deal_ins", "deal_in_value", "riichi", "draws", "draw_tenpai", "yakuman")
RATES = ("avg_place", "top", "last", "avoid_last", "avg_points", "win_rate", "deal_in_rate",
         "riichi_rate", "tsumo_share", "avg_win", "avg_deal_in", "tenpai_rate")
# The table's columns after the name, in order: what a player looks at first, then the counts.
COLUMNS = ("games", "avg_place", "top", "last", "avoid_last", "points", "avg_points", "win_rate",
           "deal_in_rate", "riichi_rate", "tsumo_share", "avg_win", "avg_deal_in", "tenpai_rate",
           "hands", "places", "busts", "chombo", "wins", "tsumo", "win_value", "deal_ins",
           "deal_in_value", "riichi", "draws", "draw_tenpai", "yakuman")
PERCENT = ("top", "last", "avoid_last", "win_rate", "deal_in_rate", "riichi_rate", "tsumo_share",
           "tenpai_rate")
LOWER_FIRST = ("avg_place", "last", "deal_in_rate", "avg_deal_in", "chombo", "busts",
               "deal_ins", "deal_in_value")  # sorted best first, a first tap puts the least on top


def tenths(points):
    """A JSON result (a number to 0.1) as whole tenths."""
    return int(round(points * 10))


def fraction(row, field):
    """(numerator, denominator) of a rate; the denominator 0 when the player has none yet."""
    games, places = row["games"], row["places"]
    if field == "avg_place":
        return sum((place + 1) * count for place, count in enumerate(places)), games
    if field == "top":
        return places[0], games
    if field == "last":
        return places[-1], games
    if field == "avoid_last":
        return games - places[-1], games
    if field == "avg_points":
        return tenths(row["points"]), games * 10
    if field == "tsumo_share":
        return row["tsumo"], row["wins"]
    if field == "avg_win":
        return row["win_value"], row["wins"]
    if field == "avg_deal_in":
        return row["deal_in_value"], row["deal_ins"]
    if field == "tenpai_rate":
        return row["draw_tenpai"], row["draws"]
    counted = {"win_rate": "wins", "deal_in_rate": "deal_ins", "riichi_rate": "riichi"}[field]
    return row[counted], row["hands"]


def _rounded(numerator, denominator, scale):
    """numerator / denominator × scale, rounded half away from zero, as a whole number."""
    value = abs(numerator) * scale * 2 + denominator
    whole = value // (2 * denominator)
    return whole if numerator >= 0 else -whole


def _decimal(units, places):
    """Whole units of 10 ** -places as a decimal, below zero with the page's minus sign: one text
    made (each text costs MicroPython a search of its interned names), the digits after the point
    padded by the format.

    >>> _decimal(-1205, 2), _decimal(7, 1), _decimal(0, 2)
    ('\u221212.05', '0.7', '0.00')
    """
    sign = MINUS if units < 0 else ""
    units = abs(units)
    scale = 10 ** places
    return f"{sign}{units // scale}.{units % scale:0{places}d}"


def cell_text(row, field):
    """A cell's text: counts as numbers with separators, places as 1st-2nd-…, points and the
    average signed to 0.1, rates in percent to 0.1, averages of points whole; "—" for a rate
    with nothing to count yet."""
    if field == "name":
        return row["name"]
    if field == "places":
        return "-".join(str(count) for count in row["places"])
    if field == "points":
        units = tenths(row["points"])
        return ("+" if units > 0 else "") + _decimal(units, 1)
    if field in COUNTS:
        return fmt(row[field])
    numerator, denominator = fraction(row, field)
    if not denominator:
        return "\u2014"
    if field in PERCENT:
        return _decimal(_rounded(numerator, denominator, 1000), 1) + "%"
    if field == "avg_place":
        return _decimal(_rounded(numerator, denominator, 100), 2)
    if field == "avg_points":
        units = _rounded(numerator, denominator, 10)
        return ("+" if units > 0 else "") + _decimal(units, 1)
    return with_minus(_rounded(numerator, denominator, 1))


def sort_value(row, field):
    """A number to sort a column by (the exact rate scaled: whole numbers compare the same under
    both interpreters); a player with nothing to count sorts last either way (None)."""
    if field == "places":
        return row["places"][0]
    if field == "points":
        return tenths(row["points"])
    if field in COUNTS:
        return row[field]
    numerator, denominator = fraction(row, field)
    if not denominator:
        return None
    return numerator * 10 ** 9 // denominator


def sorted_rows(rows, field, descending):
    """The rows by `field` (then by points, then name): every key whole, so the order is the
    same under MicroPython (whose sort is not stable)."""
    def key(row):
        value = sort_value(row, field) if field != "name" else 0
        missing = value is None
        value = 0 if missing else value
        return (missing, -value if descending else value, -tenths(row["points"]), row["name"])
    if field == "name":
        ordered = sorted(rows, key=lambda row: row["name"])
        return ordered[::-1] if descending else ordered
    return sorted(rows, key=key)


def first_descending(field):
    """Whether a first tap on `field`'s header sorts it from the largest down."""
    return field not in LOWER_FIRST and field != "name"


# ---------------------------------------------------------------- the chart

PLOT = {"left": 46, "right": 352, "top": 14, "bottom": 196}
STEPS = (100, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000)  # grid lines, in tenths of pt
MAX_POINTS = 150  # a line's points: about one for every two units across the plot
COLOURS = 8  # line classes season-line-0 … 7, then the dashes repeat the colours


def chart(words, series, me, bounds=None):
    """Each player's cumulative points over the season's games in date order, as SVG elements
    (tag, attributes, text): one ``<path data-player="NAME">`` per player (``me`` drawn last and
    thicker), grid lines with points, the games' numbers along the bottom. `series` is [(name,
    [cumulative tenths after each game of the season, or None before the player's first])];
    `bounds` the lowest and the highest of its values where the caller has them (else found
    here: under MicroPython, going over a season's thousands of values costs a phone more).

    >>> shapes = chart({}, [("A", [10, 30]), ("B", [None, -30])], "B")
    >>> [a["data-player"] for tag, a, _ in shapes if tag == "path"]
    ['A', 'B']
    """
    count = max([len(line) for _name, line in series] + [1])  # the longest line
    low, high = (0, 0) if bounds is None else (min(bounds[0], 0), max(bounds[1], 0))
    for _name, line in series if bounds is None else ():  # the values' range, 0 always in it
        values = [value for value in line if value is not None] if None in line else line
        if values:
            low, high = min(low, min(values)), max(high, max(values))
    span = high - low
    step = STEPS[-1]
    for candidate in STEPS:  # at most about six lines across the plot
        if span <= candidate * 6:
            step = candidate
            break
    low = (low // step) * step
    high = -(-high // step) * step
    if high == low:
        high = low + step

    # Coordinates in whole tenths of a unit, worked out in integers: a season of 500 games
    # draws thousands of points, and a phone formats an integer far faster than a float.
    def x_of(index):
        return _tenths_text(PLOT["left"] * 10 + _share((PLOT["right"] - PLOT["left"]) * 10 * index,
                                                       max(count, 1)))

    def y_of(value):
        return _tenths_text(PLOT["bottom"] * 10 - _share(
            (PLOT["bottom"] - PLOT["top"]) * 10 * (value - low), high - low))

    elements = []
    for value in range(low, high + 1, step):
        y = y_of(value)
        elements.append(("line", {"class": "chart-grid" + (" chart-start" if value == 0 else ""),
                                  "x1": str(PLOT["left"]), "x2": str(PLOT["right"]), "y1": y,
                                  "y2": y}, None))
        elements.append(("text", {"class": "chart-axis", "x": str(PLOT["left"] - 4), "y": y,
                                  "text-anchor": "end", "dominant-baseline": "middle"},
                         ("+" if value > 0 else "") + _decimal(value, 1)[:-2]))
    labels = max(1, -(-count // 8))
    for index in range(0, count + 1, labels):
        elements.append(("text", {"class": "chart-axis", "x": x_of(index),
                                  "y": str(PLOT["bottom"] + 14), "text-anchor": "middle"},
                         str(index)))
    # Each point drawn, with the start of its segment (" L", its x, " "), worked out once for
    # all the lines: at most MAX_POINTS a line, the last game of each of as many equal runs of
    # games (more than the plot has room to show would only cost a phone the time to draw).
    left, width = PLOT["left"] * 10, (PLOT["right"] - PLOT["left"]) * 10
    drawn = []
    for index in _drawn(count):
        x = left + (2 * width * (index + 1) + count) // (2 * count)  # x_of(index + 1), inlined
        drawn.append((index, f" L{x // 10}.{x % 10} "))
    # Each y written once (whole tenths from the top of the plot to its bottom), y_of inlined:
    # a season of 500 games draws about a thousand points.
    top, bottom = PLOT["top"] * 10, PLOT["bottom"] * 10
    ys, rise, twice = [None] * (bottom - top + 1), 2 * (bottom - top), 2 * (high - low)
    offset = high - low - rise * low
    zero = y_of(0)
    names = [item[0] for item in series]
    order = [item for item in series if item[0] != me] + [item for item in series if item[0] == me]
    for name, line in order:
        number = names.index(name)
        # the path's text in pieces, joined once: "M x y", then " L", x, " ", y for each point
        points, started, length = [], False, len(line)
        for index, segment in drawn:
            if index >= length:  # a shorter line (the page's are all as long as the season)
                break
            value = line[index]
            if value is None:
                continue
            if not started:
                first = index
                while first and line[first - 1] is not None:  # the player's first game
                    first -= 1
                points.append(f"M{x_of(first)} {zero}")
                started = True
            tenths = bottom - (rise * value + offset) // twice
            y = ys[tenths - top]
            if y is None:
                y = ys[tenths - top] = f"{tenths // 10}.{tenths % 10}"
            points.append(segment)
            points.append(y)
        if not points:
            continue
        shape = f"season-line season-line-{number % COLOURS}"
        if number >= COLOURS:
            shape += " season-dashed"
        if name == me:
            shape += " season-me"
        elements.append(("path", {"class": shape, "d": "".join(points), "data-player": name},
                         None))
    return elements


def svg_markup(elements):
    """SVG elements (tag, attributes, text or None), as chart gives them, as markup for the
    chart's one write (the page sets it as the <svg>'s content: one call to the page instead
    of several per element). Every attribute's value and every text is escaped (a player's
    name is what someone typed); attributes in their names' order (a MicroPython dict keeps
    none).

    >>> svg_markup([("path", {"data-player": '<b a="1">&amp;', "d": "M0 0"}, None),
    ...             ("text", {"x": "1"}, "<i>")])
    '<path d="M0 0" data-player="&lt;b a=&quot;1&quot;&gt;&amp;amp;"></path><text x="1">&lt;i&gt;</text>'
    """
    out = []
    for tag, attributes, text in elements:
        out.append("<" + tag)
        for name in sorted(attributes):
            out.append(f' {name}="{_escaped(attributes[name])}"')
        out.append(">")
        if text is not None:
            out.append(_escaped(text))
        out.append(f"</{tag}>")
    return "".join(out)


def _escaped(text):
    """Text as it reads in markup, in an element or a quoted attribute's value."""
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace(
        '"', "&quot;")


def _drawn(count):
    """The games a line of `count` games is drawn at: every one up to MAX_POINTS, else the last
    of each of MAX_POINTS equal runs (the first game whose (index + 1) * MAX_POINTS // count
    moves on), the last game always.

    >>> _drawn(4), _drawn(300)[:3], len(_drawn(500)), _drawn(500)[-1]
    ([0, 1, 2, 3], [1, 3, 5], 150, 499)
    """
    if count <= MAX_POINTS:
        return list(range(count))
    # index + 1 >= run * count / MAX_POINTS, the first index of each run: distinct, rising
    return [-(-run * count // MAX_POINTS) - 1 for run in range(1, MAX_POINTS + 1)]


def _share(numerator, denominator):
    """numerator / denominator rounded half up, in integers."""
    return (2 * numerator + denominator) // (2 * denominator)


def _tenths_text(tenths):
    """Whole tenths as a coordinate: 123 -> "12.3", -5 -> "-0.5"."""
    sign = "-" if tenths < 0 else ""
    return f"{sign}{abs(tenths) // 10}.{abs(tenths) % 10}"


# ---------------------------------------------------------------- CSV

def csv_field(value):
    text = str(value)
    if any(char in text for char in ',"\r\n'):
        return '"' + text.replace('"', '""') + '"'
    return text


def csv_text(rows):
    """CSV (RFC 4180: CRLF, quotes doubled) with a BOM, so spreadsheet programs read Korean and
    Japanese names as UTF-8.

    >>> csv_text([["a", 'b"c'], ["김, 민", 1]])
    '\\ufeffa,"b""c"\\r\\n"김, 민",1\\r\\n'
    """
    return "\ufeff" + "".join(",".join(csv_field(value) for value in row) + "\r\n"
                              for row in rows)


def players_csv(words, rows):
    """The table as CSV: one row per player, the counts and the rates (as numbers: a minus
    where below zero, no plus); the places as counts apart, as their header says."""
    fields = ("name",) + COLUMNS
    out = [[words["column"]["places_csv" if field == "places" else field] for field in fields]]
    for row in rows:
        line = []
        for field in fields:
            if field == "places":
                line.append(" ".join(str(count) for count in row["places"]))
            elif field == "points":
                line.append(_decimal(tenths(row["points"]), 1).replace(MINUS, "-"))
            elif field in COUNTS or field == "name":
                line.append(row[field])
            else:
                line.append(cell_text(row, field).replace(MINUS, "-").replace("\u2014", "")
                            .replace(",", "").replace("+", "").rstrip("%"))
        out.append(line)
    return csv_text(out)
