"""localStorage: the game saved in a versioned envelope after every change. A stored value this
page cannot read is moved aside under a key of its own and shown raw; it is never dropped."""
import json

from engine import ledger
from ledger.page import error_text, L, now_iso, q, set_text, state, win
from ledger.game import engine_record

KEY = "mahjong-ledger"
UNREADABLE = KEY + ".unreadable."  # + the time it was found; one key per damaged value
PREVIOUS = KEY + ".previous"  # the last finished game, kept when a new one starts
FORMAT, VERSION = "mahjong-ledger", 1


def storage():
    """The page's localStorage."""
    return win().localStorage


def stored(key):
    """localStorage's text under `key`, or None (JavaScript's null arrives as a JsNull)."""
    value = storage().getItem(key)
    return value if isinstance(value, str) else None


def save(game):
    envelope = {"format": FORMAT, "version": VERSION, "saved": now_iso(),
                "record": engine_record(game), "names": game.get("names", []),
                "ended": bool(game.get("ended"))}
    storage().setItem(KEY, json.dumps(envelope, ensure_ascii=False))


def keep_previous():
    """The stored game, kept under PREVIOUS before another takes its place."""
    storage().setItem(PREVIOUS, stored(KEY) or "")


def read_envelope(text):
    """The game inside a stored or pasted text, its record checked by the engine; raises
    ValueError with the sentence to show. A bare record ({"rules", "hands"}) is a game too."""
    try:
        data = json.loads(text)
    except ValueError:
        raise ValueError(L["store"]["bad_json"]) from None
    page = {}
    if isinstance(data, dict) and "format" in data:
        if data["format"] != FORMAT:
            raise ValueError(L["store"]["wrong_format"])
        if data.get("version") != VERSION:
            version = json.dumps(data.get("version"), ensure_ascii=False)
            raise ValueError(L["store"]["unknown_version"].format(version=version))
        page = {"names": data.get("names", []), "ended": data.get("ended", False)}
        data = data.get("record")
    if not isinstance(data, dict) or "hands" not in data:
        raise ValueError(L["store"]["wrong_format"])
    return checked_game(data, page.get("names", []), page.get("ended") is True)


def checked_game(data, names, ended):
    """The page's game from a record and its names, checked by the engine; raises ValueError with
    the sentence to show."""
    try:
        ledger.replay(data)
    except ledger.RecordError as error:
        raise ValueError(L["store"]["bad_record"].format(reason=error_text(error, True))) from None
    if not (isinstance(names, list) and all(isinstance(name, str) for name in names)):
        raise ValueError(L["store"]["bad_record"].format(reason=L["error"]["names"]))
    rules = ledger.rules_from(data.get("rules"))
    hands = [ledger.read_hand(hand, index, rules) for index, hand in enumerate(data["hands"])]
    return {"rules": rules, "hands": hands, "names": names, "ended": ended}


def load():
    """The stored game, or None. A value that cannot be read is moved aside, never dropped."""
    text = stored(KEY)
    if text is None:
        return None
    try:
        return read_envelope(text)
    except ValueError as problem:
        aside = UNREADABLE + now_iso()
        try:
            storage().setItem(aside, text)
        except Exception:  # storage full: leave it where it is, and do not save over it
            state["blocked"] = True
            show_damaged(KEY, text, str(problem))
            return None
        storage().removeItem(KEY)
        show_damaged(aside, text, str(problem))
        return None


def unreadable_keys():
    keys = [storage().key(index) for index in range(storage().length)]
    return sorted(key for key in keys if isinstance(key, str) and key.startswith(UNREADABLE))


def show_damaged(key, text, problem):
    box = q("[data-ledger-damaged]")
    box.dataset.key = key
    set_text("[data-ledger-damaged-message]", problem)
    q("[data-ledger-damaged-raw]").value = text
    box.hidden = False


def show_older_damaged():
    """Values moved aside on an earlier visit stay on show until the user lets them go."""
    keys = unreadable_keys()
    if not q("[data-ledger-damaged]").hidden or not keys:
        return  # one moved aside just now is on show already, or there is none
    text = stored(keys[-1])
    try:
        read_envelope(text)
        problem = ""
    except ValueError as error:
        problem = str(error)
    show_damaged(keys[-1], text, problem)


def on_forget(_event):
    box = q("[data-ledger-damaged]")
    if box.dataset.key and box.dataset.key != KEY:
        storage().removeItem(box.dataset.key)
    box.hidden = True
    show_older_damaged()
