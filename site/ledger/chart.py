"""The score chart: the presenter's SVG elements made into nodes by dom.Page.fill_svg (a name in
the legend is only ever text)."""
from ledger.page import L, page, q
from ledger.drawing import chart

def draw_chart(record, game):
    box = q("[data-ledger-chart-box]")
    box.hidden = not game["hands"]
    if not game["hands"]:
        return
    # the legend names the players alone: the lines run over the whole game, and a wind is only
    # this hand's (fifth Korean reader, A1)
    drawn = chart(L, record, game)
    svg = q("[data-ledger-chart]")
    svg.setAttribute("aria-label", drawn["label"])
    page["dom"].fill_svg(svg, drawn["viewBox"], drawn["elements"])
