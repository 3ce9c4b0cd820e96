"""localStorage, through engine.ledger.games: every game kept on this phone, each under its own
key, and which one is current (SPEC §6.4, §10.4). Version 1's one game (and the game it replaced)
are moved in the first time the page opens. A stored value this page cannot read is kept aside or
listed as it is, and shown raw; it is never dropped. A write the browser refuses (its quota) is
said at once beside the board, and nothing already kept changes. A browser that will not let the
page use its storage at all (site data blocked: localStorage throws) gets a storage in memory:
the ledger works for this visit, and says that its games cannot be kept."""
import dom
from engine.ledger import games
from engine.ledger.envelope import UID_BYTES, ShelfError, read_envelope
from engine.ledger.legacy import LEGACY
from engine.ledger.storage import GAME, MemoryStorage, unreadable_keys
from engine.ledger.wire import dumps
from ledger.model import model
from ledger.page import error_text, L, now_iso, q, set_text, win

opened = {}  # "shelf": the games.Shelf of the page's storage (open); "storage": that storage;
# "memory": True when the browser refused its localStorage and the games live in memory


def storage():
    """The page's localStorage (a dom.Storage), or, where the browser refuses it, a storage in
    memory for this visit (opened["memory"])."""
    if "storage" not in opened:
        local = dom.local_storage(win())
        if local is None:
            opened["storage"] = MemoryStorage()
            opened["memory"] = True
        else:
            opened["storage"] = local
    return opened["storage"]


def shelf():
    return opened["shelf"]


def stored(key):
    """localStorage's text under `key`, or None."""
    try:
        return storage().getItem(key)  # a text or None, from either storage
    except dom.JsCallError:  # a storage that refuses a read: nothing there to show
        return None


def problem_text(error, pasted=False):
    """A ShelfError as the sentence to show; `pasted`: the text came from the paste box
    (no JSON there is "the pasted text", never "what is stored")."""
    says = L["store"]
    if pasted and error.code == "bad_json":
        return says["bad_json_pasted"]
    if error.code == "unknown_version":
        return says["unknown_version"].format(version=dumps(error.version))
    if error.code == "bad_record":
        return says["bad_record"].format(reason=error_text(error.record_error, True))
    if error.code == "names":
        return says["bad_record"].format(reason=L["error"]["names"])
    if error.code in ("refused", "no_such_game"):
        return L["games"][error.code]
    return says[error.code]


def say_refused(refused, why="refused"):
    """The storage's refusal beside the board, at once; gone with the next write it takes.
    `why`: "refused" (the browser's storage is full), "failed" (anything else)."""
    box = q("[data-ledger-refused]")
    if opened.get("memory"):  # nothing is kept at all: said for as long as the page is open
        box.textContent = L["games"]["unavailable"]
        box.hidden = False
        set_text("[data-ledger-saved]", L["store"]["record_hint_memory"])  # not "saved on this device"
        return
    box.textContent = L["games"][why] if refused else ""
    box.hidden = not refused


def write(action, *args):
    """A shelf method that writes; returns its value (True for a method that returns none), or
    None when the browser refused (said)."""
    try:
        value = action(*args)
    except ShelfError as error:
        if error.code != "refused":
            raise
        say_refused(True)
        return None
    say_refused(False)
    return True if value is None else value


def open_games():
    """Opens the games kept on this phone, version 1's moved in; returns the current game or
    None. Storage that will not take the move leaves every value as it was: version 1's game
    is then shown, and nothing is saved over it."""
    for name in ("storage", "memory"):  # the browser's storage is asked afresh
        opened.pop(name, None)
    opened["shelf"] = games.Shelf(storage())
    if opened.get("memory"):
        say_refused(False)
    try:
        opened["shelf"] = games.open_shelf(storage(), now_iso())
        give_uids()
    except ShelfError:
        model.blocked = True
        say_refused(True)
        text = stored(LEGACY)
        try:
            return read_envelope(text)[0] if text is not None else None
        except ShelfError as error:
            show_damaged(LEGACY, text, problem_text(error))
            return None
    except Exception:  # noqa: BLE001 (whatever storage holds, the page comes live: nothing saved)
        model.blocked = True
        say_refused(True, "failed")  # not said as a full storage: the cause is not known
        return None
    return load_current()


def give_uids():
    """Every kept game without a uid (kept before there were uids, or imported from a file made
    then) gets one, marked as given late (SPEC §11.1)."""
    try:
        shelf().give_uids(lambda: dom.random_bytes(win(), UID_BYTES))
    except Exception:  # noqa: BLE001 (a storage that refuses: they get theirs at the next open)
        pass


def load_current():
    """The current game (model.game_id set to its id), or None. One that cannot be read stays
    listed and kept; its text is shown."""
    try:
        game_id = model.game_id = shelf().current()
    except Exception:  # noqa: BLE001 (the shelf reads any index; this stays a backstop)
        game_id = model.game_id = None
    if game_id is None:
        return None
    try:
        game = shelf().load(game_id)[0]
        opened["seen"] = shelf().raw(game_id)
        return game
    except ShelfError as error:
        model.game_id = None
        if error.code != "no_such_game":
            show_damaged(GAME + game_id, shelf().raw(game_id), problem_text(error))
        return None


def save(game):
    """This change of the current game kept (a new game when there is no current one). A change
    made against the game as this tab last read or wrote it: where another tab has changed it
    since (its hands added, edited, deleted), nothing is written and False comes back — the
    caller shows the stored game, never writes over it."""
    game_id = model.game_id
    if game_id is None:
        model.game_id = write(shelf().add, game, now_iso())
    else:
        if opened.get("seen") is not None and shelf().raw(game_id) != opened["seen"]:
            return False
        # Counted for the season once it is over or ended (a game in play is counted when the
        # season page needs it): a hand added costs no counting replay (issue 36).
        write(shelf().save, game_id, game, now_iso(), model.played(game)["over"])
    opened["seen"] = shelf().raw(model.game_id) if model.game_id is not None else None
    return True


def say_moved(moved):
    """The write refused because another tab changed the game first, beside the board."""
    box = q("[data-ledger-refused]")
    if moved:
        box.textContent = L["games"]["moved"]
        box.hidden = False


def leave():
    """No current game: the page goes to setup, every game stays listed."""
    model.game_id = None
    if not model.blocked:
        write(shelf().leave)


def show_damaged(key, text, problem):
    box = q("[data-ledger-damaged]")
    box.dataset.key = key
    set_text("[data-ledger-damaged-message]", problem)
    q("[data-ledger-damaged-raw]").value = text
    box.hidden = False


def show_older_damaged():
    """Values kept aside on an earlier visit stay on show until the user lets them go."""
    try:
        keys = unreadable_keys(storage())
    except Exception:  # noqa: BLE001 (a storage that refuses to list its keys: none to show)
        return
    if not q("[data-ledger-damaged]").hidden or not keys:
        return  # one found just now is on show already, or there is none
    text = stored(keys[-1])
    try:
        read_envelope(text)  # bounded: a value of 100,000 "[" is only unreadable
        problem = ""
    except ShelfError as error:
        problem = problem_text(error)
    show_damaged(keys[-1], text or "", problem)
