"""Issue 38, scale: the summary the shelf keeps beside each game (engine.ledger.summary), so the
season page adds a season up without replaying it.

The oracle is the full replay: for the 113 real Tenhou games (when ../shared/data/tenhou/ is
beside the repository) and for generated games always, the table added up from the summaries the
shelf keeps equals the command line's table from the games themselves (engine.season.tables),
and each summary's seats equal engine.ledger.summary.game_counts of its game. Then: a summary is
written on the shelf's save path; a stale one (the game changed since: another tab, an earlier
build, a hand edit) is never read but counted again; a game kept without one (imported, or kept
by an earlier build) gets its own once; stored games of before open unchanged; the merge that
reads only the copies that may be one game equals the merge of every game read in full.
"""
import json

import pytest

from engine.ledger.envelope import envelope, read_envelope
from engine.ledger.games import open_shelf
from engine.ledger.storage import GAME, SUMMARY, MemoryStorage
from engine.ledger.summary import (SEAT, fingerprint, game_counts, read_summary, seats_of,
                                   summary_text)
from engine.season import tables
from engine.season.figures import table
from engine.season.merge import merge, merge_kept
from engine.season.names import Aliases
from tests.tenhou import DATA, games
from tests.test_season import NOW, generated_season, played_game, tenhou_game

LATER = "2026-12-08T10:00:00.000Z"


def kept(items):
    """A shelf holding [(game, started)], each added as the ledger adds a game."""
    storage = MemoryStorage()
    shelf = open_shelf(storage, NOW)
    ids = [shelf.add(game, started or NOW, current=False) for game, started in items]
    return storage, shelf, ids


def summed_tables(shelf, aliases=None):
    summaries = [summary for _id, summary in shelf.summaries()]
    return [table(summaries, players, Aliases(aliases)) for players in (4, 3)]


def check_against_the_replay(items):
    storage, shelf, ids = kept(items)
    found = dict(shelf.summaries())
    assert sorted(found) == sorted(ids)
    for game_id, (game, _started) in zip(ids, items):
        assert found[game_id]["seats"] == seats_of(game_counts(game))
        assert found[game_id]["hands"] == len(game["hands"])
    assert summed_tables(shelf) == tables([game for game, _started in items])["tables"]


def test_summaries_of_generated_games_equal_the_full_replay():
    items = generated_season(60, seed=7) + [(played_game(seed), NOW) for seed in range(20)]
    three = played_game(30, names=("Ann", "Bo", "Cy"), rules={"preset": "tenhou", "players": 3})
    check_against_the_replay(items + [(three, NOW)])


@pytest.mark.skipif(not DATA.is_dir(), reason="../shared/data/tenhou/ is absent")
def test_summaries_of_the_113_tenhou_games_equal_the_full_replay():
    items = [(tenhou_game(path), None) for path in games()]
    assert len(items) == 113
    check_against_the_replay(items)


def test_the_save_path_writes_the_summary_beside_the_game():
    storage, shelf, [game_id] = kept([(played_game(1, hands=3), NOW)])
    game = played_game(1, hands=6)
    shelf.save(game_id, game, LATER)
    summary = read_summary(storage.getItem(SUMMARY + game_id),
                           fingerprint(storage.getItem(GAME + game_id)))
    assert summary is not None and summary["hands"] == len(game["hands"])
    assert summary["seats"] == seats_of(game_counts(game))
    kept_text = storage.items[SUMMARY + game_id]
    deleted = shelf.delete(game_id)  # the summary goes with its game, and comes back with it
    assert SUMMARY + game_id not in storage.items
    shelf.restore(deleted)
    assert storage.items[SUMMARY + game_id] == kept_text
    assert dict(shelf.summaries())[game_id]["seats"] == summary["seats"]


def test_a_stale_summary_is_never_read_but_counted_again():
    storage, shelf, [game_id] = kept([(played_game(2, hands=8), NOW)])
    before = storage.items[SUMMARY + game_id]
    # Another tab, or a page of an earlier build, writes the game without its summary.
    shorter = played_game(2, hands=4)
    storage.setItem(GAME + game_id, envelope(shorter, game_id, NOW, LATER))
    found = dict(shelf.summaries())[game_id]
    assert found["hands"] == len(shorter["hands"]) != json.loads(before)["hands"]
    assert found["seats"] == seats_of(game_counts(shorter))
    assert storage.items[SUMMARY + game_id] != before  # counted again, and kept


