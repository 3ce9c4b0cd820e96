"""The score chart: the presenter's SVG elements made into nodes by dom.Page.fill_svg (a name in
the legend is only ever text)."""
from ledger.page import L, page, q
from ledger.drawing import chart
from ledger.present import hand_dealer

def draw_chart(record, game):
    box = q("[data-ledger-chart-box]")
    box.hidden = not game["hands"]
    if not game["hands"]:
        return
    drawn = chart(L, record, game, hand_dealer(game))
    svg = q("[data-ledger-chart]")
    svg.setAttribute("aria-label", drawn["label"])
    page["dom"].fill_svg(svg, drawn["viewBox"], drawn["elements"])
