"""A game opened from a link (#g=...): shown as a shared game, read-only; nothing stored is touched
until the user keeps it, and then it joins this phone's games as the current one, the game it
replaces staying in the list (SPEC §8, §10.4). A link that cannot be followed gets its message and
changes nothing."""
import dom
from engine.ledger import envelope, link
from ledger.model import model
from ledger.page import error_text, L, q, set_text, win


def show_problem(text):
    box = q("[data-ledger-link-error]")
    box.textContent = text
    box.hidden = not text


def read_link():
    """The game in the page's address, checked like any record, or None (no game in the address,
    or one that cannot be followed: its message is shown)."""
    show_problem("")
    try:
        game = link.from_fragment(str(win().location.hash))
    except link.LinkError as error:
        show_problem(L["follow"][error.code])
        return None
    except Exception:  # noqa: BLE001 (decode lets only LinkError out; this stays a backstop)
        show_problem(L["follow"]["damaged"])
        return None
    if game is None:
        return None
    try:
        return envelope.checked_game(game, game["names"], game["ended"], game.get("uid"))
    except envelope.ShelfError as error:
        if error.record_error is None:
            show_problem(L["follow"]["damaged"])
        else:
            show_problem(L["follow"]["bad_record"].format(reason=error_text(error.record_error, True)))
    except Exception:  # a hostile link of a shape the record's reader was never meant to see
        show_problem(L["follow"]["damaged"])
    return None


def open_link():
    """Follows the address's game, if it holds one; returns whether one is shown."""
    model.following = read_link()
    q("[data-ledger-follow-box]").hidden = model.following is None
    box = q("[data-ledger-follow-box]")
    if model.following is None:
        box.removeAttribute("data-ledger-follow")
    else:
        box.setAttribute("data-ledger-follow", "")
        set_text("[data-ledger-kept]", "")
    return model.following is not None


def leave_link():
    """Back to this phone's game: the address loses its #g=, the followed game is let go."""
    win().history.replaceState(None, "", win().location.pathname)
    model.following = None
    show_problem("")
    box = q("[data-ledger-follow-box]")
    box.hidden = True
    box.removeAttribute("data-ledger-follow")


def keep_followed():
    """The followed game, to become this phone's current game beside the others: returns it for
    start()'s actions to keep (a new game) and draw."""
    game = model.following
    if "uid" not in game:  # a link made before there were uids
        game = dict(game, uid=envelope.late_uid(dom.random_bytes(win(), envelope.UID_BYTES)))
    model.game_id = None
    leave_link()
    return game
