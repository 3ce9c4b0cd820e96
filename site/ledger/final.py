"""The final results (place, shared where points are equal; score, uma, oka, chombo penalty,
result) and the export box (the record as JSON, to copy or download)."""
from engine.ledger.wire import dumps
from ledger.model import model
from amounts import with_minus
from ledger.page import handlers, copy_text, doc, L, q, seat_name, set_text, win
from ledger.present import final_cells, leftover_note, standings_order


def draw_final(record, game):
    box = q("[data-ledger-final]")
    box.hidden = not game["over"]
    if not game["over"]:
        return
    final = game["final"]
    # the chombo column (and its line under the table) only where a penalty was taken (ja B9)
    if any(final["chombo"]):
        box.setAttribute("data-penalties", "")
    else:
        box.removeAttribute("data-penalties")
    body = q("[data-ledger-final-rows]")
    body.replaceChildren()
    for seat in standings_order(final):
        cells = final_cells(L, record, final, seat)
        row = doc().createElement("tr")
        for index, text in enumerate(cells):
            cell = doc().createElement("th" if index == 0 else "td")
            cell.textContent = text
            if index == 0:
                cell.scope = "row"
            if index in (4, 5):
                cell.className = ("lg-oka", "lg-penalty")[index - 4]
            if index == len(cells) - 1:
                cell.dataset.ledgerResult = str(seat)
            row.appendChild(cell)
        body.appendChild(row)
    notes = [ended_text(record, game), leftover_note(L, record, game)]
    set_text("[data-ledger-final-note]", L["joiner"]["sentences"].join(note for note in notes if note))


def ended_text(record, game):
    """Why the game is over, as the engine says (engine.ledger.played's ``ended_by``): by hand,
    a seat below zero, the last hand played, a seat at the target in the extension, or the last
    dealer stopping."""
    why, says = game.get("ended_by"), L["final"]
    if why == "hand":
        return says["ended_by_hand"]
    if why == "bust":
        below = [seat for seat, score in enumerate(game["final"]["scores"]) if score < 0]
        return says["ended_bust"].format(names=L["joiner"]["kept_names"].join(
            seat_name(record, seat) for seat in below))
    if why == "extension":
        entry = "entry_west" if game["hands"][-1]["round"].startswith("W") else "entry_south"
        return says["ended_extension"].format(entry=says[entry], target=with_minus(record["rules"]["target"]))
    return says["ended_" + why] if why in ("all_last", "agariyame", "tenpaiyame") else ""


def blob_url(text, name):
    """A download URL of a JSON text; the one made before under `name` is let go."""
    from pyscript.ffi import to_js  # the browser's only: a dict becomes a JavaScript object

    if model.downloads.get(name) is not None:
        win().URL.revokeObjectURL(model.downloads[name])
    options = to_js({"type": "application/json"})
    model.downloads[name] = win().URL.createObjectURL(win().Blob.new(to_js([text]), options))
    return model.downloads[name]


def exported(record):
    """The current game's record with its names (and ``ended``, when ended by hand), as the
    command line and the import read it (pure: the export box holds its text).

    >>> exported({"rules": {}, "hands": [], "ended": True})
    {'rules': {}, 'hands': [], 'names': [], 'ended': True}
    """
    kept = {"rules": record["rules"], "hands": record["hands"], "names": list(record.get("names") or [])}
    if record.get("ended"):
        kept["ended"] = True
    return kept


def draw_export(record):
    """The export box and the download: the record as `exported` gives it."""
    text = dumps(exported(record))  # its keys in one order under both interpreters
    q("[data-ledger-export]").value = text
    q("[data-ledger-download]").href = blob_url(text, "download")


@handlers.on("click", "[data-ledger-copy]")
async def on_copy(_event):
    await copy_text(q("[data-ledger-export]").value, "[data-ledger-copy-done]")
