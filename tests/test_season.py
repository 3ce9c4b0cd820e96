"""Issue 38: a season among friends (SPEC §11).

The oracle: the 113 real Tenhou games of ../shared/data/tenhou/ (mjlog XML) as one season, each
player by the name in the record's ``UN`` tag. Every count of SPEC §11.2 per player must equal
what Tenhou's own tags say, counted here from the tags alone: wins and their values from
``AGARI`` (``who``, ``ten``'s points), tsumo where ``who == fromWho``, deal-ins from ``fromWho``
(a double ron once), riichi from accepted ``REACH step=2``, draws and tenpai from ``RYUUKYOKU``
(no abortive ``type``; ``haiN`` shown), yakuman from ``yakuman``, hands from ``INIT``, and places,
points and busts from ``owari``. The season is computed by the command line from an export
file of those games, as the page exports them.

Then: merging (the same games from two phones, either order; a disagreeing copy kept twice and
marked; games without a uid; uids given late), the names' matching, the command line's keys,
bad input, and a generated season of 500 south games through the command line in under 5 s.
Skipped where the data folder is absent; the files are never copied here.
"""
import json
import random
import resource
import subprocess
import sys
import time
import urllib.parse
import xml.etree.ElementTree as ElementTree

import pytest

from engine.ledger import replay
from engine.ledger.envelope import (BUNDLE, VERSION, checked_game, envelope, late_uid, new_uid,
                                    read_envelope)
from engine.ledger.games import open_shelf
from engine.ledger.storage import MemoryStorage
from engine.ledger import link as game_link
from engine.season import SeasonError, merge, name_key, read_input, season
from engine.season import link as season_link
from engine.season.figures import COUNTS
from tests.conftest import ROOT
from tests.mpy_answers import random_hand
from tests.tenhou import DATA, convert, games

NOW = "2026-12-07T10:00:00.000Z"
UMAS = {4: ([20, 10, -10, -20], [10, 5, -5, -10]), 3: ([20, 0, -20],)}
ABORTIVE = {"yao9", "reach4", "ron3", "kan4", "kaze4"}
KEYS = ["name", "games", "hands", "places", "points", "busts", "chombo", "wins", "tsumo",
        "win_value", "deal_ins", "deal_in_value", "riichi", "draws", "draw_tenpai", "yakuman"]
needs_data = pytest.mark.skipif(not DATA.is_dir(), reason="../shared/data/tenhou/ is absent")


def cli(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "engine.season", *args], cwd=ROOT, input=stdin,
                          capture_output=True, text=True, timeout=120)


def bundle(items, aliases=None):
    """The page's export of every game: [(game, started)]."""
    data = {"format": BUNDLE, "version": VERSION, "exported": NOW,
            "games": [json.loads(envelope(game, str(number + 1), started or NOW, NOW))
                      for number, (game, started) in enumerate(items)]}
    if aliases:
        data["aliases"] = aliases
    return json.dumps(data, ensure_ascii=False)


# ---------------------------------------------------------------- Tenhou, from its own tags

def tenhou_names(root, players):
    tag = root.find("UN")
    return [urllib.parse.unquote(tag.get(f"n{seat}")) for seat in range(players)]


def tenhou_game(path):
    """The game as the page keeps it: the converter's record (the uma that reproduces the log,
    as tests/test_ledger_tenhou.py finds it), the names of the log's UN tag."""
    converted = convert(path)
    root = ElementTree.parse(path).getroot()
    for uma in UMAS[converted.players]:
        converted.record["rules"]["uma"] = uma
        final = replay(converted.record)["final"]
        if final["results"] == converted.final_results:
            break
    names = tenhou_names(root, converted.players)
    return checked_game(converted.record, names, True)


