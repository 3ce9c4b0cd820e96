"""The board (round, honba, sticks, each seat's score and its difference to the reference seat)
and the history of hands."""
from engine import ledger
from ledger.model import model
from ledger.page import handlers, doc, L, q, round_text, seat_name, set_text
from amounts import signed, with_minus
from ledger.present import describe, hand_dealer, seat_wind, where_text


def draw_history(record, game):
    body = q("[data-ledger-history]")
    body.replaceChildren()
    for index, (hand, entry) in enumerate(zip(record["hands"], game["hands"])):
        row = doc().createElement("tr")
        head = doc().createElement("th")
        head.scope = "row"
        head.textContent = where_text(L, entry)
        row.appendChild(head)
        row.appendChild(fix_cell(index, entry))  # in reach without a sideways scroll on a phone
        what = doc().createElement("td")
        what.textContent = describe(L, hand, record, entry["dealer"])
        row.appendChild(what)
        for seat, delta in enumerate(entry["deltas"]):
            cell = doc().createElement("td")
            cell.textContent = signed(delta)
            cell.className = "plus" if delta > 0 else "minus" if delta < 0 else ""
            if seat == 3:
                cell.classList.add("lg-north")
            row.appendChild(cell)
        row.dataset.editing = "1" if model.editing == index else "0"
        body.appendChild(row)
    q("[data-ledger-history-empty]").hidden = bool(record["hands"])
    q("[data-ledger-undo]").disabled = not (record["hands"] or record.get("ended"))


def fix_cell(index, entry):
    """The row's edit and delete controls (SPEC §10.3); none on a game followed from a link."""
    cell = doc().createElement("td")
    cell.className = "ledger-fix"
    if model.following:
        return cell
    for action in ("edit", "delete"):
        button = doc().createElement("button")
        button.type = "button"
        button.textContent = L["named"][action]
        button.setAttribute("aria-label", L["named"][f"{action}_label"].format(
            n=index + 1, round=where_text(L, entry)))
        button.setAttribute(f"data-ledger-{action}", str(index))
        cell.appendChild(button)
    return cell


def now_of(game):
    """The hand the board states: the next one; a game ended by hand, the hand it stopped before
    (beside "game over"); a game over by its rules, the last one played (its sticks gone, no
    dealer)."""
    if not game["over"]:
        return game["next"]
    if "stopped" in game:
        return {"round": game["stopped"]["round"], "honba": game["stopped"]["honba"], "sticks": 0,
                "dealer": None}
    last = game["hands"][-1] if game["hands"] else {"round": "E1", "honba": 0, "sticks": 0}
    return {"round": last["round"], "honba": last["honba"], "sticks": 0, "dealer": None}


def draw_board(record, game):
    scores = ledger.standing(game)
    now = now_of(game)
    set_text("[data-ledger-round]", round_text(now["round"]))
    set_text("[data-ledger-honba]", str(now["honba"]))
    set_text("[data-ledger-sticks]", str(now["sticks"]))
    q("[data-ledger-over]").hidden = not game["over"]
    ref = model.ref if model.ref < len(scores) else 0
    dealer = hand_dealer(game)
    for seat, score in enumerate(scores):
        set_text(f'[data-ledger-score="{seat}"]', with_minus(score))
        set_text(f'[data-ledger-name="{seat}"]', seat_name(record, seat))
        wind = "" if dealer is None else seat_wind(L, seat, dealer, record["rules"]["players"])
        set_text(f'[data-ledger-wind="{seat}"]', wind)
        q(f'[data-ledger-dealer="{seat}"]').hidden = seat != now["dealer"]
        diff = L["board"]["reference"] if seat == ref else signed(score - scores[ref])
        set_text(f'[data-ledger-diff="{seat}"]', diff)
        q(f'[data-ledger-ref="{seat}"]').setAttribute("aria-pressed", "true" if seat == ref else "false")


@handlers.on("click", "[data-ledger-ref]")
def on_ref(event):
    model.ref = int(event.currentTarget.dataset.ledgerRef)
    draw_board(model.shown(), model.played(model.shown()))
