"""A game's counts for the season (SPEC §11.2), from the ledger's own replay, and the summary the
shelf keeps of them beside the game, so the season page adds up a season without replaying it.

Every amount comes from the ledger: the scores, the final standings, and each hand's value from
``engine.ledger.game.play`` run once more on the same hand with no honba, no sticks and no
riichi deposits — what the others paid for the hand itself, so a winner's value, pao and tsumo
loss included, is the ledger's and never a second copy of the payment rules.

A summary is ``game_counts``' counts, one list per seat (``seats``, in the order of SEAT), and
what the season filters and merges by — when the game started, its uid, names, preset, whether
it was ended by hand, a fingerprint of its rules and names — with the fingerprint of the stored
envelope it was counted from (``of``): a summary whose envelope has changed since (another tab,
an earlier build, a hand edit) is never read (``read_summary`` gives None): it is counted again.

>>> game = {"rules": {}, "hands": [{"result": "tsumo", "riichi": [1],
...         "winners": [{"seat": 1, "han": 3, "fu": 30}]}], "names": ["Ann", "Bo"], "ended": True}
>>> from engine.ledger.envelope import checked_game, envelope
>>> game = checked_game(game, game["names"], True)
>>> text = envelope(game, "1", "2026-12-02T10:00:00.000Z", "2026-12-02T11:00:00.000Z")
>>> kept = summary_text(summarise(game, "2026-12-02T10:00:00.000Z", text))
>>> summary = read_summary(kept, fingerprint(text))
>>> dict(zip(SEAT, summary["seats"][1]))["win_value"], summary["preset"], summary["finished"]
(4000, 'custom', True)
>>> [seat[:3] for seat in summary["seats"]]  # rank, result in tenths, hands
[[4, -270, 1], [1, 390, 1], [2, 40, 1], [3, -160, 1]]
>>> read_summary(kept, fingerprint(text.replace("Ann", "Ana"))) is None
True
"""
import binascii
import json

from ..presets import preset_of
from . import end, read_hand, replay, rules_from
from .game import State, play
from .wire import dumps

SUMMARY_VERSION = 1
MAX_SUMMARY = 4000  # characters: a four-player summary takes about 600
# The counts kept for each seat of a game (a list by seat each), SPEC §11.2's but games,
# places (from ``ranks``) and points (from ``results``, in tenths).
SEAT_COUNTS = ("busts", "chombo", "wins", "tsumo", "win_value", "deal_ins", "deal_in_value",
               "riichi", "draws", "draw_tenpai", "yakuman")
# A seat's counts in a summary, in this order: its place and result (in tenths), the game's
# hands, then SEAT_COUNTS. One list per seat, so a season adds each player's up column by column.
SEAT = ("rank", "result", "hands") + SEAT_COUNTS


def _zeros(players):
    return [0] * players


def game_counts(game):
    """A game's counts per seat (the game as engine.ledger.envelope reads it: its hands checked,
    every list there): {"players", "finished" (its last hand ended it, or it was ended by hand),
    "final", "results" (tenths), and each count of SEAT_COUNTS as a list by seat, ``ranks`` (the
    place each seat counts: a shared place as the better one), ``hands``, ``hand_values``: per
    hand, each seat's value won (for the hands' CSV), ``replayed``: the ledger's replay}. A game
    not over is counted as if ended now (its standing so far), as the ledger's "end" gives it."""
    rules = rules_from(game["rules"])
    players = rules["players"]
    record = {"rules": game["rules"], "hands": game["hands"]}
    played = replay(record)
    over = played["over"]
    if not over:
        played = end(record)
    counts = {name: _zeros(players) for name in SEAT_COUNTS}
    values = []
    for index, hand in enumerate(game["hands"]):
        hand = read_hand(hand, index, rules)  # every key there (a checked hand is unchanged)
        entry = played["hands"][index]
        for seat in hand["riichi"]:
            counts["riichi"][seat] += 1
        result = hand["result"]
        value = _zeros(players)
        if result in ("ron", "tsumo"):
            value = _values(hand, entry["dealer"], rules)
            winners = [seat for seat in range(players) if value[seat] > 0]
            yakuman = [w["seat"] for w in hand["winners"] if w.get("yakuman")]
            for seat in winners:
                counts["wins"][seat] += 1
                counts["tsumo"][seat] += result == "tsumo"
                counts["win_value"][seat] += value[seat]
                counts["yakuman"][seat] += seat in yakuman
            if result == "ron" and winners:
                discarder = hand["from"]
                counts["deal_ins"][discarder] += 1
                counts["deal_in_value"][discarder] += sum(value[seat] for seat in winners)
        elif result == "draw":
            tenpai = set(hand["tenpai"]) | set(hand["riichi"])  # riichi means tenpai (the ledger)
            for seat in range(players):
                counts["draws"][seat] += 1
                counts["draw_tenpai"][seat] += seat in tenpai
        elif result == "chombo":
            counts["chombo"][hand["seat"]] += 1
        values.append(value)
    final = played["final"]
    counts["busts"] = [int(score < 0) for score in final["scores"]]
    counts.update(players=players, finished=over or bool(game.get("ended")), final=final,
                  ranks=list(final["ranks"]),
                  results=[_tenths(result) for result in final["results"]],
                  hands=len(game["hands"]), hand_values=values, replayed=played)
    return counts