def tenhou_counts(path):
    """{name: counts} of one game, from its tags alone."""
    root = ElementTree.parse(path).getroot()
    players = 3 if int(root.find("GO").get("type")) & 0x10 else 4
    names = tenhou_names(root, players)
    rows = [{"name": name, "games": 1, "hands": 0, "places": [0] * players, "points": 0,
             "busts": 0, "chombo": 0, "wins": 0, "tsumo": 0, "win_value": 0, "deal_ins": 0,
             "deal_in_value": 0, "riichi": 0, "draws": 0, "draw_tenpai": 0, "yakuman": 0}
            for name in names]
    dealt_in = set()
    hand = -1
    owari = None
    for tag in root:
        if tag.tag == "INIT":
            hand += 1
            for row in rows:
                row["hands"] += 1
        elif tag.tag == "REACH" and tag.get("step") == "2":
            rows[int(tag.get("who"))]["riichi"] += 1
        elif tag.tag == "AGARI":
            who, discarder = int(tag.get("who")), int(tag.get("fromWho"))
            points = int(tag.get("ten").split(",")[1])
            rows[who]["wins"] += 1
            rows[who]["win_value"] += points
            rows[who]["tsumo"] += who == discarder
            rows[who]["yakuman"] += tag.get("yakuman") is not None
            if who != discarder:
                rows[discarder]["deal_in_value"] += points
                if (hand, discarder) not in dealt_in:
                    dealt_in.add((hand, discarder))
                    rows[discarder]["deal_ins"] += 1
        elif tag.tag == "RYUUKYOKU" and tag.get("type") not in ABORTIVE:
            for seat, row in enumerate(rows):
                row["draws"] += 1
                row["draw_tenpai"] += tag.get(f"hai{seat}") is not None
        if tag.get("owari"):
            owari = tag.get("owari").split(",")
    scores = [int(value) for value in owari[0::2]][:players]
    results = [round(float(value) * 10) for value in owari[1::2]][:players]
    order = sorted(range(players), key=lambda seat: (-scores[seat], seat))
    for seat, row in enumerate(rows):
        row["places"][order.index(seat)] += 1
        row["points"] = results[seat]
        row["busts"] = int(scores[seat] < 0)
    return rows


def tenhou_expected():
    """{players: {name: counts}} over every game, points in tenths."""
    tables = {4: {}, 3: {}}
    for path in games():
        players = 3 if int(ElementTree.parse(path).getroot().find("GO").get("type")) & 0x10 else 4
        for row in tenhou_counts(path):
            zero = {key: 0 for key in KEYS[1:]}
            total = tables[players].setdefault(row["name"], dict(zero, name=row["name"],
                                                                  places=[0] * players))
            for key in KEYS[1:]:
                if key == "places":
                    total[key] = [a + b for a, b in zip(total[key], row[key])]
                elif key != "name":
                    total[key] += row[key] if key != "games" else 1
    return tables


@pytest.fixture(scope="module")
def tenhou_season(tmp_path_factory):
    items = [(tenhou_game(path), None) for path in games()]
    path = tmp_path_factory.mktemp("season") / "tenhou.json"
    path.write_text(bundle(items), encoding="utf-8")
    done = cli(str(path))
    assert done.returncode == 0, done.stdout + done.stderr
    return json.loads(done.stdout)


@needs_data
def test_every_count_of_every_tenhou_player_equals_the_logs(tenhou_season):
    expected = tenhou_expected()
    names = [name for table in expected.values() for name in table]
    assert len({name_key(name) for name in set(names)}) == len(set(names))  # no two fold alike
    checked = 0
    for table in tenhou_season["tables"]:
        want = expected[table["players"]]
        assert sorted(row["name"] for row in table["rows"]) == sorted(want)
        for row in table["rows"]:
            truth = dict(want[row["name"]])
            truth["points"] = truth["points"] / 10 if truth["points"] % 10 else truth["points"] // 10
            assert row == truth, row["name"]
            checked += len(KEYS) - 1
    assert table["players"] == 3 and tenhou_season["tables"][0]["games"] == 110
    assert tenhou_season["tables"][1]["games"] == 3
    assert checked == 15 * (sum(len(table) for table in expected.values()))


