"""The game in a link (SPEC §8, engine/ledger/link.py): every real Tenhou game goes out and comes
back as it was, its replay equal to the command line's on the original; links that are cut,
flipped, re-encoded, newer or not ours are refused with their code; a south game of 20 hands with
names fits one QR code of a size a phone reads from a screen."""
import base64
import json
import random
import subprocess
import sys
import zlib

import pytest
import segno

from engine.ledger import link, read_hand, replay, rules_from
from tests.conftest import ROOT
from tests.tenhou import DATA, convert, games

PATHS = games() if DATA.is_dir() else []
NAMES = ["김민수", "佐藤 花子", "Player 3", "이지은 <b>"]
ORIGIN = "https://example.github.io/mahjong-payments/ko/ledger/"  # a Pages site's length


def page_game(record, names=(), ended=False):
    """The game as the page holds it: rules filled in, hands as the record's reader gives them."""
    rules = rules_from(record.get("rules"))
    hands = [read_hand(hand, index, rules) for index, hand in enumerate(record["hands"])]
    return {"rules": rules, "hands": hands, "names": list(names)[:rules["players"]], "ended": ended}


def followed(text):
    """What the page does with a link's text: decode it, then read it like any record."""
    game = link.decode(text)
    return page_game(game, game["names"], game["ended"])


def cli(record):
    done = subprocess.run([sys.executable, "-m", "engine.ledger", "-"], cwd=ROOT, text=True,
                          input=json.dumps(record), capture_output=True, check=True)
    return json.loads(done.stdout)


@pytest.mark.skipif(not PATHS, reason="../shared/data/tenhou/ is absent")
@pytest.mark.parametrize("path", PATHS, ids=[path.name[:12] for path in PATHS])
def test_every_tenhou_game_comes_back_from_its_link(path):
    record = convert(path).record
    game = page_game(record, NAMES)
    back = followed(link.encode(game))
    assert back == game
    played, expected = replay(back), cli(record)
    assert [h["scores"] for h in played["hands"]] == [h["scores"] for h in expected["hands"]]
    assert played["over"] == expected["over"]
    if expected["over"]:
        assert [str(v) for v in played["final"]["results"]] == \
            [str(v) for v in expected["final"]["results"]]


def random_game(hands_wanted, seed, rules):
    """A valid game of `hands_wanted` hands (rons, tsumo, draws, riichi), grown hand by hand."""
    chance = random.Random(seed)
    record = {"rules": rules, "hands": []}
    seats_at_table = range(rules.get("players", 4))
    while len(record["hands"]) < hands_wanted:
        kind = chance.choice(["ron", "ron", "tsumo", "draw"])
        seats = chance.sample(seats_at_table, 2)
        riichi = sorted(chance.sample(seats_at_table, chance.choice([0, 0, 1, 2])))
        winner = {"seat": seats[0], "han": chance.randint(1, 4), "fu": chance.choice([30, 40])}
        hand = {"ron": {"result": "ron", "from": seats[1], "winners": [winner], "riichi": riichi},
                "tsumo": {"result": "tsumo", "winners": [winner], "riichi": riichi},
                "draw": {"result": "draw", "tenpai": riichi, "riichi": riichi}}[kind]
        trial = {**record, "hands": [*record["hands"], hand]}
        try:
            game = replay(trial)
        except ValueError:
            continue
        if game["over"] and len(trial["hands"]) < hands_wanted:
            continue
        record = trial
    return record


# Nobody reaches 60,000 and a dealer may keep the seat in the last round: a game can run long.
LONG = {"length": "south", "extension": "west", "return": 60000, "busting": 0, "agariyame": 0,
        "tenpaiyame": 0}


def qr_version(text):
    return segno.make(ORIGIN + "#g=" + text, error="l", micro=False).version


# 20 hands: version 15 is 77 x 77 modules, 4.5 px each across a 390 px phone; 30 hands (a west
# round) may take a denser code.
@pytest.mark.parametrize(("hands", "seed", "largest"), [(20, 7, 15), (30, 11, 20)])
def test_a_long_game_with_names_fits_a_qr_code(hands, seed, largest):
    record = random_game(hands, seed, LONG)
    game = page_game(record, NAMES)
    text = link.encode(game)
    assert followed(text) == game
    print(f"{hands} hands: {len(ORIGIN) + 3 + len(text)} characters, QR version {qr_version(text)}")
    assert qr_version(text) <= largest


def test_any_hand_the_record_takes_travels_as_it_is():
    """A hand of no short shape (a kind the record learns later, a key it adds) goes as its
    dict: the link's format need not change for it."""
    odd = {"result": "later", "seat": 2, "riichi": [1], "key": {"a": [1]}}
    game = {"rules": {"players": 4, "chombopenalty": 37, "newfield": "x"}, "names": [], "hands": [odd]}
    assert link.decode(link.encode(game))["hands"] == [odd]
    assert link.decode(link.encode(game))["rules"] == {"chombopenalty": 37, "newfield": "x"}


