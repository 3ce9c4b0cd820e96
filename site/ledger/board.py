"""The board (round, honba, sticks, each seat's score and its difference to the reference seat)
and the history of hands."""
from ledger.page import doc, L, q, round_text, set_text, shown, state
from ledger.game import current_game, standing
from ledger.present import describe, signed
from calculator.present import fmt


def draw_history(record, game):
    body = q("[data-ledger-history]")
    body.replaceChildren()
    for hand, entry in zip(record["hands"], game["hands"]):
        row = doc().createElement("tr")
        head = doc().createElement("th")
        head.scope = "row"
        head.textContent = f'{round_text(entry["round"])} {entry["honba"]}{L["board"]["honba_unit"]}'
        row.appendChild(head)
        what = doc().createElement("td")
        what.textContent = describe(L, hand, record)
        row.appendChild(what)
        for seat, delta in enumerate(entry["deltas"]):
            cell = doc().createElement("td")
            cell.textContent = signed(delta)
            cell.className = "plus" if delta > 0 else "minus" if delta < 0 else ""
            if seat == 3:
                cell.classList.add("lg-north")
            row.appendChild(cell)
        body.appendChild(row)
    q("[data-ledger-history-empty]").hidden = bool(record["hands"])
    q("[data-ledger-undo]").disabled = not (record["hands"] or record.get("ended"))


def draw_board(record, game):
    scores = standing(game)
    if game["over"]:
        last = game["hands"][-1] if game["hands"] else {"round": "E1", "honba": 0, "sticks": 0}
        now = {"round": last["round"], "honba": last["honba"], "sticks": 0, "dealer": None}
    else:
        now = game["next"]
    set_text("[data-ledger-round]", round_text(now["round"]))
    set_text("[data-ledger-honba]", str(now["honba"]))
    set_text("[data-ledger-sticks]", str(now["sticks"]))
    q("[data-ledger-over]").hidden = not game["over"]
    ref = state["ref"] if state["ref"] < len(scores) else 0
    for seat, score in enumerate(scores):
        set_text(f'[data-ledger-score="{seat}"]', fmt(score))
        q(f'[data-ledger-dealer="{seat}"]').hidden = seat != now["dealer"]
        diff = L["board"]["reference"] if seat == ref else signed(score - scores[ref])
        set_text(f'[data-ledger-diff="{seat}"]', diff)
        q(f'[data-ledger-ref="{seat}"]').setAttribute("aria-pressed", "true" if seat == ref else "false")


def on_ref(event):
    state["ref"] = int(event.currentTarget.dataset.ledgerRef)
    draw_board(shown(), current_game(shown()))