@needs_data
def test_the_tenhou_season_holds_what_it_must_check(tenhou_season):
    """Several players in many games; every kind of count is there to be compared."""
    rows = [row for table in tenhou_season["tables"] for row in table["rows"]]
    by_name = {row["name"]: row for row in rows}
    assert by_name["CLS"]["games"] == 33 and by_name["ASAPIN"]["games"] == 10
    for key in ("busts", "yakuman", "deal_ins", "draw_tenpai", "tsumo"):
        assert sum(row[key] for row in rows) > 0, key
    assert sum(row["wins"] for row in rows) == 947  # SPEC §12: Tenhou's 947 recorded wins


# ---------------------------------------------------------------- merging (SPEC §11.1)

def table_hand(rng, players):
    """A hand as tables play them: mostly wins of 1 to 4 han at 30 or 40 fu, some mangan and
    more, a yakuman now and then, draws, riichi; now and then a hand of any kind at all."""
    if rng.random() < 0.05:
        return random_hand(rng, players)
    seats = list(range(players))
    riichi = sorted(rng.sample(seats, rng.choice((0, 0, 1, 1, 2))))
    roll = rng.random()
    if roll < 0.03:
        return {"result": "abort", "riichi": riichi}
    if roll < 0.3:
        return {"result": "draw", "tenpai": sorted(rng.sample(seats, rng.randint(0, players))),
                "nagashi": [], "riichi": riichi}
    order = rng.sample(seats, players)
    if rng.random() < 0.01:
        winner = {"seat": order[0], "yakuman": 1}
    else:
        winner = {"seat": order[0], "han": rng.choice((1, 1, 1, 2, 2, 2, 3, 3, 4, 5)),
                  "fu": rng.choice((30, 30, 40, 40, 50))}
    if roll < 0.6:
        return {"result": "tsumo", "winners": [winner], "riichi": riichi}
    return {"result": "ron", "from": order[1], "winners": [winner], "riichi": riichi}


def played_game(seed, hands=12, uid=True, names=("Ann", "Bo", "Cy", "Di"), rules=None):
    """A game of random hands, kept while the record takes them."""
    rng = random.Random(seed)
    record = {"rules": rules or {"preset": "tenhou"}, "hands": []}
    players = len(names)
    while len(record["hands"]) < hands:
        hand = table_hand(rng, players)
        if hand["result"] == "chombo":
            continue
        trial = dict(record, hands=record["hands"] + [hand])
        try:
            if replay(trial)["over"]:
                break
        except ValueError:
            continue
        record = trial
    game = checked_game(record, list(names), False,
                        new_uid(rng.randbytes(12)) if uid else None)
    return game


def test_same_games_from_two_phones_in_either_order_give_one_phones_table():
    games = [played_game(seed) for seed in range(8)]
    finished = dict(games[0], ended=True)
    unfinished = dict(games[0], hands=games[0]["hands"][:5])
    phone_a = [(game, NOW) for game in [finished] + games[1:]]  # all of them
    phone_b = [(game, NOW) for game in [unfinished] + games[1:6]]  # two fewer, one unfinished
    one = season([read_input(bundle(phone_a), "a")])
    for order in ([phone_a, phone_b], [phone_b, phone_a]):
        both = season([read_input(bundle(items), name) for items, name in zip(order, "ab")])
        assert both["tables"] == one["tables"]
        assert len(both["games"]) == 8
        assert not any(copy["conflict"] for copy in both["games"])


def test_a_disagreeing_copy_is_kept_twice_and_marked():
    game = played_game(3)
    changed = {"result": "draw", "tenpai": [0, 1, 2, 3], "nagashi": [], "riichi": []}
    assert game["hands"][1] != changed and len(game["hands"]) > 3
    other = dict(game, hands=game["hands"][:1] + [changed])
    found = season([read_input(bundle([(game, NOW)]), "a"), read_input(bundle([(other, NOW)]), "b")])
    assert [copy["conflict"] for copy in found["games"]] == [True, True]
    assert found["tables"][0]["games"] == 2