def test_partial_rules_keep_their_defaults():
    """Rules that name only some fields keep the defaults for the rest (not a preset's)."""
    odd = {"result": "chombo", "seat": 2, "riichi": [1]}
    rules = {"players": 4, "chombo": "penalty", "chombopenalty": 30, "ties": "split"}
    game = {"rules": rules, "names": [], "hands": [odd]}
    decoded = link.decode(link.encode(game))
    assert decoded["hands"] == [odd]
    assert rules_from(decoded["rules"]) == rules_from(rules)
    assert rules_from(decoded["rules"])["chombopenalty"] == 30


def test_ended_by_hand_and_three_players():
    record = {"rules": {"players": 3}, "hands": [
        {"result": "tsumo", "winners": [{"seat": 2, "yakuman": 1, "pao": 0}], "riichi": []},
        {"result": "draw", "tenpai": [1], "nagashi": [0], "riichi": [1, 0]}]}
    game = page_game(record, ["", "B"], ended=True)
    assert followed(link.encode(game)) == game


GOOD = link.encode(page_game(random_game(8, 3, {}), NAMES))


def packed(form, format_digit="1"):
    data = json.dumps(form).encode()
    return format_digit + base64.urlsafe_b64encode(zlib.compress(data)).decode().rstrip("=")


