"""The ledger's drawings as SVG element lists (the page's dom.Page.fill_svg draws them): the score
chart (each seat's points after every hand) and the QR code of the game's link. Pure geometry: the
few words they carry (the legend's names, the axis' points) come from ledger.present."""
from amounts import fixed
from amounts import with_minus
from ledger.present import named, seat_name


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
                                  "text-anchor": "end", "dominant-baseline": "middle"}, with_minus(value)))
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
