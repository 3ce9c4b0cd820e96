"""The board (round, honba, sticks, each seat's score and its difference to the reference seat)
and the history of hands."""
from engine import ledger
from ledger.model import model
from ledger import present
from ledger.page import handlers, doc, L, q, set_text
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


def board_texts(words, record, game, ref):
    """What the board shows of `game` (pure: the tests read it as the page writes it): the round,
    honba and sticks of the hand it states (now_of) and its dealer, and each seat's score, name,
    wind in that hand ("" without one) and difference to the reference seat `ref` (seat 0 when
    `ref` has no seat)."""
    scores = ledger.standing(game)
    now = now_of(game)
    ref = ref if ref < len(scores) else 0
    dealer = hand_dealer(game)
    seats = []
    for seat, score in enumerate(scores):
        wind = "" if dealer is None else seat_wind(words, seat, dealer, record["rules"]["players"])
        diff = words["board"]["reference"] if seat == ref else signed(score - scores[ref])
        seats.append({"score": with_minus(score), "name": present.seat_name(words, record, seat),
                      "wind": wind, "diff": diff})
    return {"round": present.round_text(words, now["round"]), "honba": str(now["honba"]),
            "sticks": str(now["sticks"]), "dealer": now["dealer"], "ref": ref, "seats": seats}


def draw_board(record, game):
    shown = board_texts(L, record, game, model.ref)
    set_text("[data-ledger-round]", shown["round"])
    set_text("[data-ledger-honba]", shown["honba"])
    set_text("[data-ledger-sticks]", shown["sticks"])
    q("[data-ledger-over]").hidden = not game["over"]
    for seat, texts in enumerate(shown["seats"]):
        set_text(f'[data-ledger-score="{seat}"]', texts["score"])
        set_text(f'[data-ledger-name="{seat}"]', texts["name"])
        set_text(f'[data-ledger-wind="{seat}"]', texts["wind"])
        q(f'[data-ledger-dealer="{seat}"]').hidden = seat != shown["dealer"]
        set_text(f'[data-ledger-diff="{seat}"]', texts["diff"])
        pressed = "true" if seat == shown["ref"] else "false"
        q(f'[data-ledger-ref="{seat}"]').setAttribute("aria-pressed", pressed)


@handlers.on("click", "[data-ledger-ref]")
def on_ref(event):
    model.ref = int(event.currentTarget.dataset.ledgerRef)
    draw_board(model.shown(), model.played(model.shown()))
