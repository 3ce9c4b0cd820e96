"""What a season reads (SPEC §11.1, §11.4): the page's export files (one game, or every game with
the season's aliases), a bare record, a game link (``#g=``) or a season link (``#s=``), each
read by engine.ledger's own readers.

``read_input(text, source)`` gives {"copies": [{"game", "started", "source"}], "aliases",
"problems": [SeasonError]}: a game inside a file or link that cannot be read is named in
``problems`` and the others come in. A text that cannot be read as a whole raises SeasonError:
``unreadable`` (not JSON, not a link), ``not_a_ledger_file`` (JSON, but not ours), ``newer``
(a later format), ``damaged`` or ``too_long`` (a link cut short or altered), ``bad_game`` (the
one game it holds cannot be read).

>>> read_input('{"rules": {"players": 3}, "hands": []}', "a.json")["copies"][0]["game"]["rules"]["start"]
35000
>>> read_input('{"format": "mahjong-ledger-games", "version": 3, "games": []}', "b.json")
Traceback (most recent call last):
...
engine.season.files.SeasonError: b.json: file=3: newer
"""
from ..compat import quote, stripped
from ..inputs import CODES, InputError, read_json
from ..ledger import link as game_link
from ..ledger.envelope import (BUNDLE, FORMAT, READS, VERSION, ShelfError, checked_game,
                               read_item)
from ..ledger.link import LinkError
from . import link as season_link
from .names import cleaned_groups

MAX_GAMES = 5000  # games one file may bring (a group plays a few hundred a year)


class SeasonError(InputError):
    """A text the season cannot read: ``field`` is ``file`` (or ``link``) for the whole text,
    ``games`` for one game in it (``index``: its place, from 0); ``source`` names where it came
    from (a file's path, "link"). Its JSON (SPEC §11.4) is {"field", "code", "message"}."""

    def __init__(self, field, code, value=None, source=None, index=None, reason=None):
        super().__init__(field, code, value)
        self.source, self.index, self.reason = source, index, reason
        where = source or "input"
        if index is not None:
            where = f"{where}, game {index + 1}"
        self.args = (f"{where}: {field}={quote(value)}: {code}",)

    def __str__(self):  # MicroPython's str() of an exception does not read a changed args
        return self.args[0]

    @property
    def message(self):
        said = f"{self.field}: {CODES[self.code]}"  # (MicroPython: no super() of a property)
        if self.value is not None:
            said = f"{said} ({quote(self.value)})"
        if self.index is not None:
            said = f"game {self.index + 1}: {said}"
        if self.reason:
            said = f"{said}: {self.reason}"
        return f"{self.source}: {said}" if self.source else said

    def as_dict(self):
        return {"field": self.field, "code": self.code, "message": self.message}


def _shelf_problem(error, field, source, index=None):
    """A ShelfError of engine.ledger.envelope as the season's error."""
    if error.code == "bad_json":
        return SeasonError(field, "unreadable", None, source, index)
    if error.code == "unknown_version":
        version = error.version
        newer = isinstance(version, int) and not isinstance(version, bool) and version > VERSION
        return SeasonError(field, "newer" if newer else "not_a_ledger_file", version, source,
                           index)
    if error.code in ("bad_record", "names"):
        reason = str(error.record_error) if error.record_error is not None else "names"
        return SeasonError(field, "bad_game", None, source, index, reason)
    return SeasonError(field, "not_a_ledger_file", None, source, index)


def read_input(text, source=None):
    """The games (and aliases) a file's text or a link holds; see the module's note."""
    if not isinstance(text, str):
        raise SeasonError("file", "unreadable", None, source)
    body = stripped(text)
    if body[:1] not in ("{", "["):
        return _read_link(body, source)
    try:
        data = read_json(body)
    except InputError:
        raise SeasonError("file", "unreadable", None, source) from None
    return read_data(data, source)


def read_data(data, source=None):
    """As ``read_input``, for the JSON value of a file."""
    if isinstance(data, dict) and data.get("format") == BUNDLE:
        return _read_bundle(data, source)
    if isinstance(data, dict) and data.get("format") not in (None, FORMAT):
        raise SeasonError("file", "not_a_ledger_file", None, source)
    if isinstance(data, dict) and data.get("format") == FORMAT and (
            isinstance(data.get("version"), bool) or data.get("version") not in READS):
        raise _shelf_problem(ShelfError("unknown_version", version=data.get("version")), "file",
                             source)
    if not (isinstance(data, dict) and ("hands" in data or "record" in data)):
        raise SeasonError("file", "not_a_ledger_file", None, source)
    try:
        game, meta = read_item(data)
    except ShelfError as error:
        raise _shelf_problem(error, "file", source) from None
    return {"copies": [{"game": game, "started": meta["started"], "source": source}],
            "aliases": [], "problems": []}


def _read_bundle(data, source):
    version = data.get("version")
    if isinstance(version, bool) or version != VERSION:
        raise _shelf_problem(ShelfError("unknown_version", version=version), "file", source)
    items = data.get("games")
    if not isinstance(items, list):
        raise SeasonError("file", "not_a_ledger_file", None, source)
    if len(items) > MAX_GAMES:
        raise SeasonError("file", "too_long", len(items), source)
    copies, problems = [], []
    for index, item in enumerate(items):
        try:
            if isinstance(item, dict) and isinstance(item.get("unreadable"), str):
                raise ShelfError("bad_json")  # kept aside on the phone that exported it
            game, meta = read_item(item)
        except ShelfError as error:
            problems.append(_shelf_problem(error, "games", source, index))
            continue
        copies.append({"game": game, "started": meta["started"], "source": source})
    return {"copies": copies, "aliases": cleaned_groups(data.get("aliases")),
            "problems": problems}


def _fragment(text):
    """The part of a link after its '#' (a whole address, or the fragment alone)."""
    place = text.find("#")
    return text[place + 1:] if place >= 0 else text


def _read_link(text, source):
    fragment = _fragment(text)
    try:
        if fragment.startswith(season_link.PREFIX):
            season = season_link.from_fragment(fragment)
        elif fragment.startswith(game_link.PREFIX):
            season = {"games": [(0, game_link.from_fragment(fragment), None)],
                      "aliases": [], "problems": []}
        else:
            raise SeasonError("file", "unreadable", None, source)
    except LinkError as error:
        raise SeasonError("link", error.code, None, source) from None
    copies, problems = [], []
    for index, error in season["problems"]:
        problems.append(SeasonError("games", "bad_game", None, source, index, error.code))
    for index, game, started in season["games"]:
        try:
            checked = checked_game(game, game["names"], game["ended"], game.get("uid"))
        except ShelfError as error:
            problems.append(_shelf_problem(error, "games", source, index))
            continue
        copies.append({"game": checked, "started": started, "source": source})
    return {"copies": copies, "aliases": season["aliases"], "problems": problems}