@pytest.mark.parametrize(("text", "code"), [
    ("", "not_ours"),
    ("hello", "not_ours"),
    ("0" + GOOD[1:], "not_ours"),
    ("2" + GOOD[1:], "newer"),
    ("9abc", "newer"),
    ("1" + "A" * 9000, "too_long"),
    (GOOD[:-5], "damaged"),  # cut short
    (GOOD[: len(GOOD) // 2], "damaged"),
    (GOOD.replace("-", "%2D").replace("_", "%5F") + "%2E", "damaged"),  # a chat app's escaping
    (GOOD + ")", "damaged"),
    (GOOD + "AAAA", "damaged"),  # more after the stream
    (GOOD[:20] + ("A" if GOOD[20] != "A" else "B") + GOOD[21:], "damaged"),  # one letter changed
    (GOOD[:-3] + " " + GOOD[-3:], "damaged"),
    (packed([1, 2, 3]), "damaged"),
    (packed({"r": {}, "n": [], "h": [["x", ""]]}), "damaged"),
    (packed({"r": {}, "n": [], "h": [["r", "05", 1, [0, 2, 30]]]}), "damaged"),
    (packed({"r": {}, "n": [], "h": [], "extra": 1}), "damaged"),
    ("1" + base64.urlsafe_b64encode(zlib.compress(b"\0" * 300_000)).decode().rstrip("="), "damaged"),
])
def test_a_link_that_is_not_a_game_of_ours_is_refused_with_its_code(text, code):
    with pytest.raises(link.LinkError) as caught:
        link.decode(text)
    assert caught.value.code == code


def test_every_single_bit_flip_is_caught():
    """Adler-32 over the stream: no flipped bit of the packed bytes gives back a game silently."""
    body = GOOD[1:]
    data = bytearray(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
    original = link.decode(GOOD)
    for bit in range(len(data) * 8):
        flipped = bytearray(data)
        flipped[bit // 8] ^= 1 << (bit % 8)
        text = "1" + base64.urlsafe_b64encode(bytes(flipped)).decode().rstrip("=")
        try:
            assert link.decode(text) == original
        except link.LinkError as error:
            assert error.code == "damaged"


def test_a_link_holding_html_is_only_text():
    """Names are text, whatever they hold; the record's reader still checks every hand."""
    game = page_game(random_game(2, 5, {}), ['<img src=x onerror="alert(1)">', "</script>"])
    assert followed(link.encode(game))["names"][0] == '<img src=x onerror="alert(1)">'
    bad = packed({"r": {}, "n": [], "h": [{"result": "ron", "from": "<b>", "winners": []}]})
    with pytest.raises(ValueError):
        followed(bad)


def test_from_fragment_takes_only_our_key():
    assert link.from_fragment("") is None and link.from_fragment("#top") is None
    assert link.from_fragment("#g=" + GOOD) == link.decode(GOOD)


def test_a_game_with_a_chombo_and_issue_16s_rules_comes_back():
    """Issue 16's chombo hand and rules fields travel in format 1 as the record reader has them."""
    record = {"rules": {"chombo": "penalty", "chombopenalty": 30, "ties": "split", "aborts": 0,
                        "target": 31000}, "hands": [
        {"result": "chombo", "seat": 2, "riichi": [1]},
        {"result": "ron", "from": 2, "winners": [{"seat": 0, "han": 2, "fu": 30}], "riichi": []}]}
    game = page_game(record, NAMES)
    assert game["hands"][0]["result"] == "chombo"
    back = followed(link.encode(game))
    assert back == game
    assert replay(back) == replay(record)


@pytest.mark.parametrize("players", [4, 3])
def test_the_charts_lines_go_through_every_seats_scores(players):
    """Each seat's path read back through the chart's axis labels gives the replayed scores."""
    import re
    sys.path.insert(0, str(ROOT / "site"))
    from ledger import drawing
    import tomllib

    words = tomllib.loads((ROOT / "content" / "ko" / "strings.toml").read_text())["ledger"]
    record = page_game(random_game(12, players, {**LONG, "players": players}), NAMES)
    game = replay(record)
    drawn = drawing.chart(words, record, game)["elements"]
    grid = [(float(a["y1"]), next(text for tag, b, text in drawn if tag == "text" and b["y"] == a["y1"]))
            for tag, a, _ in drawn if tag == "line"]
    (y0, v0), (y1, v1) = grid[0], grid[-1]
    to_score = lambda y: int(v0.replace(",", "")) + (y - y0) * (  # noqa: E731
        int(v1.replace(",", "")) - int(v0.replace(",", ""))) / (y1 - y0)
    lines = [a for tag, a, _ in drawn if tag == "path" and "data-seat" in a]
    assert [a["data-seat"] for a in lines] == [str(seat) for seat in range(players)]
    start = record["rules"]["start"]
    for seat, attributes in enumerate(lines):
        ys = [float(y) for y in re.findall(r"[ML][\d.]+ ([\d.]+)", attributes["d"])]
        wanted = [start, *(entry["scores"][seat] for entry in game["hands"])]
        assert [round(to_score(y) / 100) * 100 for y in ys] == pytest.approx(wanted, abs=600)
    legend = [text for tag, a, text in drawn if tag == "text" and "chart-legend" in a["class"]]
    assert legend == [name[:6] + "…" if len(name) > 7 else name for name in NAMES[:players]]


# ---------------------------------------------------------------- issue 34: hostile links
# The red-team's links (../shared/reviews/security-turn5.md, F7, F9, F12): decode lets only a
# LinkError out, and checked_game only a ShelfError, whatever the link holds.

def raw_link(text):
    """The text after #g= for any JSON text, as a hostile link would carry it."""
    packed = base64.urlsafe_b64encode(zlib.compress(text.encode("utf-8"), 9))
    return "1" + packed.decode("ascii").rstrip("=")


@pytest.mark.parametrize("text, code", [
    ("1eNqrVipSsqqu1VHKU7KKjtVRygBS0dGGQJZSbGwtAIWjCIw", "damaged"),  # the report's 48 chars
    (raw_link('{"r":{},"n":[],"h":[[{"a":1},""]]}'), "damaged"),  # a hand code that is a dict
    (raw_link("[" * 100_000), "damaged"),  # 163 characters inflating to 100,000 "["
    (raw_link('{"r":{},"n":[],"h":' + "[" * 5000 + "]" * 5000 + "}"), "damaged"),
    (raw_link('{"r":{"start":' + "9" * 5000 + '},"n":[],"h":[]}'), "damaged"),
    (raw_link('{"r":{},"n":[],"h":' + json.dumps([["a", ""]] * 10_000) + "}"), "too_long"),
])
def test_f7_f12_a_hostile_link_is_a_link_error(text, code):
    assert len(text) <= link.MAX_TEXT
    with pytest.raises(link.LinkError) as caught:
        link.from_fragment("#g=" + text)
    assert caught.value.code == code


def test_f7_the_reports_deep_link_is_refused():
    text = ("1eNrtwTEBAAAAwqCg69_DGh5AAQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAK8GbQfi9w")
    with pytest.raises(link.LinkError):
        link.decode(text)


def test_f9_a_199000_character_name_in_a_link_is_cut_to_the_forms_limit():
    from engine.ledger.envelope import MAX_NAME, checked_game

    text = raw_link(json.dumps({"r": {}, "n": ["x" * 199_000, "\u202eEve"], "h": []}))
    assert len(text) < 1000
    game = link.decode(text)
    kept = checked_game(game, game["names"], game["ended"])
    assert kept["names"] == ["x" * MAX_NAME, "Eve"]


def test_f12_the_most_hands_a_game_has_still_travel():
    from engine.ledger import MAX_HANDS

    game = {"rules": {"busting": 0}, "names": [], "hands": [{"result": "abort", "riichi": []}]
            * MAX_HANDS}
    assert len(link.decode(link.encode(game))["hands"]) == MAX_HANDS
