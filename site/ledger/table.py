"""The table view (SPEC §10.2): one phone lying flat in the middle of the table, a panel on each
edge turned to face its player (ledger.entry: where each seat sits, and the ending tapped in).

The view has no hand of its own: it writes the next-hand form's controls (result, winners, the
discarder, tenpai, nagashi, the chombo seat, riichi) and confirms the form's hand through the
ledger's own add (`actions`), so what it records, previews and saves is the form's; the value
sheet (ledger.sheet) takes each winner's han and fu, or the winner's tile box lent from the form.
The back gesture and Escape close the sheet, then the view."""
import dom
from ledger import hand, sheet, view
from ledger.entry import ROTATIONS, begin, entry_from, pick, toggled
from ledger.model import model
from ledger.page import L, doc, el, handlers, page, q, say, win
from ledger.present import hand_dealer

LEVELS = (None, "table", "sheet")  # the browser history's entries the view adds: back closes them
HISTORY = "ledger-table:"  # + the level: the history state of an entry the view pushed


# ---------------------------------------------------------------- the page

actions = {}  # the ledger's add and undo (given to start)


# ---------------------------------------------------------------- the form, driven


def tiles_changed():
    """A tap in a tile box, or the boxes read: the sheet's preview while it holds one, else the
    form's."""
    if model.lent is None:
        hand.preview()
    else:
        sheet.preview_sheet()
    view.keep_draft()


# ---------------------------------------------------------------- the back gesture


def level_now():
    """How deep the browser's current history entry is in the view: None, "table" or "sheet"."""
    kept = win().history.state
    if not isinstance(kept, str) or not kept.startswith(HISTORY):
        return None
    level = kept[len(HISTORY):]
    return level if level in LEVELS else None


def to_level(level):
    """The view's history entries as deep as what is on screen: one pushed for the view and one
    for its sheet (so the back gesture closes the sheet, then the view, and never leaves the page),
    taken back when they close by their own buttons."""
    now, wanted = LEVELS.index(level_now()), LEVELS.index(level)
    if wanted > now:
        for step_level in LEVELS[now + 1:wanted + 1]:
            win().history.pushState(HISTORY + step_level, "")
    elif wanted < now:
        model.pops += 1
        win().history.go(wanted - now)


@handlers.on("popstate", "window")
def on_pop(_event):
    """Back (or forward) through the view's entries: the sheet closes, then the view."""
    if model.pops:
        model.pops -= 1
        return
    level = LEVELS.index(level_now())
    if not view.is_open():
        return
    if sheet.sheet_kind() is not None and level < LEVELS.index("sheet"):
        cancel_sheet()
    if level < LEVELS.index("table"):
        close_view()


@handlers.on("keydown", "document")
def on_key(event):
    """Escape closes the sheet, then the view, as the back gesture does."""
    if event.key != "Escape" or not view.is_open():
        return
    event.preventDefault()
    if sheet.sheet_kind() is not None:
        on_cancel(event)
    else:
        on_close(event)


# ---------------------------------------------------------------- actions


@handlers.on("click", "[data-table-open]")
def on_open(_event):
    if model.record is None or model.following:
        return
    if model.editing is not None:
        hand.clear_form()
    show_view()
    dom.later(enter())


def show_view():
    el["view"].hidden = False
    doc().body.classList.add("table-open")
    sheet.end_entry()
    to_level("table")
    view.draw()
    q("[data-table-close]").focus()


def reopen(kept):
    """The view as a reload found it (ledger.draft): open, with the entry it was taking."""
    if model.record is None or model.following or model.played(model.record)["over"]:
        return
    show_view()
    dom.later(keep_awake())
    entry = entry_from(kept, model.record["rules"]["players"])
    if entry is not None:
        step(entry)


async def enter():
    """Full screen where the browser has it, and the screen kept awake; a refusal of either
    leaves the view as it is."""
    await page["dom"].full_screen(el["view"])
    await keep_awake()


async def keep_awake():
    lock = await page["dom"].wake_lock()
    if lock is False:  # the browser has none: said once
        q("[data-table-no-wake]").hidden = model.told
        model.told = True
        lock = None
    model.lock = lock


@handlers.on("visibilitychange", "document")
def on_visible(_event):
    """The page shown again: the browser dropped the wake lock when it was hidden."""
    if view.is_open() and doc().visibilityState == "visible":
        dom.later(keep_awake())


@handlers.on("click", "[data-table-close]")
def on_close(_event):
    close_view()
    to_level(None)


def close_view():
    sheet.end_entry()
    sheet.reset_form()
    el["view"].hidden = True
    doc().body.classList.remove("table-open")
    lock, model.lock = model.lock, None
    dom.later(page["dom"].let_go(lock))
    hand.preview()
    view.keep_draft()
    opener = q("[data-table-open]")
    if opener is not None:
        opener.focus()


