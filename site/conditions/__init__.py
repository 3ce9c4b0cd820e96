"""The conditions page: reads the form, asks engine.conditions, writes the words of
conditions.present with textContent only. It parses no number and knows no rule. The page's
script calls start(document); nothing touches the page before that."""
import address
import dom
from conditions import present as words
from engine.conditions import StateError, conditions
from engine.conditions.state import DEFAULT_SCORES, QUERY_DEFAULTS, read_query, same_scores

CHECKBOXES = ("riichi", "kiriage", "multi", "tsumoloss")
HOOKS = ("ron-0", "ron-1", "ron-2", "ron-3", "tsumo", "draw-tenpai", "draw-noten")
LINK_MS = 250  # the address bar is rewritten once input pauses this long

# page: the dom.Page start() was given, with the page's strings, its form and its results, and
# its address.Link (link).
page = {}


def read_form():
    mapping = {}
    for name in QUERY_DEFAULTS:
        field = page["form"].elements.namedItem(name)
        if field is None:
            continue
        mapping[name] = ("1" if field.checked else "0") if name in CHECKBOXES else field.value
    return mapping


def players_of(mapping):
    return 3 if mapping.get("players") == "3" else 4


def is_default(name, mapping):
    if name == "scores":  # the default amounts, however the field writes them
        players = players_of(mapping)
        return same_scores(mapping[name], DEFAULT_SCORES[players], players)
    return mapping[name] == QUERY_DEFAULTS[name]


def link_pairs(mapping):
    """What the address bar keeps: every key that differs from its default."""
    return [(name, mapping[name]) for name in QUERY_DEFAULTS
            if name in mapping and not is_default(name, mapping)]


def show_error(error):
    """The error next to its field (one without a box of its own, in the scores' box), or none."""
    text = error and words.error_text(error, page["strings"])
    page["dom"].show_error(error and error.field, text, '[data-error="scores"]')


def follow_seats(dealer, players):
    """Each seat's choice says its wind in this hand (자리 2 (남가))."""
    options = page["form"].elements.namedItem("seat").options
    for seat in range(players):
        text = words.seat_option(seat, dealer, players, page["strings"])
        page["dom"].put(("seat-option", seat), options.item(seat), text)


def follow_players(players):
    """Three-player: no fourth seat, and "not last" is second place (last is third)."""
    three = players == "3"
    form = page["form"].elements
    place = form.namedItem("place")
    for slot, option in ((("dealer", "4"), form.namedItem("dealer").options.item(3)),
                         (("seat", "4"), form.namedItem("seat").options.item(3)),
                         (("place", "3"), place.options.item(2))):
        page["dom"].hide(slot, option, three)
        option.disabled = three  # some pickers show a hidden option: it cannot be chosen
    for index in (1, 2):  # each place as this many players say it, no two alike
        page["dom"].put(("place", str(index + 1)), place.options.item(index),
                        words.place_label(index + 1, 3 if three else 4, page["strings"]))


def draw(table, answer):
    players = len(table.scores)
    texts = words.view(answer, table.scores, table.dealer, page["strings"])
    for hook in HOOKS:
        text, hands = texts.get(hook, ("", ""))
        page["dom"].hide(("row", hook), page["dom"].one(f'[data-need-row="{hook}"]'), hook not in texts)
        page["dom"].put(("need", hook), page["dom"].one(f'[data-need="{hook}"]'), text)
        page["dom"].put(("hands", hook), page["dom"].one(f'[data-need-hands="{hook}"]'), hands)
    page["dom"].put("title", page["dom"].one("[data-need-title]"),
        words.need_title(answer["seat"], answer["place"], table.dealer, players, page["strings"]))
    rank = words.rank_text(answer, table.scores, page["strings"], table.rules["ties"])
    page["dom"].put("rank", page["dom"].one("[data-need-rank]"), rank)
    page["results"].setAttribute("data-need-seat", str(answer["seat"]))


def update(mapping):
    follow_players(mapping.get("players"))
    try:
        table, seat, place, riichi = read_query(mapping)
    except StateError as error:
        show_error(error)
        # the last answer stays, struck through, only if this page answered the user's input: a
        # link opened with an error has none (the built example is no "last correct input")
        page["results"].dataset.state = "stale" if page.get("answered") else "invalid"
        return
    show_error(None)
    follow_seats(table.dealer, len(table.scores))
    draw(table, conditions(table, seat, place, riichi))
    page["results"].dataset.state = "ok"
    page["answered"] = True


def on_input(event=None):
    if event is not None and getattr(event.target, "name", None) == "players":
        # The other player count's default scores give way to this one's.
        scores = page["form"].elements.namedItem("scores")
        players = event.target.value
        other = 4 if players == "3" else 3
        if same_scores(scores.value, DEFAULT_SCORES[other], other):
            table = read_query({"players": players})[0]
            scores.value = words.scores_text(table.scores, page["strings"])
    mapping = read_form()
    update(mapping)
    page["link"].later(link_pairs(mapping))


def on_link(_event=None):
    page["link"].outside()  # the next input rewrites the address, not one pending from before
    update(dict(read_form(), **address.read(page["dom"].window, QUERY_DEFAULTS)))


def start(document):
    """Wire the page's form to engine.conditions; called by the page's script."""
    page.update(dom=dom.Page(document), form=document.getElementById("calc"),
                results=document.getElementById("results"), answered=False)
    page["strings"] = page["dom"].strings()
    page["link"] = address.Link(page["dom"], LINK_MS)
    page["link"].listen()
    # Kept in `page` for as long as the page listens.
    proxies = page["proxies"] = {"input": dom.proxy(on_input), "link": dom.proxy(on_link)}
    if page["dom"].window.location.search:
        on_link()
    else:
        # The static page already shows the default answer: remember nothing, redraw once (cheap).
        update(read_form())
    page["dom"].window.addEventListener("popstate", proxies["link"])
    page["form"].addEventListener("input", proxies["input"])
    document.documentElement.dataset.engine = "ready"
