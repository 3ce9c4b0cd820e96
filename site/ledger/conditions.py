"""The conditions panel: every seat's answer (engine.conditions) for the chosen place, from the
game's state before the next hand, worded by conditions.present, written with textContent only.
Open by default in the last round; the user's own toggle is kept after that."""
from conditions import present as words
from engine.conditions import Table, every_seat, read_rules
from engine.conditions.state import RULE_KEYS
from engine.ledger.game import ranking
from ledger.model import model
from ledger.page import handlers, doc, each, L, strings
from ledger.present import named

HOOK_ORDER = ("tsumo", "draw-tenpai", "draw-noten")
LINKS = "[data-need-open], [data-need-link]"  # the panel's link and the header's, to the page
state = {"opened_at": None, "asked": None}  # asked: (rules, upcoming, place, riichi) the links carry


def page_query(rules, upcoming, seat, place, riichi):
    """The conditions page's URL keys (SPEC §7) for `seat` asking before the hand `upcoming` of a
    game with these rules: the scores, dealer, honba and sticks on the table, and the rules the
    answer depends on.

    >>> rules = {"players": 3, "ties": "split", "kiriage": 1, "multi": 1, "tsumoloss": 0}
    >>> upcoming = {"scores": [41000, 30000, 34000], "dealer": 2, "honba": 1, "sticks": 2}
    >>> page_query(rules, upcoming, 1, 1, 0)
    '?players=3&scores=41000,30000,34000&dealer=2&honba=1&sticks=2&seat=1&place=1&riichi=0&ties=split&kiriage=1&multi=1&tsumoloss=0'
    """
    keys = [("players", rules["players"]), ("scores", ",".join(str(s) for s in upcoming["scores"])),
            ("dealer", upcoming["dealer"]), ("honba", upcoming["honba"]),
            ("sticks", upcoming["sticks"]), ("seat", seat), ("place", place), ("riichi", riichi)]
    keys += [(name, rules[name]) for name in RULE_KEYS if name != "players"]
    return "?" + "&".join(f"{name}={value}" for name, value in keys)


def asking_seat(scores):
    """The seat the links ask for: the one whose answer is open in the panel, else the seat in
    second place now (the player chasing first place; the leader's own answer is rarely the
    question)."""
    opened = [int(d.dataset.needSeat) for d in each("[data-need-seat]") if d.open]
    return opened[-1] if opened else ranking(scores)[1]


@handlers.on("click", LINKS)
def set_links(event=None):
    """Both links to the conditions page carry the game's state (SPEC §7), or none when there is
    no hand to ask about."""
    asked = model.asked
    href = "../conditions/"
    if asked is not None:
        rules, upcoming, place, riichi = asked
        href += page_query(rules, upcoming, asking_seat(upcoming["scores"]), place, riichi)
    for link in each(LINKS):
        link.setAttribute("href", href)


def draw(record, game):
    """Fill the panel for `game` (engine.ledger.replay of `record`)."""
    panel = doc().querySelector("[data-need-panel]")
    if panel is None:
        return
    panel.hidden = game["over"]
    model.asked = None
    if game["over"]:
        set_links()
        return
    rules = read_rules(record["rules"])
    upcoming = game["next"]
    players = rules["players"]
    key = (len(record["hands"]), upcoming["round"])
    if model.opened_at != key:
        model.opened_at = key
        panel.open = upcoming["all_last"]
    place_field = doc().querySelector("[data-need-place]")
    third = place_field.options.item(2)
    third.hidden = third.disabled = players == 3  # disabled too: some pickers show hidden options
    for index in (1, 2):  # "avoid last" is the second place in three-player, the third in four
        place_field.options.item(index).textContent = words.place_label(index + 1, players, strings)
    place = min(int(place_field.value), players - 1)
    riichi = 1 if doc().querySelector("[data-need-riichi]").checked else 0
    table = Table(tuple(upcoming["scores"]), upcoming["dealer"], upcoming["honba"],
                  upcoming["sticks"], rules)
    box = doc().querySelector("[data-need-seats]")
    box.replaceChildren()
    for answer in every_seat(table, place, riichi):
        box.appendChild(seat_item(answer, table,
                                   lambda seat: named(L, record, seat, upcoming["dealer"]), strings))
    model.asked = (rules, upcoming, place, riichi)
    set_links()


@handlers.on("input", "[data-need-place]")
@handlers.on("input", "[data-need-riichi]")
def on_change(_event):
    """The place or the riichi box changed."""
    record = model.shown()  # a game followed from a link has its conditions too
    if record is not None:
        draw(record, model.played(record))


def seat_item(answer, table, names, strings):
    seat = answer["seat"]
    texts = words.view(answer, table.scores, table.dealer, strings, names)
    item = doc().createElement("li")
    details = doc().createElement("details")
    details.dataset.needSeat = str(seat)
    summary = doc().createElement("summary")
    summary.textContent = words.ledger_summary(answer, table.scores, names(seat), texts["tsumo"][0],
                                               strings, table.rules["ties"])
    details.appendChild(summary)
    routes = doc().createElement("ul")
    routes.className = "needs"
    hooks = [f"ron-{r['from']}" for r in answer["routes"] if r["win"] == "ron"] + list(HOOK_ORDER)
    for hook in hooks:
        text, hands = texts[hook]
        row = doc().createElement("li")
        main = doc().createElement("span")
        main.className = "need-text"
        main.dataset.need = hook
        main.textContent = text
        row.appendChild(main)
        if hands:
            under = doc().createElement("span")
            under.className = "need-hands"
            under.textContent = hands
            row.appendChild(under)
        routes.appendChild(row)
    details.appendChild(routes)
    item.appendChild(details)
    return item
