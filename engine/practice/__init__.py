"""Practice: count it yourself (SPEC §12). Winning riichi hands drawn from the engine's own tile
model, weighted like Tenhou's 947 recorded wins, each with the calculator's keys (§3.1, §9.1)
and the engine's answer; the same seed gives the same questions under CPython and MicroPython.

``questions(seed, count, preset, honba)`` -> [{"keys": {...}, "answer": {...}}]; a question's
keys carry the preset's table rules, and never make a hand with no yaku, a fifth tile, or a red
five where the preset has none. ``read_seed`` and ``read_count`` read what a person or an
address gives; bad values raise ``PracticeError(field, code, value)``.

>>> first = questions(1, 2)
>>> [sorted(q) for q in first]
[['answer', 'keys'], ['answer', 'keys']]
>>> first == questions(1, 2) and first[0] == questions(1, 1)[0]
True
>>> first[0]["keys"]["rule"], first[0]["keys"]["fumode"], first[0]["keys"]["dwind4"]
('riichi', 'tiles', '1')
>>> read_seed("12a")
Traceback (most recent call last):
...
engine.practice.PracticeError: seed='12a': not_a_number
"""
from .. import calculate
from ..inputs import InputError, choice, integer, text
from ..presets import NAMES, PRESETS
from . import hands
from .rng import Rng

SEED_MAX = 999_999_999  # nine digits: the seeds a page writes and reads (#q=SEED)
COUNT_MAX = 1000
SET_SIZE = 10  # a set of questions on the page
DEFAULT_PRESET = NAMES[0]  # tenhou

# The mix of Tenhou's recorded wins (SPEC §12, ../shared/data/tenhou/, per thousand): 1.5%
# yakuman, 3% chiitoitsu, about half closed, 41% riichi, 43% tsumo, 25–30% mangan or more.
YAKUMAN = 15
CHIITOITSU = 28
CHIITOITSU_RIICHI = 620  # of the chiitoitsu
CLOSED = 530  # of the other hands
RIICHI = 770  # of the closed other hands
TSUMO = 430
LIMIT = 270  # of the hands below yakuman: a mangan or more
TRIES = 24  # hands drawn for one question before the first valid one is taken
SEAT_WINDS = (("E", 29), ("S", 24), ("W", 24), ("N", 23))
ROUND_WINDS = (("E", 55), ("S", 45))
HONBA = ((0, 62), (1, 24), (2, 9), (3, 4), (4, 1))

# The table rules a question carries, from its preset (SPEC §9.1, engine.presets).
RULE_KEYS = ("kiriage", "kazoe", "multi", "dwind4", "kuitan", "aka", "doubleyakuman",
             "renhouvalue")
FLAG_KEYS = ("riichi", "doubleriichi", "ippatsu", "haitei", "houtei", "rinshan")
# The keys of a question in their order (the page's data-practice-keys, the CLI's JSON).
KEY_ORDER = ("rule", "fumode", "hand", "agari", "melds", "win", "seatwind", "roundwind", "dora",
             "ura") + FLAG_KEYS + RULE_KEYS + ("honba",)


class PracticeError(InputError):
    """A bad seed, count or preset: ``field`` (seed | count | preset), ``code``, ``value``."""


def read_seed(value):
    """A set's seed: a whole number 0 … SEED_MAX (typed, from an address or a JSON number)."""
    return _whole(value, "seed", 0, SEED_MAX)


def read_count(value):
    return _whole(value, "count", 1, COUNT_MAX)


def _whole(value, field, low, high):
    if isinstance(value, str):
        value = text(value, field, 32, error=PracticeError)  # empty: said so, not "not a number"
    return integer(value, field, low, high, error=PracticeError)


def read_preset(value):
    return choice(value, "preset", NAMES, error=PracticeError)


def written(tiles):
    """[(tile, red)] in the notation, sorted: ``234m067p55s``."""
    out, suit = [], None
    for tile, red in sorted(tiles):
        if tile // 9 != suit:
            if suit is not None:
                out.append("mpsz"[suit])
            suit = tile // 9
        out.append("0" if red else str(tile % 9 + 1))
    if suit is not None:
        out.append("mpsz"[suit])
    return "".join(out)


def rule_keys(preset):
    """The preset's table rules as keys (strings)."""
    rules = PRESETS[preset]
    return [(key, str(rules[key])) for key in RULE_KEYS]