def test_games_without_uid_are_found_by_rules_names_and_hands():
    game = played_game(5, uid=False)
    start = dict(game, hands=game["hands"][:3])
    renamed = dict(start, names=["Ann", "Bo", "Cy", "Eve"])
    kept = merge([{"game": start}, {"game": game}, {"game": renamed}])
    assert sorted(len(copy["game"]["hands"]) for copy in kept) == [3, len(game["hands"])]
    # the same game given a uid late on two phones is still one game
    late_a = dict(game, uid=late_uid(bytes(12)))
    late_b = dict(start, uid=late_uid(bytes([1] * 12)))
    assert len(merge([{"game": late_b}, {"game": late_a}])) == 1
    # two different games of the same table, each with its own uid, stay two
    assert len(merge([{"game": played_game(1)}, {"game": played_game(2)}])) == 2


def test_an_unfinished_copy_and_the_ended_one():
    game = played_game(6)
    ended = dict(game, ended=True)
    for order in ([game, ended], [ended, game]):
        kept = merge([{"game": copy} for copy in order])
        assert len(kept) == 1 and kept[0]["game"]["ended"]


def test_names_are_matched_folded_and_by_aliases():
    a = played_game(7, names=(" Ann", "ＢＯ", "", "cy"))
    b = played_game(8, names=("ann", "bo", "", "Younghee"))
    found = season([read_input(bundle([(a, NOW), (b, NOW)], aliases=[["Cy", "Younghee"]]))])
    rows = {row["name"]: row for row in found["tables"][0]["rows"]}
    assert sorted(rows) == ["Ann", "cy", "ＢＯ"] or sorted(name_key(n) for n in rows) == \
        ["ann", "bo", "cy"]
    assert all(row["games"] == 2 for row in rows.values())
    assert sum(row["games"] for row in rows.values()) == 6  # the empty seats are no one's


def test_three_and_four_player_games_are_never_mixed():
    four = played_game(9)
    three = played_game(10, names=("Ann", "Bo", "Cy"), rules={"preset": "tenhou", "players": 3})
    found = season([read_input(bundle([(four, NOW), (three, NOW)]))])
    assert [(table["players"], table["games"]) for table in found["tables"]] == [(4, 1), (3, 1)]
    assert [len(row["places"]) for row in found["tables"][1]["rows"]] == [3, 3, 3]


# ---------------------------------------------------------------- identity (uid)

def test_a_uid_travels_in_storage_exports_and_links():
    game = played_game(11)
    assert game["uid"].startswith("g") and len(game["uid"]) == 17
    assert read_envelope(envelope(game, "1", NOW, NOW))[0]["uid"] == game["uid"]
    assert game_link.decode(game_link.encode(game))["uid"] == game["uid"]
    old = {key: value for key, value in game.items() if key != "uid"}
    assert "uid" not in game_link.decode(game_link.encode(old))  # links made before: no "u"


def test_stored_games_get_a_uid_on_first_open_and_keep_it():
    storage = MemoryStorage()
    shelf = open_shelf(storage, NOW)
    old = {key: value for key, value in played_game(12).items() if key != "uid"}
    game_id = shelf.add(old, NOW)
    before = read_envelope(shelf.raw(game_id))[1]
    counter = iter(range(100))
    given = shelf.give_uids(lambda: bytes([next(counter)] * 12))
    assert given == [game_id]
    game, meta = shelf.load(game_id)
    assert game["uid"].startswith("o") and meta["started"] == before["started"]
    assert shelf.give_uids(lambda: bytes(12)) == []  # kept: never given twice


# ---------------------------------------------------------------- the command line

def test_the_command_line_prints_exactly_the_keys(tmp_path):
    path = tmp_path / "a.json"
    path.write_text(bundle([(played_game(13), NOW)]), encoding="utf-8")
    answer = json.loads(cli(str(path)).stdout)
    assert list(answer) == ["tables"]
    assert [list(table) for table in answer["tables"]] == [["players", "games", "rows"]] * 2
    assert [list(row) for row in answer["tables"][0]["rows"]] == [KEYS] * 4
    assert list(COUNTS) == KEYS[1:]


