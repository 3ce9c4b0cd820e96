"""The season page's one model and the page it draws on, shared by its modules (SPEC §11.3).
Empty until start() binds the document: nothing here touches the page on import.

``state``: "copies", the games that count (engine.season.merge's, each with the ``summary`` the
shelf keeps of its game: engine.ledger.summary), "aliases", "sort" (column, descending), "card"
(the player whose card is open), "incoming" (a season in the address, offered), "rows" and
"shown" (the table's rows and the copies the filters keep, as last drawn).
``page``: "dom" (the dom.Page), "strings", "storage", "shelf", "proxies"."""
state = {}
page = {}


def reset():
    state.clear()
    state.update(copies=[], aliases=[], sort=("points", True), card=None, incoming=None,
                 rows=[], shown=[])
    page.clear()


def q(selector):
    return page["dom"].one(selector)


def words():
    return page["strings"]["season"]


def window():
    return page["dom"].window


def now_iso():
    return window().Date.new().toISOString()
