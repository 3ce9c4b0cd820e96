"""The ledger page's elements, its one mutable state, and the helpers every module writes with
(textContent only, never HTML)."""
import json

import ledger_present
from pyscript import document, window

L = json.loads(document.getElementById("strings").textContent)["ledger"]
ROOT = document.documentElement
SETUP = document.querySelector("[data-ledger-setup]")
RULES_FORM = document.getElementById("ledger-rules")
GAME = document.querySelector("[data-ledger-game]")
BOARD = document.querySelector("[data-ledger-board]")
MAIN = document.querySelector("main.ledger")
HAND_FORM = document.getElementById("ledger-hand")

# record: this phone's game; following: a game opened from a link, shown read-only until kept.
state = {"record": None, "following": None, "ref": 0, "download": None, "blocked": False}


def shown():
    """The game on the page: a followed one while there is one, else this phone's."""
    return state["following"] or state["record"]


def q(selector, scope=document):
    return scope.querySelector(selector)


def each(selector, scope=document):
    return list(scope.querySelectorAll(selector))


def set_text(selector, text, scope=document):
    for element in each(selector, scope):
        element.textContent = text


def now_iso():
    return window.Date.new().toISOString()


def seat_name(record, seat):
    return ledger_present.seat_name(L, record, seat)


def round_text(code):
    return ledger_present.round_text(L, code)


def error_text(error, with_place=False):
    return ledger_present.error_text(L, error, with_place)


def show_error(name, text, scope=document):
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
    try:
        await window.navigator.clipboard.writeText(text)
    except Exception:  # clipboard refused (no permission, insecure context)
        return
    set_text(done_selector, L["store"]["copied"])