def _plan(rng, aka):
    draw = rng.below(1000)
    tsumo = rng.chance(TSUMO)
    seat, round_ = rng.weighted(SEAT_WINDS), rng.weighted(ROUND_WINDS)
    if draw < YAKUMAN:
        shape = rng.weighted(hands.YAKUMAN_SHAPES)
        closed = shape in ("kokushi", "suuankou") or rng.chance(500)
        riichi = closed and rng.chance(400)
        plan = hands.Plan("yakuman", closed, riichi, "tsumo" if tsumo else "ron", seat, round_, aka)
        return plan, shape
    if draw < YAKUMAN + CHIITOITSU:
        riichi = rng.chance(CHIITOITSU_RIICHI)
        return hands.Plan("chiitoitsu", True, riichi, "tsumo" if tsumo else "ron", seat, round_,
                          aka), "chiitoitsu"
    closed = rng.chance(CLOSED)
    riichi = closed and rng.chance(RIICHI)
    plan = hands.Plan("standard", closed, riichi, "tsumo" if tsumo else "ron", seat, round_, aka)
    themes = hands.OPEN_THEMES if not closed else (
        hands.RIICHI_THEMES if riichi else hands.DAMA_THEMES)
    return plan, rng.weighted(themes)


def _keys(plan, hand, preset, honba):
    concealed, melds, agari, flags, dora, ura = hand
    keys = {"rule": "riichi", "fumode": "tiles", "hand": written(concealed),
            "agari": written([agari]),
            "melds": ",".join(f"{kind}:{written(tiles)}" for kind, tiles in melds),
            "win": plan.win, "seatwind": plan.seat, "roundwind": plan.round,
            "dora": written(dora), "ura": written(ura)}
    for flag in FLAG_KEYS:
        if flag in flags:
            keys[flag] = "1"
    for key, value in rule_keys(preset):
        keys[key] = value
    keys["honba"] = str(honba)
    return keys


def question(seed, index, preset=DEFAULT_PRESET, honba=True):
    """Question `index` (0, 1, …) of the set `seed` under `preset`: {"keys", "answer"}. With
    `honba` off every question is played at 0 honba (the hands stay the same)."""
    rng = Rng(seed, index)
    aka = bool(PRESETS[preset]["aka"])
    plan, theme = _plan(rng, aka)
    counters = rng.weighted(HONBA)  # drawn either way: honba off keeps the same hands
    counters = counters if honba else 0
    if theme == "suuankou" and plan.win == "ron" and rng.chance(500):
        plan.win = "tsumo"  # most concealed-triplet yakuman are won by tsumo
    # a mangan or more, or less: drawn once, then hands are drawn until one fits
    limit = plan.shape == "yakuman" or rng.chance(LIMIT)
    found = None
    for _attempt in range(TRIES):
        try:
            hand = hands.build(rng, plan, theme, aim_dora=limit)
        except hands.Short:
            continue
        keys = _keys(plan, hand, preset, counters)
        try:
            answer = calculate(keys)
        except InputError:
            continue  # no yaku (or, for a theme that missed, not the hand it meant): again
        if plan.shape == "yakuman" and not answer["tiles"]["yakuman"]:
            continue
        found = keys, answer
        if (answer["tier"] != "none") == limit:
            break
    if found is None:  # every draw failed (rare): the question from another stream
        return question(seed, index + 1_000_000, preset, honba)
    keys, answer = found
    return {"keys": keys, "answer": answer}


def questions(seed, count=SET_SIZE, preset=DEFAULT_PRESET, honba=True):
    """The first `count` questions of the set `seed` under `preset`."""
    return [question(seed, index, preset, honba) for index in range(count)]


def query_text(keys):
    """A question's keys as a query string, in KEY_ORDER (the page's data-practice-keys): the
    values are tiles, letters, digits, commas and colons, none of which a query escapes but the
    comma and colon, kept as they are for a reader (URLSearchParams reads them either way)."""
    return "&".join(f"{key}={keys[key]}" for key in KEY_ORDER if key in keys)


__all__ = ["questions", "question", "read_seed", "read_count", "read_preset", "query_text",
           "PracticeError", "SEED_MAX", "SET_SIZE", "KEY_ORDER"]
