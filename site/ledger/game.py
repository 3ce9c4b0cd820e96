"""The page's game: the record of SPEC §6.3 (``rules``, ``hands``: what the engine and the CLI
read, and what the page exports) plus what only the page needs, ``names`` (what the table calls
each seat) and ``ended`` (the game was ended by hand)."""
from engine import ledger


def engine_record(game):
    """The record proper: what the engine and the CLI read."""
    return {"rules": game["rules"], "hands": game["hands"]}


def current_game(record):
    """The record replayed; a game ended by hand also says where it stopped (``stopped``: the
    hand that was about to be played, as replay's ``next`` gives it)."""
    played = ledger.replay(engine_record(record))
    if record.get("ended") and not played["over"]:
        game = ledger.end(engine_record(record))
        game["stopped"] = played["next"]
        return game
    return played


def standing(game):
    return game["final"]["scores"] if game["over"] else game["next"]["scores"]
