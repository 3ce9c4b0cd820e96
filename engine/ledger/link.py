"""A game in a link: the page's game (record, names, ended) as the text after ``#g=`` (SPEC §8).

The text is a format digit, then URL-safe base64 (no padding) of the zlib stream (deflate with its
Adler-32 check, so a flipped bit is caught) of a compact JSON form of the game:

    {"r": rules that differ from the defaults, or from the published rule set that leaves the
          fewest to list ({"preset": "tenhou", "uma": [...]}: the record's reader takes both),
     "n": the seats' names, "e": 1 when ended by hand (left out otherwise),
     "u": the game's uid (SPEC §11.1; left out by games without one, as every link made before),
     "h": [hand, ...]}

A hand is a short list where it has one of the shapes below, and otherwise the record's own
dict, so any hand the record accepts travels, in this format, even one of a kind added later:

    ron      ["r", riichi, from, winner, ...]     riichi: the seats as a digit string ("02")
    tsumo    ["t", riichi, winner]                winner: [seat, han, fu] or [seat, 0, yakuman]
    draw     ["d", riichi, tenpai, nagashi]                 or [seat, 0, yakuman, pao]
    abort    ["a", riichi]

Rules travel by their record keys, so any rules field the record accepts travels too. Decoding
checks only the link's own layer; the game it gives is checked by the record's reader like any
other. Every failure is a ``LinkError`` with a stable code.

>>> game = {"rules": {"players": 4}, "names": ["A", "", "", ""], "hands": [
...     {"result": "ron", "riichi": [2], "from": 2, "winners": [{"seat": 0, "yakuman": 0,
...      "han": 3, "fu": 40}]}]}
>>> text = encode(game)
>>> text[0], decode(text) == dict(game, rules={}, ended=False)
('1', True)
>>> decode("2" + text[1:])
Traceback (most recent call last):
...
engine.ledger.link.LinkError: newer
"""
import base64
import binascii

from .. import inputs as read
from ..inputs import InputError, read_json
from ..presets import FIELDS, NAMES, preset_rules
from .record import MAX_HANDS, RecordError, rules_from
from .envelope import valid_uid
from .wire import deflate_bytes, dumps, inflate

FORMAT = "1"
PREFIX = "g="  # the link's fragment: LANG/ledger/#g=...
MAX_TEXT = 8000  # characters after #g=; a west game of 30 hands takes well under 1,000
MAX_JSON = 200_000  # bytes the compact form may inflate to: no more, whatever the link says
CODES = read.codes("not_ours", "newer", "too_long", "damaged")
RESULT_CODE = {"ron": "r", "tsumo": "t", "draw": "d", "abort": "a"}
CODE_RESULT = {code: result for result, code in RESULT_CODE.items()}
SEATS = "0123"
BASE64URL = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")


class LinkError(InputError):
    """``code``: not_ours (no game of this format), newer (a later format), too_long, damaged
    (truncated, re-encoded or altered); the field is the link itself."""

    def __init__(self, code, value=None):
        super().__init__("link", code, value)
        self.args = (code,)

    def __str__(self):  # MicroPython's str() of an exception does not read a changed args
        return self.args[0]


# ---------------------------------------------------------------- the compact form


def _seats(seats):
    return "".join(str(seat) for seat in seats)


def _winner(winner):
    if winner.get("yakuman"):
        short = [winner["seat"], 0, winner["yakuman"]]
        return short + [winner["pao"]] if "pao" in winner else short
    return [winner["seat"], winner["han"], winner["fu"]]


def _short(hand):
    result = hand.get("result")
    riichi = _seats(hand.get("riichi", []))
    if result == "ron":
        return ["r", riichi, hand["from"]] + [_winner(winner) for winner in hand["winners"]]
    if result == "tsumo":
        return ["t", riichi] + [_winner(winner) for winner in hand["winners"]]
    if result == "draw":
        return ["d", riichi, _seats(hand["tenpai"]), _seats(hand["nagashi"])]
    return ["a", riichi]


def _seat_list(text):
    if not isinstance(text, str) or any(char not in SEATS for char in text):
        raise LinkError("damaged")
    return [int(char) for char in text]


def _long_winner(short):
    if not (isinstance(short, list) and 3 <= len(short) <= 4):
        raise LinkError("damaged")
    if short[1] == 0:
        winner = {"seat": short[0], "yakuman": short[2]}
        if len(short) == 4:
            winner["pao"] = short[3]
        return winner
    if len(short) != 3:
        raise LinkError("damaged")
    return {"seat": short[0], "yakuman": 0, "han": short[1], "fu": short[2]}


def _long(short):
    """A hand back from its short list, or the record's own dict as it came."""
    if isinstance(short, dict):
        return short
    if not (isinstance(short, list) and len(short) >= 2 and isinstance(short[0], str)
            and short[0] in CODE_RESULT):
        raise LinkError("damaged")
    result = CODE_RESULT[short[0]]
    hand = {"result": result, "riichi": _seat_list(short[1])}
    rest = short[2:]
    if result == "ron" and len(rest) >= 2:
        hand["from"] = rest[0]
        hand["winners"] = [_long_winner(winner) for winner in rest[1:]]
    elif result == "tsumo" and len(rest) == 1:
        hand["winners"] = [_long_winner(rest[0])]
    elif result == "draw" and len(rest) == 2:
        hand["tenpai"], hand["nagashi"] = _seat_list(rest[0]), _seat_list(rest[1])
    elif result != "abort" or rest:
        raise LinkError("damaged")
    return hand


