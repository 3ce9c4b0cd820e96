"""Hostile and malformed calculator links (205 query strings, 200 generated), in plain Python:
what the page says for each, computed as the page computes it (tests/test_calculator_cards.py
`opened`), against the engine given the link as the command line reads it.

tests/browser/test_hostile.py walks every one of these links in one live page per language,
and opens two of them for real (no element injected); each link opened for real used to prove
the values below once more in Chromium (code review turn 5, §4.3).
"""
import random
from urllib.parse import parse_qsl, quote

import pytest

from calculator.present import error_text, fmt
from engine import DEFAULTS, KEYS, InputError, calculate
from tests.test_calculator_cards import STRINGS, opened

PAYLOADS = [
    "<script>alert(1)</script>", '"><img src=x onerror=alert(1)>', "javascript:alert(1)",
    "'\";alert(1);//", "<svg onload=alert(1)>", "<iframe src=javascript:alert(1)>",
    "{{7*7}}", "${7*7}", "__proto__", "constructor", "&#60;script&#62;", "%3Cscript%3E",
    "9" * 10_000, "x" * 40, "", " ", "-0", "1e3", "NaN", "Infinity", "0x10", "1_000", "+3",
    "３０", "１３", "٣", "𝟑", "3.0", "2.5", "-1", "999999", "\u202e31", "🀄", "30\u0000",
    "ron\"", "TSUMO", " 4 ", "０．５", "0.00001", "1,5", "hk<", "count'", "riichi onload=x",
]
EXTRA_KEYS = ["__proto__", "<b>x</b>", "onload", "constructor", "x" * 300]


def generate(count=200, seed=20261130):
    """Query strings mixing hostile values, real keys, unknown keys and repeated keys."""
    rng = random.Random(seed)
    # The keys of the typed and counted modes, as when these 200 were chosen: a key that counts
    # only for a hand from its tiles (SPEC §9.1) is ignored in those modes; test_tiles.py opens
    # hostile tile links.
    names = [name for name, key in KEYS.items() if not any("tiles" in allowed for _, allowed in key.when)]
    queries = []
    for i in range(count):
        pairs = []
        if rng.random() < 0.7:
            pairs.append(("rule", rng.choice(["riichi", "hk", "mcr", "nmjl"])))
        if i % 9 == 0:
            pairs.append(("fumode", "count"))
        for _ in range(rng.randint(1, 3)):
            pairs.append((rng.choice(names), rng.choice(PAYLOADS)))
        if i % 5 == 0:
            pairs.append((rng.choice(EXTRA_KEYS), rng.choice(PAYLOADS)))
        if i % 7 == 0:  # a repeated key: the first value counts
            name = rng.choice(names)
            pairs += [(name, DEFAULTS[name]), (name, rng.choice(PAYLOADS))]
        rng.shuffle(pairs)
        queries.append("?" + "&".join(f"{quote(k, safe='')}={quote(v, safe='')}" for k, v in pairs))
    return queries


# and a few by hand: hundreds of repeated keys, a flood of unknown ones, a bare "?"
QUERIES = generate() + [
    "?" + "&".join(["han=%3Cb%3E"] * 300 + ["han=4"]),
    "?" + "&".join(f"k{i}=%3Cscript%3E" for i in range(500)) + "&fu=40",
    "?", "?&&&=&==", "?rule=hk&rule=mcr&fan=%EF%BC%95",
]


def expected(query):
    """(the engine's result, None) or (None, its InputError) for the link, read as the command
    line reads a query: the first value of each key, the defaults for the rest."""
    link = {}
    for key, value in parse_qsl(query[1:], keep_blank_values=True):
        link.setdefault(key, value)
    mapping = {**DEFAULTS, **{k: v for k, v in link.items() if k in KEYS}}
    try:
        return calculate(mapping), None
    except InputError as error:
        return None, error


@pytest.mark.parametrize("lang", ["ko", "ja"])
def test_every_hostile_link_says_what_the_engine_says(lang):
    """What tests/browser/test_hostile.py's `check` reads off the page, for every link: a link
    the engine takes shows its total and no error; a refused one shows the one message of its
    field, and no answer is shown (none of this link's was ever computed)."""
    errors = 0
    for query in QUERIES:
        result, error = expected(query)
        shown = opened(lang, query)
        if error is None:
            assert shown["state"] == "ok", query
            assert shown["error"] is None, query
            assert shown["view"]["total"] == fmt(result["total"]), query
        else:
            errors += 1
            assert shown["state"] == "invalid", query
            assert shown["error"] == (error.field, error_text(error, STRINGS[lang])), query
    assert errors > 80  # many are refused, each with its field named; the rest compute
