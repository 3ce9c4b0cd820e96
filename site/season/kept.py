"""The games the season counts (SPEC §11.1): those kept on this phone, read as the summaries the
shelf keeps beside them (engine.ledger.summary: no game is replayed to open the page), and the
games brought in from the other phones by a link, a season link or a file, kept beside the
others. The alias groups and the name chosen as "me" are kept on this phone too."""
import json

import dom
from engine.ledger.envelope import UID_BYTES, ShelfError, valid_uid
from engine.ledger.games import Shelf, open_shelf
from engine.ledger.storage import MemoryStorage
from engine.ledger.wire import dumps
from engine.season import SeasonError, read_input
from engine.season.merge import merge_kept
from engine.season.names import cleaned_groups
from season.model import now_iso, page, q, state, strings, window, words

ALIASES = "mahjong-season.aliases"  # the alias groups kept on this phone (JSON)
ME = "mahjong-season.me"  # the name chosen as "me"
EARLIER = "mahjong-season.counts"  # an earlier build's counts: the shelf's summaries replace them


def open_storage():
    """The page's storage and the shelf on it; a storage in memory where the browser refuses
    its own (said on the page)."""
    storage = dom.local_storage(window())
    if storage is None:
        storage = MemoryStorage()
        page["dom"].put("storage", q("[data-season-storage]"), words()["error"]["unavailable"])
        page["dom"].hide("storage-box", q("[data-season-storage]"), False)
    page["storage"] = storage
    try:
        page["shelf"] = open_shelf(storage, now_iso())
        if storage.getItem(EARLIER) is not None:
            storage.removeItem(EARLIER)
    except Exception:  # noqa: BLE001 (a storage that refuses: the games are read as they are)
        page["shelf"] = Shelf(storage)


def kept_copies():
    """Each game kept on this phone as a copy for the merge: its summary (counted now where
    the shelf kept none of the game as it is), ``id``, ``started``, ``kept``, ``conflict``
    False (merge_kept's answer for a game no other copy may be). A game without
    a uid (kept before there were uids) is given one first, and counted again."""
    shelf = page["shelf"]
    try:
        found = shelf.summaries()
        without = [game_id for game_id, summary in found if not valid_uid(summary["uid"])]
        if without and shelf.give_uids(lambda: dom.random_bytes(window(), UID_BYTES), without):
            found = shelf.summaries()
    except Exception:  # noqa: BLE001 (a storage that refuses a read: nothing to count)
        return []
    return [{"summary": summary, "started": summary["started"], "source": "phone",
             "id": game_id, "kept": True, "conflict": False} for game_id, summary in found]


def full_game(copy):
    """The whole game of a copy (its hands: the hands' CSV, the exports, the merge of two
    copies of one game): read from the shelf for a game kept on this phone."""
    if copy.get("game") is None:
        copy["game"] = page["shelf"].load(copy["id"])[0]
    return copy["game"]


def load():
    """The model from storage: the kept games merged (only copies that may be one game are
    read in full), the aliases."""
    state["copies"] = merge_kept(kept_copies(), full_game)
    state["aliases"] = cleaned_groups(stored_json(ALIASES, []))


def stored_json(key, default):
    storage = page.get("storage")
    try:
        text = storage.getItem(key) if storage is not None else None
        return json.loads(text) if isinstance(text, str) else default
    except Exception:  # noqa: BLE001 (a value another page wrote, or a refusing storage)
        return default


def keep_json(key, value):
    storage = page.get("storage")
    try:
        if storage is not None:
            storage.setItem(key, dumps(value))
    except Exception:  # noqa: BLE001 (said where it matters: the games' own writes)
        pass


def error_words(error):
    says = words()["error"]
    return says.get(error.code, says["unreadable"])


def read_text(text, source):
    """read_input's answer, or the error's words (and None)."""
    try:
        return read_input(text, source), None
    except SeasonError as error:
        return None, error_words(error)
    except Exception:  # noqa: BLE001 (the readers let only SeasonError out; a backstop)
        return None, words()["error"]["unreadable"]


def bring_in(found):
    """The games of a read file or link kept on this phone, beside the others (each counted
    once, as the shelf keeps it): a game this phone holds already (all of it) is left out;
    nothing kept is changed. Returns what to say."""
    says = words()["add"]
    incoming = [dict(copy, id=None) for copy in found["copies"]]
    counted = merge_kept(kept_copies() + incoming, full_game)
    added = 0
    for copy in counted:
        if copy["source"] == "phone":
            continue
        try:
            page["shelf"].add(copy["game"], now_iso(), copy["started"], current=False)
        except ShelfError:
            return words()["error"]["refused"]
        added += 1
    groups = cleaned_groups(state["aliases"] + found["aliases"])
    if groups != state["aliases"]:
        keep_json(ALIASES, groups)
    said = [says["added"].format(n=added) if added else says["none_new"]]
    if len(incoming) > added:
        said.append(says["already"].format(n=len(incoming) - added))
    for problem in found["problems"]:
        said.append(says["bad_game"].format(n=(problem.index or 0) + 1,
                                            reason=error_words(problem)))
    load()
    return strings("joiner")["explanation"].join(said)
