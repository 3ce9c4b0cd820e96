"""The conditions page's glue: reads the form, asks engine.conditions, writes the words of
conditions_present with textContent only. It parses no number and knows no rule."""
import json

import conditions_present as words
from engine.conditions import StateError, conditions
from engine.conditions.state import DEFAULT_SCORES, QUERY_DEFAULTS, read_query
from pyodide.ffi import create_proxy
from pyscript import document, window

STRINGS = json.loads(document.getElementById("strings").textContent)
FORM = document.getElementById("calc")
RESULTS = document.getElementById("results")
ROOT = document.documentElement
CHECKBOXES = ("riichi", "kiriage", "multi", "tsumoloss")
HOOKS = ("ron-0", "ron-1", "ron-2", "ron-3", "tsumo", "draw-tenpai", "draw-noten")

state = {"error": None, "link": None}
shown = {}  # slot -> the text or flag last written there
found = {}  # selector -> element, looked up once


def one(selector):
    if selector not in found:
        found[selector] = document.querySelector(selector)
    return found[selector]


def put(slot, element, text):
    if element is not None and shown.get(slot) != text:
        element.textContent = text
        shown[slot] = text


def hide(slot, element, hidden):
    if element is not None and shown.get(slot) != hidden:
        element.hidden = hidden
        shown[slot] = hidden


def read_form():
    mapping = {}
    for name in QUERY_DEFAULTS:
        field = FORM.elements.namedItem(name)
        if field is None:
            continue
        mapping[name] = ("1" if field.checked else "0") if name in CHECKBOXES else field.value
    return mapping


def read_link():
    params = window.URLSearchParams.new(window.location.search)
    return {name: params.get(name) for name in QUERY_DEFAULTS if params.has(name)}


def default_of(name, mapping):
    if name == "scores" and mapping.get("players") == "3":
        return DEFAULT_SCORES[3]
    return QUERY_DEFAULTS[name]


def write_link(mapping):
    """The address bar follows the inputs: every key that differs from its default."""
    params = window.URLSearchParams.new()
    for name in QUERY_DEFAULTS:
        if name in mapping and mapping[name] != default_of(name, mapping):
            params.set(name, mapping[name])
    query = params.toString()
    if query != state["link"]:
        window.history.replaceState(None, "", window.location.pathname
                                    + ("?" + query if query else ""))
        state["link"] = query


def show_error(error):
    field = None if error is None else error.field
    if state["error"] is not None and state["error"] != field:
        box = one(f'[data-error="{state["error"]}"]')
        if box is not None:
            box.hidden = True
            box.textContent = ""
        for control in document.querySelectorAll(f'[name="{state["error"]}"][aria-invalid]'):
            control.removeAttribute("aria-invalid")
    state["error"] = field
    if error is None:
        return
    box = one(f'[data-error="{field}"]') or one('[data-error="scores"]')
    box.textContent = words.error_text(error, STRINGS)
    box.hidden = False
    for control in document.querySelectorAll(f'[name="{field}"]'):
        control.setAttribute("aria-invalid", "true")
    details = box.closest("details")
    if details is not None:
        details.open = True


def follow_players(players):
    """Three-player: no fourth seat, and "not last" is second place."""
    three = players == "3"
    for name in ("dealer", "seat"):
        hide((name, "4"), FORM.elements.namedItem(name).options.item(3), three)
    place = FORM.elements.namedItem("place")
    hide(("place", "3"), place.options.item(2), three)
    put(("place", "2"), place.options.item(1),
        words.place_label(2, 3 if three else 4, STRINGS))


def draw(table, answer):
    players = len(table.scores)
    texts = words.view(answer, table.scores, table.dealer, STRINGS)
    for hook in HOOKS:
        text, hands = texts.get(hook, ("", ""))
        hide(("row", hook), one(f'[data-need-row="{hook}"]'), hook not in texts)
        put(("need", hook), one(f'[data-need="{hook}"]'), text)
        put(("hands", hook), one(f'[data-need-hands="{hook}"]'), hands)
    put("title", one("[data-need-title]"),
        words.need_title(answer["seat"], answer["place"], table.dealer, players, STRINGS))
    put("rank", one("[data-need-rank]"), words.rank_text(answer, table.scores, STRINGS,
                                                            table.rules["ties"]))
    RESULTS.setAttribute("data-need-seat", str(answer["seat"]))


def update(mapping):
    follow_players(mapping.get("players"))
    try:
        table, seat, place, riichi = read_query(mapping)
    except StateError as error:
        show_error(error)
        RESULTS.dataset.state = "stale"
        return
    show_error(None)
    draw(table, conditions(table, seat, place, riichi))
    RESULTS.dataset.state = "ok"


def on_input(event=None):
    if event is not None and getattr(event.target, "name", None) == "players":
        # The other player count's default scores give way to this one's.
        scores = FORM.elements.namedItem("scores")
        if scores.value in DEFAULT_SCORES.values():
            scores.value = DEFAULT_SCORES[int(event.target.value)]
    mapping = read_form()
    update(mapping)
    write_link(mapping)


def on_link(_event=None):
    state["link"] = None
    update({**read_form(), **read_link()})


input_proxy = create_proxy(on_input)
link_proxy = create_proxy(on_link)


def start():
    if window.location.search:
        on_link()
    else:
        # The static page already shows the default answer: remember nothing, redraw once (cheap).
        update(read_form())
    window.addEventListener("popstate", link_proxy)
    FORM.addEventListener("input", input_proxy)
    ROOT.dataset.engine = "ready"


start()
