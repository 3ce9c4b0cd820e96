"""The score chart: the presenter's SVG elements made into nodes (createElementNS, setAttribute,
textContent: a name in the legend is only ever text)."""
from ledger_page.dom import L, q
from ledger_present import chart
from pyscript import document

SVG = "http://www.w3.org/2000/svg"


def fill_svg(svg, view_box, elements):
    svg.replaceChildren()
    svg.setAttribute("viewBox", view_box)
    for tag, attributes, text in elements:
        node = document.createElementNS(SVG, tag)
        for name, value in attributes.items():
            node.setAttribute(name, value)
        if text is not None:
            node.textContent = text
        svg.appendChild(node)


def draw_chart(record, game):
    box = q("[data-ledger-chart-box]")
    box.hidden = not game["hands"]
    if not game["hands"]:
        return
    drawn = chart(L, record, game)
    svg = q("[data-ledger-chart]")
    svg.setAttribute("aria-label", drawn["label"])
    fill_svg(svg, drawn["viewBox"], drawn["elements"])
