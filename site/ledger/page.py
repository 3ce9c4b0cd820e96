"""The ledger page's elements and strings, and the helpers every module writes with (textContent
only, never HTML); its state is ledger.model's. Empty until start() calls bind(document):
nothing here touches the page on import."""
import dom
from ledger import present

L = {}  # the ledger's strings
strings = {}  # the page's strings: ledger, conditions, tier, error
el = {}  # the page's main elements, by name (bind)
page = {}  # "dom": the dom.Page
handlers = dom.Handlers()  # every module's, named where each is defined; bound by start()

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


def q(selector, scope=None):
    return (scope or doc()).querySelector(selector)


def each(selector, scope=None):
    return list((scope or doc()).querySelectorAll(selector))


def set_text(selector, text, scope=None):
    page["dom"].set_text(selector, text, scope)


def update_text(selector, text, scope=None):
    page["dom"].update_text(selector, text, scope)


def say(selector, text, scope=None):
    """A message box: its text, hidden while there is nothing to say."""
    page["dom"].say(selector, text, scope)


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
