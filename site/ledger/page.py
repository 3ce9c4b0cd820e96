"""The ledger page's elements, its one mutable state, and the helpers every module writes with
(textContent only, never HTML). Empty until start() calls bind(document): nothing here touches the
page on import."""
import dom
from ledger import present

L = {}  # the ledger's strings
strings = {}  # the page's strings: ledger, conditions, tier, error
el = {}  # the page's main elements, by name (bind)
page = {}  # "dom": the dom.Page

# record: this phone's game; following: a game opened from a link, shown read-only until kept.
# editing: the index of the hand the form is changing (SPEC §10.3), else None; before_change: the
# record as it was before the last edit or delete, for the one-tap undo. game_id: the kept game
# the record is (SPEC §10.4), None before it is kept; deleted: what undoes each game deleted while
# the page is open; blocked: storage that refused to take version 1's game in (nothing is saved).
state = {"record": None, "following": None, "ref": 0, "download": None, "blocked": False,
         "editing": None, "before_change": None, "game_id": None, "deleted": [],
         "download_all": None}


def bind(document):
    """The page's document, strings and main elements, for every module of the ledger."""
    page["dom"] = dom.Page(document)
    strings.update(page["dom"].strings())
    L.update(strings["ledger"])
    el.update(root=document.documentElement, setup=document.querySelector("[data-ledger-setup]"),
              rules_form=document.getElementById("ledger-rules"),
              game=document.querySelector("[data-ledger-game]"),
              board=document.querySelector("[data-ledger-board]"),
              main=document.querySelector("main.ledger"), hand_form=document.getElementById("ledger-hand"))


def doc():
    return page["dom"].document


def win():
    return page["dom"].window


def shown():
    """The game on the page: a followed one while there is one, else this phone's."""
    return state["following"] or state["record"]


def q(selector, scope=None):
    return (scope or doc()).querySelector(selector)


def each(selector, scope=None):
    return list((scope or doc()).querySelectorAll(selector))


def set_text(selector, text, scope=None):
    page["dom"].set_text(selector, text, scope)


def update_text(selector, text, scope=None):
    page["dom"].update_text(selector, text, scope)


def now_iso():
    return win().Date.new().toISOString()


def seat_name(record, seat):
    return present.seat_name(L, record, seat)


def round_text(code):
    return present.round_text(L, code)


def error_text(error, with_place=False):
    return present.error_text(L, strings["error"], error, with_place)


def show_error(name, text, scope=None):
    """The message in the field's box, or in its form's general box (JavaScript's null is falsy,
    whether it arrives as None or as a JsNull)."""
    box = q(f'[data-ledger-error="{name}"]', scope) or q('[data-ledger-error="rules"]', scope) \
        or q('[data-ledger-error="hand"]', scope)
    box.textContent = text
    box.hidden = not text


def clear_errors(scope):
    for box in each("[data-ledger-error]", scope):
        box.textContent = ""
        box.hidden = True


async def copy_text(text, done_selector):
    await page["dom"].copy(text, done_selector, L["store"]["copied"])
