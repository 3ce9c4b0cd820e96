"""The season page's one model and the page it draws on, shared by its modules (SPEC §11.3).
Empty until start() binds the document: nothing here touches the page on import.

``state``: "copies", the games that count (engine.season.merge's, each with the ``summary`` the
shelf keeps of its game: engine.ledger.summary), "aliases", "sort" (column, descending), "card"
(the player whose card is open), "incoming" (a season in the address, offered), "rows" and
"shown" (the table's rows and the copies the filters keep, as last drawn).
``page``: "dom" (the dom.Page), "strings" (the parts of the page's strings read so far:
strings()), "parsed" (the browser's parse of them), "storage", "shelf", "proxies", "sorted"
(the column whose header was last given an aria-sort, and that value)."""
import json

state = {}
page = {}


def reset():
    state.clear()
    state.update(copies=[], aliases=[], sort=("points", True), card=None, incoming=None,
                 rows=[], shown=[])
    page.clear()


def q(selector):
    return page["dom"].one(selector)


def strings(part):
    """One part of the page's strings ("season", "joiner", "ledger"), from its <script
    type="application/json" id="strings">, read when first asked. The browser parses the block
    and only the part asked for is read into Python: MicroPython reads JSON slowly, and most
    of the block is the ledger's words, which only the hands' CSV needs."""
    known = page.setdefault("strings", {})
    if part not in known:
        if "parsed" not in page:
            text = page["dom"].document.getElementById("strings").textContent
            page["parsed"] = window().JSON.parse(text)
        known[part] = json.loads(window().JSON.stringify(getattr(page["parsed"], part)))
    return known[part]


def words():
    return page["strings"]["season"]  # read at the start: strings("season")


def window():
    return page["dom"].window


def now_iso():
    return window().Date.new().toISOString()