@pytest.mark.parametrize("value", [
    "{not json", "[]", '{"version": 1}', "x" * 100_000, "[" * 5000,
    '{"version": 9, "of": "", "seats": []}',
])
def test_a_summary_that_cannot_be_one_is_counted_again(value):
    storage, shelf, [game_id] = kept([(played_game(3, hands=5), NOW)])
    good = storage.items[SUMMARY + game_id]
    storage.setItem(SUMMARY + game_id, value)
    assert dict(shelf.summaries())[game_id] == json.loads(good)
    assert storage.items[SUMMARY + game_id] == good


def test_summaries_of_the_same_envelope_with_other_seats_are_refused():
    storage, shelf, [game_id] = kept([(played_game(4, hands=5), NOW)])
    summary = json.loads(storage.items[SUMMARY + game_id])
    stamp = fingerprint(storage.items[GAME + game_id])
    assert read_summary(summary_text(summary), stamp) == summary
    assert read_summary(summary_text(dict(summary, seats=summary["seats"][:3])), stamp) is None
    assert read_summary(summary_text(dict(summary, seats=[[0] * (len(SEAT) - 1)] * 4)),
                        stamp) is None
    assert read_summary(summary_text(summary), "") is None


def test_games_kept_without_a_summary_get_theirs_once():
    """Imported games (the ledger's import counts none), and games an earlier build kept."""
    items = generated_season(5, seed=3)
    storage = MemoryStorage()
    shelf = open_shelf(storage, NOW)
    bundle = {"format": "mahjong-ledger-games", "version": 2, "exported": NOW,
              "games": [json.loads(envelope(game, str(n), started, started))
                        for n, (game, started) in enumerate(items)]}
    ids = shelf.import_text(json.dumps(bundle), NOW)
    assert not [key for key in storage.items if key.startswith(SUMMARY)]
    first = shelf.summaries()
    assert [game_id for game_id, _summary in first] == ids
    written = {key: text for key, text in storage.items.items() if key.startswith(SUMMARY)}
    assert len(written) == len(ids)
    calls = []
    original = shelf.keep_summary
    shelf.keep_summary = lambda *args: calls.append(args) or original(*args)
    assert shelf.summaries() == first and calls == []  # read, never counted twice


def test_stored_games_of_before_open_unchanged_and_are_counted():
    """The envelope keeps its version 2: a game a phone kept before summaries reads as it was,
    and its summary is kept beside it, under a key of its own."""
    game = played_game(5, hands=7)
    text = envelope(game, "1", NOW, NOW)
    assert json.loads(text)["version"] == 2 and "summary" not in text
    storage = MemoryStorage({GAME + "1": text})
    shelf = open_shelf(storage, LATER)
    assert shelf.ids() == ["1"] and storage.items[GAME + "1"] == text
    assert read_envelope(shelf.raw("1"))[0] == game
    assert dict(shelf.summaries())["1"]["seats"] == seats_of(game_counts(game))
    assert storage.items[GAME + "1"] == text


def test_merging_summaries_reads_only_the_copies_that_may_be_one_game():
    played = [played_game(seed) for seed in range(6)]
    bare = {key: value for key, value in played_game(9, names=("Eve", "Fay", "Gus", "Hal")).items()
            if key != "uid"}  # no uid: found by its rules, names and hands
    items = [(game, NOW) for game in played] + [
        (dict(played[0], hands=played[0]["hands"][:4]), NOW),  # the same game, shorter
        (dict(played[1], hands=played[1]["hands"][:2] + played[2]["hands"][:1]), NOW),  # disagrees
        (bare, NOW), (dict(bare, hands=bare["hands"][:3]), NOW)]
    storage, shelf, ids = kept(items)
    light = [{"summary": summary, "started": summary["started"], "source": "phone", "id": game_id,
              "kept": True} for game_id, summary in shelf.summaries()]
    loaded = []

    def load(copy):
        loaded.append(copy["id"])
        return shelf.load(copy["id"])[0]

    merged = merge_kept(light, load)
    full = merge([{"game": shelf.load(copy["id"])[0], "started": copy["started"],
                   "source": "phone", "id": copy["id"], "kept": True} for copy in light])

    def shown(copies):
        return sorted((copy["id"], copy["conflict"]) for copy in copies)

    assert shown(merged) == shown(full)
    assert sorted(loaded) == sorted(ids[i] for i in (0, 1, 6, 7, 8, 9))
    assert sorted(copy["id"] for copy in merged if copy["conflict"]) == [ids[1], ids[7]]
