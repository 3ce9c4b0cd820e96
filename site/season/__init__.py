"""The season page (SPEC §11): every game kept on this phone, and the games brought in from the
other phones by a link or a file, merged by engine.season and shown as one table of players, a
chart, a player's card and exports. The page holds one model (season.model); every handler
changes it and calls draw(). It parses nothing itself and knows no rule.

season.kept reads the kept games (as the summaries the shelf keeps: nothing is replayed to
open the page) and brings games in; season.view draws; season.exports sends out. The page's
script calls start(document); nothing touches the page before that."""
import dom
from engine.compat import stripped
from engine.season.names import cleaned_groups, name_key
from season import exports, kept, present, view
from season.model import page, q, reset, state, strings, window, words


def on_add(event):
    event.preventDefault()
    form = q("[data-season-add]")
    link = form.elements.namedItem("link").value
    files = form.elements.namedItem("file").files
    if files is not None and files.length:
        dom.later(add_file(files.item(0)))
        return
    if not stripped(str(link)):
        say_added("", words()["add"]["nothing"])
        return
    found, error = kept.read_text(link, "link")
    if found is None:
        say_added("", error)
        return
    say_added(kept.bring_in(found), None)
    form.elements.namedItem("link").value = ""
    view.draw()


async def add_file(file):
    text = await file.text()
    found, error = kept.read_text(str(text), str(file.name))
    if found is None:
        say_added("", error)
        return
    say_added(kept.bring_in(found), None)
    q("[data-season-add]").elements.namedItem("file").value = ""
    view.draw()


def say_added(text, error):
    box = q("[data-season-add-error]")
    box.textContent = error or ""
    box.hidden = not error
    q("[data-season-add-done]").textContent = text or ""


def read_address():
    """A season link (#s=) or a game link (#g=) in the address: offered, never kept unasked."""
    text = str(window().location.hash)
    if not (text.startswith("#s=") or text.startswith("#g=")):
        return
    found, error = kept.read_text(text, "link")
    q("[data-season-incoming]").hidden = False
    if found is None:
        q("[data-season-incoming-text]").textContent = error
        q("[data-season-keep]").hidden = True
        return
    state["incoming"] = found
    q("[data-season-incoming-text]").textContent = words()["add"]["from_address"].format(
        n=len(found["copies"]))
    q("[data-season-keep]").hidden = False


def on_keep(_event):
    if state["incoming"] is None:
        return
    said = kept.bring_in(state["incoming"])
    state["incoming"] = None
    window().history.replaceState(None, "", window().location.pathname)
    q("[data-season-incoming-text]").textContent = said
    q("[data-season-keep]").hidden = True
    view.draw()


def on_filter(_event=None):
    kept.keep_json(kept.ME, view.filters()["me"])
    view.draw()


def on_sort(event):
    """A tap on a column's header button (one listener for the whole header row)."""
    button = event.target.closest("[data-season-sort] button")
    if not dom.found(button):
        return
    field = button.closest("[data-season-sort]").getAttribute("data-season-sort")
    current, descending = state["sort"]
    descending = not descending if field == current else present.first_descending(field)
    state["sort"] = (field, descending)
    # only the order changes: the rows and the chart stay as drawn
    state["rows"] = present.sorted_rows(state["rows"], field, descending)
    view.draw_table(state["rows"], view.filters()["me"])


def on_table_click(event):
    """A tap on a player's name (one listener for the whole table): that player's card."""
    button = event.target.closest("[data-season-open]")
    if not dom.found(button):
        return
    state["card"] = button.getAttribute("data-season-open")
    view.draw_card(state["card"])
    q("[data-season-card]").focus()


def on_close(_event):
    state["card"] = None
    q("[data-season-card]").hidden = True


def on_alias(event):
    """Two names joined as one player; an empty name, or a name joined to itself, is said next
    to the field and changes nothing."""
    event.preventDefault()
    form = q("[data-season-alias-form]")
    first = str(form.elements.namedItem("first").value)
    second = str(form.elements.namedItem("second").value)
    says = words()["alias"]
    for field, name in (("first", first), ("second", second)):
        if not name_key(name):
            page["dom"].show_error(field, says["empty"])
            return
    if name_key(first) == name_key(second):
        page["dom"].show_error("second", says["same"])
        return
    page["dom"].show_error(None, None)
    groups = cleaned_groups(state["aliases"] + [[first, second]])
    if groups != state["aliases"]:
        state["aliases"] = groups
        kept.keep_json(kept.ALIASES, groups)
    form.reset()
    view.draw()


def on_aliases_click(event):
    button = event.target.closest("[data-season-unalias]")
    if not dom.found(button):
        return
    number = int(button.getAttribute("data-season-unalias"))
    state["aliases"] = [group for place, group in enumerate(state["aliases"]) if place != number]
    kept.keep_json(kept.ALIASES, state["aliases"])
    view.draw()


def start(document):
    """Wire the page to engine.season; called by the page's script. The mark "season:start"
    is when the engine is live (tools/bench.py times the table from there)."""
    reset()
    page["dom"] = dom.Page(document)
    window().performance.mark("season:start")
    strings("season")  # the others when first needed
    handlers = (("[data-season-add]", "submit", on_add), ("[data-season-keep]", "click", on_keep),
                ("[data-season-filters]", "change", on_filter),
                ("[data-season-table] tbody", "click", on_table_click),
                ("[data-season-card-close]", "click", on_close),
                ("[data-season-alias-form]", "submit", on_alias),
                ("[data-season-aliases]", "click", on_aliases_click),
                ("[data-season-csv]", "click", exports.on_players_csv),
                ("[data-season-hands-csv]", "click", exports.on_hands_csv),
                ("[data-season-file]", "click", exports.on_file),
                ("[data-season-make-link]", "click", exports.on_make_link),
                ("[data-season-table] thead", "click", on_sort))
    page["proxies"] = [dom.proxy(handler) for _selector, _kind, handler in handlers]
    kept.open_storage()
    kept.load()
    me = kept.stored_json(kept.ME, "")
    if isinstance(me, str) and me:
        view.draw_me([{"name": me}], me)
    for (selector, kind, _handler), handler in zip(handlers, page["proxies"]):
        q(selector).addEventListener(kind, handler)
    read_address()
    view.draw()
    document.documentElement.dataset.engine = "ready"