def _one_file(tmp_path, text, name="f.json"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(("text", "field", "code"), [
    ("not json at all", "file", "unreadable"),
    ("{broken", "file", "unreadable"),
    ('{"format": "someone-else", "games": []}', "file", "not_a_ledger_file"),
    ("[1, 2, 3]", "file", "not_a_ledger_file"),
    ('{"format": "mahjong-ledger-games", "version": 7, "games": []}', "file", "newer"),
    ('{"format": "mahjong-ledger", "version": 9, "record": {"hands": []}}', "file", "newer"),
    ('{"hands": [{"result": "ron"}]}', "file", "bad_game"),
    ("[" * 100_000, "file", "unreadable"),
])
def test_a_bad_file_exits_2_with_a_json_error(tmp_path, text, field, code):
    done = cli(_one_file(tmp_path, text))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    error = json.loads(done.stdout)["error"]
    assert list(error) == ["field", "code", "message"]
    assert (error["field"], error["code"]) == (field, code)


def test_a_damaged_game_inside_a_good_file_is_named_and_the_others_come_in(tmp_path):
    text = json.loads(bundle([(played_game(14), NOW), (played_game(15), NOW)]))
    text["games"].insert(1, {"format": "mahjong-ledger", "version": 2,
                             "record": {"hands": [{"result": "tsumo", "winners": []}]}})
    text["games"].append({"unreadable": "{half a game"})
    done = cli(_one_file(tmp_path, json.dumps(text)))
    assert done.returncode == 0
    assert json.loads(done.stdout)["tables"][0]["games"] == 2
    warnings = [json.loads(line)["warning"] for line in done.stderr.splitlines()]
    assert [(w["field"], w["code"]) for w in warnings] == [("games", "bad_game"),
                                                           ("games", "unreadable")]
    assert "game 2" in warnings[0]["message"] and "game 4" in warnings[1]["message"]


def test_season_links_carry_games_and_aliases_and_a_cut_one_is_refused():
    items = [(played_game(seed), NOW) for seed in range(16, 20)]
    text = season_link.encode(items, [["Ann", "Anna"]])
    assert season_link.fits(text)
    found = read_input("https://example.org/ko/season/#s=" + text, "link")
    assert [copy["game"] for copy in found["copies"]] == [game for game, _ in items]
    assert found["aliases"] == [["Ann", "Anna"]]
    for cut in (text[:len(text) // 2], text[:-3]):
        with pytest.raises(SeasonError) as refused:
            read_input("#s=" + cut, "link")
        assert (refused.value.field, refused.value.code) == ("link", "damaged")
    with pytest.raises(SeasonError) as refused:
        read_input("#s=2" + text[1:], "link")
    assert refused.value.code == "newer"
    # a game link in a file is one game
    game = items[0][0]
    assert read_input("#g=" + game_link.encode(game))["copies"][0]["game"] == game


def test_a_cut_season_link_in_a_file_exits_2(tmp_path):
    text = season_link.encode([(played_game(20), NOW)])
    done = cli(_one_file(tmp_path, "#s=" + text[:-6], "link.txt"))
    assert done.returncode == 2
    assert json.loads(done.stdout)["error"]["code"] == "damaged"


# ---------------------------------------------------------------- scale

def generated_season(count, seed=500):
    """`count` south games of the Tenhou preset played to their end (about 12 hands each), six
    friends four at a time."""
    rng = random.Random(seed)
    friends = ["민수", "유키", "Ann", "Bo", "さくら", "Younghee"]
    items = []
    for number in range(count):
        record = {"rules": {"preset": "tenhou"}, "hands": []}
        over = False
        while not over:
            hand = table_hand(rng, 4)
            trial = dict(record, hands=record["hands"] + [hand])
            try:
                over = replay(trial)["over"]
            except ValueError:
                continue
            record = trial
        names = rng.sample(friends, 4)
        game = checked_game(record, names, False, new_uid(rng.randbytes(12)))
        items.append((game, f"2026-{1 + number % 12:02d}-{1 + number % 28:02d}T10:00:00.000Z"))
    return items


def test_a_season_of_500_south_games_through_the_command_line_in_under_5_s(tmp_path):
    items = generated_season(500)
    hands = sum(len(game["hands"]) for game, _started in items)
    path = _one_file(tmp_path, bundle(items), "season.json")
    # The command line's own CPU time (user and system), which a machine shared with other work
    # does not stretch as it stretches the time on the clock (both are printed).
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    began = time.perf_counter()
    done = cli(path)
    took = time.perf_counter() - began
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    assert done.returncode == 0
    answer = json.loads(done.stdout)
    assert answer["tables"][0]["games"] == 500
    print(f"500 games, {hands} hands: {cpu:.2f} s of CPU, {took:.2f} s on the clock")
    assert hands >= 5500 and cpu < 5


# ---------------------------------------------------------------- for the MicroPython batch

def micropython_calls():
    """What tests/test_micropython.py asks of the season under MicroPython and CPython alike:
    the Tenhou season, the merging cases, aliases, bad files, season links CPython made (whole,
    cut, newer) and names folded."""
    calls = []

    def season_of(texts, aliases=None):
        calls.append({"fn": "engine.season.from_texts", "args": [texts, aliases]})

    if DATA.is_dir():
        season_of([["tenhou", bundle([(tenhou_game(path), None) for path in games()])]])
    played = [played_game(seed) for seed in range(8)]
    phone_a = bundle([(dict(played[0], ended=True), NOW)] + [(g, NOW) for g in played[1:]])
    phone_b = bundle([(dict(played[0], hands=played[0]["hands"][:5]), NOW)]
                     + [(g, NOW) for g in played[1:6]])
    season_of([["a", phone_a], ["b", phone_b]])
    season_of([["b", phone_b], ["a", phone_a]])
    changed = {"result": "draw", "tenpai": [0, 1, 2, 3], "nagashi": [], "riichi": []}
    season_of([["a", phone_a], ["c", bundle([(dict(played[3], hands=played[3]["hands"][:1]
                                                    + [changed]), NOW)])]])
    bare = [{key: value for key, value in game.items() if key != "uid"} for game in played[:3]]
    season_of([["a", bundle([(game, NOW) for game in bare])],
               ["b", bundle([(dict(game, hands=game["hands"][:2]), NOW) for game in bare])]])
    season_of([["x", bundle([(played_game(7, names=(" Ann", "ＢＯ", "", "cy")), NOW),
                             (played_game(8, names=("ann", "bo", "", "Younghee")), NOW)])]],
              [["Cy", "Younghee"]])
    season_of([["g", bundle(generated_season(40, seed=41))]])
    three = played_game(10, names=("Ann", "Bo", "Cy"), rules={"preset": "tenhou", "players": 3})
    season_of([["3", bundle([(three, NOW), (played[0], NOW)])]])
    damaged = json.loads(bundle([(played[1], NOW), (played[2], NOW)]))
    damaged["games"].insert(1, {"format": "mahjong-ledger", "version": 2,
                                "record": {"hands": [{"result": "tsumo", "winners": []}]}})
    damaged["games"].append({"unreadable": "{half"})
    season_of([["d", json.dumps(damaged)]])
    link_text = season_link.encode([(game, NOW) for game in played[:5]], [["Ann", "Anna"]])
    for text in ("#s=" + link_text, "https://x.org/ja/season/#s=" + link_text,
                 "#s=" + link_text[:-4], "#s=" + link_text[:len(link_text) // 2],
                 "#s=2" + link_text[1:], "#s=", "#g=" + game_link.encode(played[0])):
        season_of([["link", text]])
    for text in ("not json", "{broken", '{"format": "someone-else"}', "[1, 2]",
                 '{"format": "mahjong-ledger-games", "version": 7, "games": []}',
                 '{"format": "mahjong-ledger", "version": 9, "record": {"hands": []}}',
                 '{"hands": [{"result": "ron"}]}', "[" * 50_000, ""):
        season_of([["bad", text]])
    for name in (" ＡＳＡＰＩＮ ", "asapin", "김\u3000", "", " ", "Ｙｏｕｎｇｈｅｅ", "É", "ß"):
        calls.append({"fn": "engine.season.name_key", "args": [name]})
    return calls