def _compact_hand(hand):
    """The short list where it gives the very same hand back, else the hand as it is."""
    try:
        short = _short(hand)
        if _long(short) == hand:
            return short
    except (KeyError, TypeError, LinkError):
        pass
    return hand


def _rules_by_difference(rules):
    """The rules as the fewest fields that differ from the defaults or from a preset.

    The fields the record reader knows are filled in first, so a field left to its default is
    compared as that default (a partial rules object must not take a preset's value for it);
    fields it does not know (from a later format) travel as they are.

    >>> _rules_by_difference({"chombo": "penalty", "chombopenalty": 30, "ties": "split"})
    {'chombo': 'penalty', 'chombopenalty': 30, 'ties': 'split'}
    """
    known = {key: value for key, value in rules.items() if key in FIELDS or key == "preset"}
    try:  # noqa: SIM105 (MicroPython has no contextlib)
        known = rules_from(known)
    except RecordError:  # the reader says what is wrong when it is opened
        pass
    rules = dict(rules)
    rules.update(known)
    players = rules.get("players", 4)
    bases = [({}, rules_from({"players": players}))]
    for name in NAMES:
        try:
            bases.append(({"preset": name}, preset_rules(name, players)))
        except ValueError:  # a rule set played by four only
            continue
    shortest = None
    for named, base in bases:
        differ = dict(named)
        differ.update((key, value) for key, value in rules.items() if base.get(key) != value)
        if players != 4:  # the reader takes a preset's four-player rules unless told
            differ["players"] = players
        # the first of the shortest, as CPython's json.dumps measured it (its length is the
        # same whatever the order of the keys)
        if shortest is None or len(dumps(differ, ascii_only=True)) < len(
                dumps(shortest, ascii_only=True)):
            shortest = differ
    return shortest


def compact(game):
    """The compact form of a game (rules as given, or filled in by the record's reader)."""
    form = {"r": _rules_by_difference(game.get("rules") or {}),
            "n": list(game.get("names") or []),
            "h": [_compact_hand(hand) for hand in game["hands"]]}
    if game.get("ended"):
        form["e"] = 1
    if game.get("uid"):
        form["u"] = game["uid"]
    return form


def expand(form):
    """The game from its compact form: ``rules`` (only what differs from the defaults: the
    record's reader fills in the rest), ``hands``, ``names``, ``ended``, and ``uid`` where
    the link has one."""
    if not (isinstance(form, dict) and isinstance(form.get("r"), dict)
            and isinstance(form.get("n"), list) and isinstance(form.get("h"), list)):
        raise LinkError("damaged")
    if form.get("e", 0) not in (0, 1) or set(form) - {"r", "n", "h", "e", "u"}:
        raise LinkError("damaged")
    if "u" in form and not valid_uid(form["u"]):
        raise LinkError("damaged")
    if len(form["h"]) > MAX_HANDS:
        raise LinkError("too_long")  # more hands than any game has (the record's bound)
    game = {"rules": form["r"], "names": form["n"], "ended": form.get("e") == 1,
            "hands": [_long(hand) for hand in form["h"]]}
    if "u" in form:
        game["uid"] = form["u"]
    return game


# ---------------------------------------------------------------- the text

def encode(game):
    """The text after ``#g=`` for a game: the compact form's JSON with its keys in a fixed
    order (engine.ledger.wire.dumps), so both interpreters deflate the same text."""
    data = dumps(compact(game), compact=True).encode("utf-8")
    packed = base64.urlsafe_b64encode(deflate_bytes(data)).decode("ascii").rstrip("=")
    return FORMAT + packed


def fragment(game):
    """The whole fragment, '#g=...'."""
    return "#" + PREFIX + encode(game)


def after_prefix(text, prefix):
    """What a location's hash ('#g=...', with its '#' or without) holds after `prefix`, or None
    when it does not start with it (a season link's reader shares it)."""
    body = text[1:] if text.startswith("#") else text
    return body[len(prefix):] if body.startswith(prefix) else None


def from_fragment(text):
    """The game in a location's hash ('#g=...'), or None when the hash holds no game at all."""
    body = after_prefix(text, PREFIX)
    return None if body is None else decode(body)


def decode(text):
    """The game in the text after ``#g=``; raises LinkError, and nothing else, whatever the
    text holds (its JSON is bounded in size and nesting before it is parsed)."""
    if not isinstance(text, str):
        raise LinkError("not_ours")
    if len(text) > MAX_TEXT:
        raise LinkError("too_long")
    if not text or not "0" <= text[0] <= "9" or any(ord(char) > 0x7F for char in text):
        raise LinkError("not_ours")
    if text[0] != FORMAT:
        raise LinkError("newer" if text[0] > FORMAT else "not_ours")
    body = text[1:]
    if any(char not in BASE64URL for char in body):
        raise LinkError("damaged")  # a chat app's escaping, a space, a cut in a character
    try:
        # binascii, not base64.urlsafe_b64decode: MicroPython's raises NotImplementedError
        standard = body.replace("-", "+").replace("_", "/")
        packed = binascii.a2b_base64((standard + "=" * (-len(body) % 4)).encode("ascii"))
        data = inflate(packed, MAX_JSON)  # cut short, too big, altered or followed by more
        form = read_json(data.decode("utf-8"), MAX_JSON)
    except Exception:  # noqa: BLE001 (binascii.Error, ValueError, UnicodeError: their types vary)
        raise LinkError("damaged") from None
    try:
        return expand(form)
    except LinkError:
        raise
    except Exception:  # noqa: BLE001 (a shape the compact form never has: damaged, never raised)
        raise LinkError("damaged") from None