@handlers.on("click", "[data-table-riichi]")
def on_riichi(event):
    """A seat's riichi: its 1,000 on the table at once; a second tap within the hand takes it
    back. The model's draft holds the hand's riichi (the form shows it); in a draw, a seat in
    riichi is tenpai."""
    riichi = toggled(hand.riichi_now(), int(event.currentTarget.dataset.tableRiichi))
    hand.write_form(dict(model.draft, riichi=riichi))
    entry = model.entry
    if entry is not None and entry["phase"] == "sheet" and el["sheet"].dataset.kind == "hand":
        record = model.record
        sheet.write_hand(entry, record, hand_dealer(model.played(record)))
        sheet.preview_sheet()
    view.draw()


def show_sheet(seat=None):
    """The sheet open (ledger.sheet), one step deeper in the browser's history, and drawn."""
    sheet.open_sheet(seat)
    to_level("sheet")
    view.draw()


def step(entry, problem=None):
    """The entry moved on: the sheet once every seat it needs is tapped."""
    model.entry = entry
    say("[data-table-error]", L["table"][problem] if problem else "")
    if entry["phase"] == "sheet":
        show_sheet()
    else:
        view.draw()


@handlers.on("click", "[data-table-end]")
def on_end(event):
    step(begin(event.currentTarget.dataset.tableEnd))


@handlers.on("click", "[data-table-pick]")
def on_pick(event):
    step(*pick(model.entry, int(event.currentTarget.dataset.tablePick), hand.riichi_now()))


@handlers.on("click", "[data-table-steps] [data-table-step]")
def on_step(event):
    """The centre's steps: another winner (`more`), nagashi instead of tenpai, `next` to the sheet."""
    entry = model.entry
    button = event.currentTarget
    if button.hasAttribute("data-table-more"):
        if entry["phase"] == "winner":  # before the discarder: several winners, or one again
            step(dict(entry, several=not entry["several"]))
        else:
            step(dict(entry, phase="winner"))
    elif entry["phase"] == "winner":  # `next` after several winners: the discarder
        step(dict(entry, phase="from"))
    elif button.hasAttribute("data-table-nagashi"):
        step(dict(entry, phase="tenpai" if entry["phase"] == "nagashi" else "nagashi"))
    else:
        step(dict(entry, phase="sheet"))


@handlers.on("click", "[data-table-cancel]")
def on_cancel(_event):
    cancel_sheet()
    to_level("table")


def cancel_sheet():
    sheet.end_entry()
    if el["sheet"].dataset.kind == "hand":
        sheet.reset_form()
    view.draw()


@handlers.on("change", "[data-table-sheet]")
def on_sheet_input(event):
    """A value changed on the sheet; its "by tiles" box ticks the form's and lends the sheet the
    winner's tile box (or gives it back)."""
    if el["sheet"].dataset.kind != "hand":
        return
    if event.target.hasAttribute("data-table-bytiles"):
        seat = sheet.valued_seat(model.entry)
        q(f"#lh-bytiles-{seat}").checked = event.target.checked
        sheet.return_tiles()
        if event.target.checked:
            sheet.lend_tiles(seat)
    sheet.preview_sheet(event)
    view.keep_draft()


@handlers.on("submit", "[data-table-sheet]")
def on_confirm(event):
    event.preventDefault()
    entry = model.entry
    seen = sheet.preview_sheet(adding=True)
    if seen is None:
        return
    if entry["end"] in ("ron", "tsumo") and entry["valuing"] < len(entry["winners"]) - 1:
        step(dict(entry, valuing=entry["valuing"] + 1))
        return
    sheet.end_entry()
    to_level("table")
    actions["add"](seen)  # saved and drawn; then the form starts the next hand afresh
    view.draw()


@handlers.on("click", "[data-table-undo]")
def on_undo(event):
    if not model.undo_armed:
        model.arming = True
        view.draw()
        return
    sheet.end_entry()
    to_level("table")
    actions["undo"](event)


@handlers.on("click", "[data-table-look]")
def on_look(event):
    """A panel tapped: the differences to the others from that seat, turned toward its player."""
    show_sheet(int(event.currentTarget.dataset.tableLook))


def start(document, add, undo):
    """The view's panels, one per edge; `add` and `undo` are the ledger's (saved, then drawn)."""
    actions.update(add=add, undo=undo)
    el.update(view=document.querySelector("[data-table-view]"),
              sheet=document.querySelector("[data-table-sheet]"))
    first = document.querySelector('[data-table-seat="0"]')
    for seat in (1, 2, 3):  # seat 0's panel, copied to the other edges with their seat and turn
        panel = first.cloneNode(True)
        for node in [panel] + list(panel.querySelectorAll("*")):
            for name in node.getAttributeNames():
                if name.startswith("data-table-") and node.getAttribute(name) == "0":
                    node.setAttribute(name, str(seat))
        panel.dataset.tableRotation = str(ROTATIONS[seat])
        panel.querySelector(".ledger-first").remove()
        document.querySelector(f'[data-table-edge="{seat}"]').appendChild(panel)
