"""The same game arriving twice counts once (SPEC §11.1).

A copy is a game as the page keeps it (``{"rules", "hands", "names", "ended"}`` and its ``uid``
where it has one, checked by engine.ledger.envelope) with where it came from: ``{"game",
"started", "source"}``. Two copies are the same game when

- they have the same uid: the copy with more hands is kept, then the ended one — as long as
  the rules are the same and its hands begin with all of the other's; two that disagree are
  both kept and marked (``conflict``);
- either has no uid, or one given late (engine.ledger.envelope.given_late: a game kept before
  there were uids gets one on each phone that opens it): when the rules and names are equal
  and the hands of one begin with all of the other's.

The answer does not depend on the order the copies come in: each copy is compared with the
others by what it holds, and of two copies that hold the same the first in a fixed order
stays.

>>> hands = [{"result": "abort", "riichi": []}] * 3
>>> rules = {"players": 4}
>>> short = {"game": {"rules": rules, "hands": hands[:1], "names": ["A"], "ended": False}}
>>> long = {"game": {"rules": rules, "hands": hands, "names": ["A"], "ended": False}}
>>> [len(copy["game"]["hands"]) for copy in merge([short, long])]
[3]
>>> one = {"game": dict(long["game"], uid="gX", hands=hands[:2])}
>>> other = {"game": dict(long["game"], uid="gX", hands=[{"result": "draw", "tenpai": [],
...          "nagashi": [], "riichi": []}])}
>>> [copy["conflict"] for copy in merge([one, other])]
[True, True]
"""
from ..ledger.envelope import given_late, valid_uid
from ..ledger.summary import content_of


def _starts(longer, shorter):
    """Whether the hands `longer` begin with all of `shorter`."""
    if len(shorter) > len(longer):
        return False
    for index in range(len(shorter)):  # noqa: SIM110 (a slice would copy both lists)
        if longer[index] != shorter[index]:
            return False
    return True


def _ahead(one, other):
    """Whether copy `one` holds more than `other` (of the same game): more hands, then ended,
    then (holding the same) the first in the fixed order."""
    a, b = one["game"], other["game"]
    if len(a["hands"]) != len(b["hands"]):
        return len(a["hands"]) > len(b["hands"])
    if bool(a.get("ended")) != bool(b.get("ended")):
        return bool(a.get("ended"))
    return one["order"] < other["order"]


def _same_uid(a, b):
    return valid_uid(a.get("uid")) and a.get("uid") == b.get("uid")


def _by_content(a, b):
    """Without a uid (or with one given late): the same rules and names."""
    return (given_late(a.get("uid")) or given_late(b.get("uid"))) and \
        a["rules"] == b["rules"] and list(a["names"]) == list(b["names"])


def _covers(one, other):
    """Whether copy `one` makes copy `other` redundant: the same game, holding all of it."""
    a, b = one["game"], other["game"]
    if not (_same_uid(a, b) and a["rules"] == b["rules"]) and not _by_content(a, b):
        return False
    return _starts(a["hands"], b["hands"]) and _ahead(one, other)


def _content_key(game):
    """The rules and names as one text, to find the copies a game without a uid may be."""
    rules = game["rules"]
    return "\x1f".join(f"{key}={rules[key]!r}" for key in sorted(rules)) + "\x1e" + \
        "\x1f".join(str(name) for name in game["names"])


def merge(copies):
    """The copies that count, each once: a list of new dicts (every key of the copy as given,
    ``started`` and ``source`` None where it had none, ``conflict``: True when another kept copy
    has its uid and disagrees with it), in a fixed order (uid, rules and names, hands, then
    when and where from). Of two copies holding the same, one marked ``kept`` (already on this
    phone) stays."""
    # Content is compared only where a game has no uid, or one given late.
    by_rules = any(given_late(copy["game"].get("uid")) for copy in copies)
    ordered = []
    for copy in copies:
        game = copy["game"]
        ordered.append({"copy": copy, "game": game, "started": copy.get("started"),
                        "source": copy.get("source"),
                        "content": _content_key(game) if by_rules else "",
                        "kept": bool(copy.get("kept"))})
    # Copies equal in all of this and holding the same hands are the same: either may stay.
    ordered.sort(key=lambda copy: (str(copy["game"].get("uid") or ""), copy["content"],
                                   len(copy["game"]["hands"]), bool(copy["game"].get("ended")),
                                   not copy["kept"], copy["started"] or "",
                                   str(copy["source"] or "")))
    for place, copy in enumerate(ordered):
        copy["order"] = place
    by_uid, by_content = {}, {}
    for copy in ordered:
        uid = copy["game"].get("uid")
        if valid_uid(uid):
            by_uid.setdefault(uid, []).append(copy)
        by_content.setdefault(copy["content"], []).append(copy)
    kept = []
    for copy in ordered:
        uid = copy["game"].get("uid")
        others = list(by_uid.get(uid, ())) if valid_uid(uid) else []
        if not by_rules:
            pass
        elif given_late(uid):
            others += by_content[copy["content"]]
        else:  # a game with its own uid is found by content only in a copy without one
            others += [other for other in by_content[copy["content"]]
                       if given_late(other["game"].get("uid"))]
        if not any(other is not copy and _covers(other, copy) for other in others):
            kept.append(copy)
    counts = {}
    for copy in kept:
        uid = copy["game"].get("uid")
        if valid_uid(uid):
            counts[uid] = counts.get(uid, 0) + 1
    return [dict(copy["copy"], game=copy["game"], started=copy["started"],
                 source=copy["source"],
                 conflict=valid_uid(copy["game"].get("uid")) and counts[copy["game"]["uid"]] > 1)
            for copy in kept]


def _uid_and_content(copy):
    """(uid as given, fingerprint of rules and names) of a copy, from its summary where it has
    no game."""
    game = copy.get("game")
    if game is None:
        summary = copy["summary"]
        return summary.get("uid"), summary["content"]
    return game.get("uid"), content_of(game)


def merge_kept(copies, load):
    """``merge`` for copies of which some hold only the summary the shelf keeps of their game
    (``{"summary", ...}``, no ``game``: the games kept on this phone). Only a copy that may be
    the same game as another — the same uid, or the same rules and names where either has no
    uid of its own — is read in full (``load(copy)``: its game) and merged; every other counts
    as it is, unmarked. Each copy comes back with the keys it came with, ``conflict`` added (a
    copy that counts as it is and came with ``conflict`` False comes back as it came: a season
    of 500 games copies none)."""
    # Counted first as they come, each checked only where it matters: a season of 500 games has
    # few uids twice, and a uid given late matters only for rules and names another game shares.
    keys = [_uid_and_content(copy) for copy in copies]
    uids, contents = {}, {}
    for uid, content in keys:
        if isinstance(uid, str):
            uids[uid] = uids.get(uid, 0) + 1
        contents[content] = contents.get(content, 0) + 1
    late = {}  # rules and names several copies share: whether one of them has a uid given late
    for uid, content in keys:
        if contents[content] > 1 and not late.get(content):
            late[content] = given_late(uid)
    alone, maybe = [], []
    for copy, (uid, content) in zip(copies, keys):
        if isinstance(uid, str) and uids[uid] > 1 and valid_uid(uid) or \
                contents[content] > 1 and late[content]:
            maybe.append(copy if copy.get("game") is not None else dict(copy, game=load(copy)))
        else:
            alone.append(copy if copy.get("conflict") is False else dict(copy, conflict=False))
    return alone + merge(maybe)
