"""The hand in progress, kept with its game (issue 33): the next-hand form's controls (riichi, the
ending, the winners picked, the values typed, each winner's tiles) and the table view's entry, saved
in localStorage on every change beside the game they belong to, and put back when the page opens
again — a phone on the table locks, its tab is discarded, and the riichi already on the table must
still be there after the reload.

One value per game, under ``mahjong-ledger.draft.<id>``: ``{"format", "version", "game", "hands",
"controls", "tiles", "table"}``. ``hands`` is how many hands the game had when the draft was
written: a draft is only ever put back into the same game at the same hand, so a hand added since
(here or in another tab) leaves it unused. Nothing of a game's record is ever stored here: the
record stays in engine.ledger.envelope's envelope.

>>> draft = fresh("g1", 3, {"lh-riichi-1": True, "lh-han-0": "4"}, {}, {"open": True, "entry": None})
>>> usable(read(dumps(draft)), "g1", 3), usable(read(dumps(draft)), "g1", 4)
(True, False)
>>> read("[[[") is None, read(dumps(dict(draft, version=9))) is None, read("[" * 50 + "]" * 50)
(True, True, None)
"""
import dom
from engine.inputs import InputError, read_json
from engine.ledger.wire import dumps
from ledger import store
from ledger.model import model
from ledger.page import el

FORMAT = "mahjong-ledger.draft"
VERSION = 1
PREFIX = FORMAT + "."  # + the game's id
MAX_TEXT = 20_000  # a draft is a few hundred characters; anything longer is not ours
# paused until the page has put the kept draft back (the page's first draws would write over it)
keeping = {"paused": True}


def key_of(game_id):
    return PREFIX + game_id


def fresh(game_id, hands, controls, tiles, table):
    return {"format": FORMAT, "version": VERSION, "game": game_id, "hands": hands,
            "controls": controls, "tiles": tiles, "table": table}


def read(text):
    """A stored draft, or None for anything that is not one this page wrote (never an error: a
    draft is a convenience, the game itself is untouched)."""
    try:
        draft = read_json(text, MAX_TEXT)  # bounded in length and depth, under both interpreters
    except InputError:
        return None
    if not isinstance(draft, dict) or draft.get("format") != FORMAT \
            or draft.get("version") != VERSION:
        return None
    if not isinstance(draft.get("controls"), dict) or not isinstance(draft.get("tiles"), dict) \
            or not isinstance(draft.get("table"), dict):
        return None
    return draft


def usable(draft, game_id, hands):
    """Whether `draft` is the hand in progress of this game at this hand."""
    return draft is not None and draft.get("game") == game_id and draft.get("hands") == hands \
        and type(hands) is int


# ---------------------------------------------------------------- the page

def form_controls():
    """The next-hand form's own controls with an id (not the tiles' boxes, kept by their text)."""
    controls = []
    for control in el["hand_form"].querySelectorAll("input[id], select[id]"):
        if not dom.found(control.closest("[data-ledger-tiles]")):
            controls.append(control)
    return controls


def controls_now():
    values = {}
    for control in form_controls():
        if control.type in ("checkbox", "radio"):
            if control.checked:
                values[control.id] = True
        else:
            values[control.id] = control.value
    return values


def pristine():
    """Whether the form is as the page drew it (no hand in progress to keep)."""
    for control in form_controls():
        if control.type in ("checkbox", "radio"):
            if control.checked != control.defaultChecked:
                return False
        elif control.tagName == "SELECT":
            options = [control.options.item(i) for i in range(control.options.length)]
            marked = [i for i, option in enumerate(options) if option.defaultSelected]
            if control.selectedIndex != (marked[-1] if marked else 0):
                return False
        elif control.value != control.defaultValue:
            return False
    return True


def put_controls(values):
    for control in form_controls():
        if control.type in ("checkbox", "radio"):
            control.checked = values.get(control.id) is True
        elif isinstance(values.get(control.id), str):
            control.value = values[control.id]


def storage():
    """The page's localStorage (the games' own: store.storage), or None where it is blocked:
    nothing to keep the draft in."""
    kept = store.storage()
    return None if store.opened.get("memory") else kept


def save(table):
    """The hand in progress of this phone's current game, kept (nothing while a stored hand is
    being corrected, a link's game is on show, or the game is over). `table`: the table view's
    part ({"open", "entry"})."""
    from ledger import tilebox

    record, game_id = model.record, model.game_id
    if model.paused or record is None or game_id is None or model.following \
            or model.editing is not None or model.blocked:
        return
    stored = storage()
    if stored is None:
        return
    earlier = None
    tiles = {}
    for seat in tilebox.blocks:
        if not tilebox.is_open(seat):
            continue
        if seat in tilebox.boxes:
            tiles[str(seat)] = tilebox.typed(seat)
            continue
        if earlier is None:  # the box is not read yet: its tiles stay as last kept
            earlier = load() or {"tiles": {}}
        if str(seat) in earlier["tiles"]:
            tiles[str(seat)] = earlier["tiles"][str(seat)]
    try:
        if not tiles and not table.get("open") and pristine():  # nothing in progress: nothing kept
            if isinstance(stored.getItem(key_of(game_id)), str):
                stored.removeItem(key_of(game_id))
            return
        draft = fresh(game_id, len(record["hands"]), controls_now(), tiles, table)
        text = dumps(draft, compact=True)  # its keys in one order under both interpreters
        if stored.getItem(key_of(game_id)) != text:
            stored.setItem(key_of(game_id), text)
    except Exception:  # noqa: BLE001 - a full storage keeps the games, not the draft
        return


def forget(game_id):
    stored = storage()
    if stored is not None and game_id is not None:
        try:
            stored.removeItem(key_of(game_id))
        except Exception:  # noqa: BLE001
            return


def load():
    """This game's draft at this hand, or None."""
    record, game_id = model.record, model.game_id
    stored = storage()
    if record is None or game_id is None or stored is None:
        return None
    try:
        text = stored.getItem(key_of(game_id))
    except Exception:  # noqa: BLE001
        return None
    draft = read(text if isinstance(text, str) else None)
    return draft if usable(draft, game_id, len(record["hands"])) else None


def put_back(draft):
    """The form as the draft left it; the tiles once the tile box is read (returns the seats
    whose tiles wait for it)."""
    put_controls(draft["controls"])
    tiles = {}
    for seat, typed in draft["tiles"].items():
        if seat in ("0", "1", "2", "3") and isinstance(typed, dict):
            tiles[int(seat)] = {name: text for name, text in typed.items()
                                if isinstance(name, str) and isinstance(text, str) and len(text) < 200}
    return tiles
