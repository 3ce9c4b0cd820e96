"""A season in a link: several games as the text after ``#s=`` (SPEC §11.1), in the compact form
of a game link (engine.ledger.link), with the day each started and the season's aliases:

    "1" + URL-safe base64 (no padding) of the zlib stream of
    {"g": [[game's compact form, started or null], ...], "a": [[name, name, ...], ...]}

Decoding checks only the link's own layer and each game's compact form; each game is then read
by the record's reader like any other, a game that cannot be read named and the others kept.
Every failure of the link itself is an engine.ledger.link.LinkError (not_ours, newer,
too_long, damaged).

>>> game = {"rules": {}, "names": ["A", "B"], "hands": [], "ended": True, "uid": "gAB"}
>>> text = encode([(game, "2026-12-01T10:00:00.000Z")], [["A", "Ann"]])
>>> found = decode(text)
>>> index, game, started = found["games"][0]
>>> index, game["uid"], started, found["aliases"]
(0, 'gAB', '2026-12-01T10:00:00.000Z', [['A', 'Ann']])
>>> decode(text[:-4])
Traceback (most recent call last):
...
engine.ledger.link.LinkError: damaged
"""
import base64
import binascii

from ..inputs import read_json
from ..ledger.link import BASE64URL, LinkError, after_prefix, compact, expand
from ..ledger.wire import deflate_bytes, dumps, inflate
from .names import cleaned_groups

FORMAT = "1"
PREFIX = "s="  # the season page's fragment: LANG/season/#s=...
MAX_TEXT = 8000  # characters after #s=: past this the page offers the export file (SPEC §11.1)
MAX_JSON = 2_000_000  # bytes the link's JSON may inflate to
MAX_GAMES = 1000


def encode(games, aliases=()):
    """The text after ``#s=`` for [(game, started)] and the alias groups; it may be longer
    than MAX_TEXT (the page then offers the file instead: ``fits``)."""
    form = {"g": [[compact(game), started if isinstance(started, str) else None]
                  for game, started in games],
            "a": cleaned_groups(list(aliases))}
    data = dumps(form, compact=True).encode("utf-8")
    return FORMAT + base64.urlsafe_b64encode(deflate_bytes(data)).decode("ascii").rstrip("=")


def fits(text):
    return len(text) <= MAX_TEXT


def from_fragment(text):
    """The season in a location's hash ('#s=...'), or None when the hash holds none."""
    body = after_prefix(text, PREFIX)
    return None if body is None else decode(body)


def decode(text):
    """{"games": [(index, game, started)], "aliases", "problems": [(index, LinkError)]}: each
    game from its compact form (not yet checked by the record's reader), by its place in the
    link. Raises LinkError, and
    nothing else, whatever the text holds."""
    if not isinstance(text, str) or not text or not "0" <= text[0] <= "9" or any(
            ord(char) > 0x7F for char in text):
        raise LinkError("not_ours")
    if len(text) > MAX_TEXT:
        raise LinkError("too_long")
    if text[0] != FORMAT:
        raise LinkError("newer" if text[0] > FORMAT else "not_ours")
    body = text[1:]
    if any(char not in BASE64URL for char in body):
        raise LinkError("damaged")
    try:
        standard = body.replace("-", "+").replace("_", "/")
        packed = binascii.a2b_base64((standard + "=" * (-len(body) % 4)).encode("ascii"))
        form = read_json(inflate(packed, MAX_JSON).decode("utf-8"), MAX_JSON)
    except Exception:  # noqa: BLE001 (binascii.Error, ValueError, UnicodeError: their types vary)
        raise LinkError("damaged") from None
    if not (isinstance(form, dict) and isinstance(form.get("g"), list)
            and isinstance(form.get("a", []), list)) or set(form) - {"g", "a"}:
        raise LinkError("damaged")
    if len(form["g"]) > MAX_GAMES:
        raise LinkError("too_long")
    found, problems = [], []
    for index, item in enumerate(form["g"]):
        try:
            if not (isinstance(item, list) and len(item) == 2):
                raise LinkError("damaged")
            started = item[1] if isinstance(item[1], str) else None
            found.append((index, expand(item[0]), started))
        except LinkError as error:
            problems.append((index, error))
        except Exception:  # noqa: BLE001 (a shape the compact form never has)
            problems.append((index, LinkError("damaged")))
    return {"games": found, "aliases": cleaned_groups(form.get("a", [])), "problems": problems}