def _tenths(result):
    """A ledger result (a number to 0.1) as whole tenths."""
    return int(round(result * 10))


def _values(hand, dealer, rules):
    """Each seat's part of the hand's value: the hand played again from a table with no honba,
    no sticks and no deposits, so that only the hand itself is paid (a winner's gain; a multiple
    ron as the rules play it: a winner the rules leave out gains nothing)."""
    players = rules["players"]
    bare = State(0, dealer, 0, 0, (rules["start"],) * players, _zeros(players))
    deltas = play(bare, dict(hand, riichi=[]), rules).deltas
    return [max(delta, 0) for delta in deltas]


# ---------------------------------------------------------------- the summary kept

def fingerprint(text):
    """A stored text's length and CRC-32, both of its UTF-8, as one short text ("" for a text
    that has none: a lone surrogate). The page works the same out in JavaScript
    (site/engine-start.js's engineStamps), so the season never carries the texts into Python.

    >>> fingerprint("{}"), fingerprint("김")
    ('2.2745614147', '3.2206931637')
    """
    try:
        data = text.encode("utf-8")
    except UnicodeError:
        return ""
    return f"{len(data)}.{binascii.crc32(data) & 0xFFFFFFFF}"


def content_of(game):
    """The fingerprint of a game's rules and names: two copies of one game without a uid are
    found by them (engine.season.merge), so only summaries sharing one are read in full."""
    return fingerprint(dumps([game["rules"], list(game.get("names") or [])], compact=True))


def seats_of(counts):
    """game_counts' counts as one list per seat, in the order of SEAT."""
    return [[counts["ranks"][seat], counts["results"][seat], counts["hands"]]
            + [counts[field][seat] for field in SEAT_COUNTS] for seat in range(counts["players"])]


def summarise(game, started, text):
    """The summary of a checked `game`, kept in the envelope `text` (started at `started`)."""
    counts = game_counts(game)
    return {"version": SUMMARY_VERSION, "of": fingerprint(text),
            "started": started if isinstance(started, str) else None,
            "uid": game.get("uid"), "names": list(game.get("names") or []),
            "ended": bool(game.get("ended")), "preset": preset_of(game["rules"]),
            "content": content_of(game), "players": counts["players"],
            "finished": counts["finished"], "hands": counts["hands"], "seats": seats_of(counts)}


def summary_text(summary):
    return dumps(summary, compact=True)


def read_summary(text, stamp):
    """The summary in a stored `text` when it was counted from the envelope whose fingerprint
    is `stamp` now, else None (stale, of another version, or not a summary at all)."""
    if not (isinstance(text, str) and stamp and len(text) <= MAX_SUMMARY):
        return None
    try:
        summary = json.loads(text)  # bounded above: a short text cannot nest deep
        if not (isinstance(summary, dict) and summary.get("version") == SUMMARY_VERSION
                and summary.get("of") == stamp):
            return None
        seats = summary["seats"]
        if not (isinstance(seats, list) and len(seats) == summary["players"] and all(
                isinstance(seat, list) and len(seat) == len(SEAT) for seat in seats)):
            return None
    except Exception:  # noqa: BLE001 (a value of any shape: counted again)
        return None
    return summary
