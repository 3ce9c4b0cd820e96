"""The conditions panel: every seat's answer (engine.conditions) for the chosen place, from the
game's state before the next hand, worded by conditions.present, written with textContent only.
Open by default in the last round; the user's own toggle is kept after that."""
from conditions import present as words
from engine.conditions import Table, every_seat, read_rules
from ledger.page import doc, L, shown, strings
from ledger.present import named
from ledger.game import current_game

HOOK_ORDER = ("tsumo", "draw-tenpai", "draw-noten")
state = {"opened_at": None}


def last_round(rules, upcoming):
    """The hand about to be played is in the last round of the game's length (올라스/オーラス)."""
    last_wind = "E" if rules["length"] == "east" else "S"
    return upcoming["round"].startswith(last_wind) and upcoming["dealer"] == rules["players"] - 1


def draw(record, game):
    """Fill the panel for `game` (engine.ledger.replay of `record`)."""
    panel = doc().querySelector("[data-need-panel]")
    if panel is None:
        return
    panel.hidden = game["over"]
    if game["over"]:
        return
    rules = read_rules(record["rules"])
    upcoming = game["next"]
    players = rules["players"]
    key = (len(record["hands"]), upcoming["round"])
    if state["opened_at"] != key:
        state["opened_at"] = key
        panel.open = last_round(rules, upcoming)
    place_field = doc().querySelector("[data-need-place]")
    third = place_field.options.item(2)
    third.hidden = third.disabled = players == 3  # disabled too: some pickers show hidden options
    place_field.options.item(1).textContent = words.place_label(2, players, strings)
    place = min(int(place_field.value), players - 1)
    riichi = 1 if doc().querySelector("[data-need-riichi]").checked else 0
    table = Table(tuple(upcoming["scores"]), upcoming["dealer"], upcoming["honba"],
                  upcoming["sticks"], rules)
    box = doc().querySelector("[data-need-seats]")
    box.replaceChildren()
    for answer in every_seat(table, place, riichi):
        box.appendChild(seat_item(answer, table,
                                   lambda seat: named(L, record, seat, upcoming["dealer"]), strings))


def on_change(_event):
    """The place or the riichi box changed."""
    record = shown()  # a game followed from a link has its conditions too
    if record is not None:
        draw(record, current_game(record))


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
