"""Issue 27: several games on one device (SPEC §10.4) and the storage's migration (SPEC §6.4).

The stored texts of version 1 below are exactly what the page wrote before several games
(site/ledger_page/store.py: `save`, `keep_previous`, `load`'s unreadable keys), so every game a
phone keeps today is read back by the new store, and nothing stored is ever dropped.
"""
import copy
import json

import pytest

from tests.conftest import ROOT

from engine.ledger import replay
from engine.ledger.envelope import (MAX_NAME, ShelfError, checked_game, clean_name, envelope,
                                    new_game, read_envelope, valid_id)
from engine.ledger.games import open_shelf
from engine.ledger.legacy import LEGACY, LEGACY_PREVIOUS
from engine.ledger.storage import GAME, INDEX, UNREADABLE, MemoryStorage, unreadable_keys
from engine.presets import preset_of

NOW = "2026-12-02T09:00:00.000Z"
LATER = "2026-12-02T09:30:00.000Z"

# What the page of version 1 saved under "mahjong-ledger" (json.dumps(..., ensure_ascii=False)
# of its envelope): a Tenhou game of two hands, two seats named.
V1_CURRENT = (
    '{"format": "mahjong-ledger", "version": 1, "saved": "2026-11-30T21:14:05.123Z", "record": '
    '{"rules": {"players": 4, "length": "south", "start": 25000, "return": 30000, "uma": [20, 10, '
    '-10, -20], "kiriage": 0, "kazoe": 1, "multi": 1, "tsumoloss": 1, "nagashi": 1, "paoscope": '
    '"hand", "paohonba": "liable", "doubleron": "both", "tripleron": "draw", "busting": 1, '
    '"extension": "west", "agariyame": 1, "tenpaiyame": 1, "leftover": "first", "rounding": '
    '"exact", "target": 30000, "ties": "seat", "aborts": 1, "chombo": "mangan", "chombopenalty": '
    '20}, "hands": [{"result": "ron", "riichi": [1], "winners": [{"seat": 1, "yakuman": 0, '
    '"han": 3, "fu": 30}], "from": 2}, {"result": "draw", "riichi": [], "tenpai": [0], '
    '"nagashi": []}]}, "names": ["민수", "", "유키", ""], "ended": false}')
# And under "mahjong-ledger.previous" when a new game was started: an ended three-player game.
V1_PREVIOUS = (
    '{"format": "mahjong-ledger", "version": 1, "saved": "2026-11-29T12:00:00.000Z", "record": '
    '{"rules": {"players": 3, "length": "east", "start": 35000, "return": 40000, "uma": [15, 0, '
    '-15], "kiriage": 0, "kazoe": 1, "multi": 1, "tsumoloss": 1, "nagashi": 1, "paoscope": '
    '"hand", "paohonba": "liable", "doubleron": "both", "tripleron": "draw", "busting": 1, '
    '"extension": "none", "agariyame": 1, "tenpaiyame": 1, "leftover": "first", "rounding": '
    '"exact", "target": 40000, "ties": "seat", "aborts": 1, "chombo": "mangan", "chombopenalty": '
    '20}, "hands": [{"result": "tsumo", "riichi": [], "winners": [{"seat": 2, "yakuman": 0, '
    '"han": 2, "fu": 40}]}]}, "names": ["", "", ""], "ended": true}')
V1_UNREADABLE_KEY = "mahjong-ledger.unreadable.2026-11-28T08:00:00.000Z"
V1_UNREADABLE = '{"format": "mahjong-ledger", "version": 1, "record": {"hands": [{"resu'


def v1_storage(**extra):
    return MemoryStorage({LEGACY: V1_CURRENT, LEGACY_PREVIOUS: V1_PREVIOUS,
                          V1_UNREADABLE_KEY: V1_UNREADABLE, **extra})


def record_of(text):
    data = json.loads(text)
    return {"rules": data["record"]["rules"], "hands": data["record"]["hands"]}


def test_every_game_of_version_1_comes_through():
    storage = v1_storage()
    shelf = open_shelf(storage, NOW)
    entries = shelf.entries()
    assert [entry["problem"] for entry in entries] == [None, None]
    previous, current = (entry["game"] for entry in entries)
    # The replaced game first, the current one last and current.
    assert shelf.current() == entries[1]["id"]
    assert current["names"] == ["민수", "", "유키", ""] and current["ended"] is False
    assert previous["names"] == ["", "", ""] and previous["ended"] is True
    # The same record, so the same replay: E1 seat 1 rons 3,900 (+1,000 back), then a draw
    # in E2 with seat 0 tenpai (+3,000 from the others' 1,000 each); seat 1 dealt noten, so
    # E3 1 honba is next.
    game = replay(current)
    assert game["next"]["scores"] == [28000, 27900, 20100, 24000]
    assert (game["next"]["round"], game["next"]["honba"]) == ("E3", 1)
    assert replay(current) == replay(record_of(V1_CURRENT))
    assert replay(previous)["hands"] == replay(record_of(V1_PREVIOUS))["hands"]
    # Version 1's save time is the best start time it knew.
    assert (entries[1]["started"], entries[1]["saved"]) == ("2026-11-30T21:14:05.123Z",) * 2
    # The legacy keys are gone only now that their games are kept; the unreadable one stays.
    assert LEGACY not in storage.items and LEGACY_PREVIOUS not in storage.items
    assert storage.items[V1_UNREADABLE_KEY] == V1_UNREADABLE
    # Opening again changes nothing.
    before = dict(storage.items)
    open_shelf(storage, LATER)
    assert storage.items == before


def test_version_1_with_nothing_replaced_and_an_empty_previous():
    storage = MemoryStorage({LEGACY: V1_CURRENT, LEGACY_PREVIOUS: ""})
    shelf = open_shelf(storage, NOW)
    assert len(shelf.entries()) == 1 and LEGACY_PREVIOUS not in storage.items


def test_an_unreadable_version_1_game_is_kept_aside_never_dropped():
    damaged = V1_CURRENT[:200]
    storage = MemoryStorage({LEGACY: damaged})
    shelf = open_shelf(storage, NOW)
    assert shelf.entries() == [] and shelf.current() is None
    assert storage.items[UNREADABLE + NOW] == damaged
    # A game of a later version is not this page's to read either: kept aside as it is.
    newer = json.dumps({"format": "mahjong-ledger", "version": 9, "record": {}})
    storage = MemoryStorage({LEGACY: newer})
    open_shelf(storage, NOW)
    assert storage.items[UNREADABLE + NOW] == newer


def test_a_game_an_old_page_saves_later_joins_the_list():
    storage = MemoryStorage()
    shelf = open_shelf(storage, NOW)
    kept = shelf.add(new_game({"preset": "mleague"}), NOW)
    storage.setItem(LEGACY, V1_CURRENT)  # a tab still running version 1's page
    shelf = open_shelf(storage, LATER)
    assert len(shelf.ids()) == 2 and shelf.ids()[0] == kept
    assert shelf.load(shelf.current())[0]["names"][0] == "민수"


def test_a_full_storage_refuses_the_migration_and_nothing_changes():
    storage = v1_storage()
    storage.limit = sum(len(k) + len(v) for k, v in storage.items.items()) + 100
    before = copy.deepcopy(storage.items)
    with pytest.raises(ShelfError) as caught:
        open_shelf(storage, NOW)
    assert caught.value.code == "refused"
    assert storage.items == before


def test_add_save_resume_delete_and_undo():
    storage = MemoryStorage()
    shelf = open_shelf(storage, NOW)
    first = shelf.add(new_game({"preset": "tenhou"}, ["A", "B", "C", "D"]), NOW)
    game = new_game({"preset": "tenhou"}, ["A", "B", "C", "D"])
    game["hands"].append({"result": "abort", "riichi": []})
    shelf.save(first, game, LATER)
    second = shelf.add(new_game({"preset": "ema"}), LATER)
    assert (shelf.current(), shelf.ids()) == (second, [first, second])
    shelf.resume(first)
    loaded, meta = shelf.load(first)
    assert loaded["hands"] == [{"result": "abort", "riichi": []}]
    assert (meta["started"], meta["saved"]) == (NOW, LATER)
    deleted = shelf.delete(first)
    assert (shelf.current(), shelf.ids()) == (None, [second])
    assert GAME + first not in storage.items
    shelf.restore(deleted)
    assert (shelf.current(), shelf.ids()) == (first, [first, second])
    assert shelf.load(first)[0] == loaded
    with pytest.raises(ShelfError):
        shelf.resume("99")


def test_a_refused_write_is_said_and_nothing_kept_is_lost():
    storage = MemoryStorage()
    shelf = open_shelf(storage, NOW)
    first = shelf.add(new_game(), NOW)
    kept = dict(storage.items)
    storage.limit = sum(len(k) + len(v) for k, v in storage.items.items()) + 50
    game = new_game()
    game["hands"] = [{"result": "abort", "riichi": []}] * 3
    with pytest.raises(ShelfError) as caught:
        shelf.save(first, game, LATER)  # the longer game does not fit
    assert caught.value.code == "refused" and storage.items == kept
    with pytest.raises(ShelfError):
        shelf.add(new_game({"preset": "wrc"}), LATER)
    assert storage.items == kept  # the new game's key is taken back when the index will not fit
    with pytest.raises(ShelfError):
        shelf.import_text(json.dumps({"hands": []}), LATER)
    assert storage.items == kept


class Refusing(MemoryStorage):
    """A browser that throws on every write (Safari's private mode, a DOMException)."""

    def setItem(self, key, value):  # noqa: N802
        raise RuntimeError("QuotaExceededError: The quota has been exceeded.")


def test_a_storage_that_throws_on_every_write():
    storage = Refusing({LEGACY: V1_CURRENT})
    with pytest.raises(ShelfError) as caught:
        open_shelf(storage, NOW)
    assert caught.value.code == "refused" and storage.items == {LEGACY: V1_CURRENT}


def test_an_unreadable_game_is_listed_with_its_text_and_never_written_over():
    storage = MemoryStorage()
    shelf = open_shelf(storage, NOW)
    first = shelf.add(new_game(), NOW)
    storage.setItem(GAME + first, "{broken")
    [entry] = shelf.entries()
    assert (entry["problem"], entry["raw"], entry["game"]) == ("bad_json", "{broken", None)
    shelf.save(first, new_game(), LATER)  # another tab's game saved over it: the text kept aside
    assert storage.items[UNREADABLE + LATER] == "{broken"
    assert shelf.load(first)[0]["hands"] == []


def test_a_damaged_index_is_kept_aside_and_rebuilt_from_the_games():
    storage = MemoryStorage()
    shelf = open_shelf(storage, NOW)
    first, second = shelf.add(new_game(), NOW), shelf.add(new_game(), NOW)
    storage.setItem(INDEX, "[1, 2")
    shelf = open_shelf(storage, LATER)
    assert shelf.ids() == [first, second] and shelf.current() == second
    assert storage.items[UNREADABLE + LATER] == "[1, 2"
    third = shelf.add(new_game(), LATER)
    assert third not in (first, second)


def test_export_and_import_one_game_and_all_games():
    storage = v1_storage()
    shelf = open_shelf(storage, NOW)
    storage.setItem(GAME + "7", "{kept as text")
    index = json.loads(storage.items[INDEX])
    storage.setItem(INDEX, json.dumps({**index, "order": [*index["order"], "7"]}))
    everything = shelf.export_all(LATER)
    elsewhere = MemoryStorage()
    other = open_shelf(elsewhere, LATER)
    ids = other.import_text(everything, LATER)
    assert len(ids) == 2
    assert [other.load(i)[0] for i in ids] == [entry["game"] for entry in shelf.entries()[:2]]
    assert "{kept as text" in elsewhere.items.values()  # the unreadable one travels as text
    # One game: becomes the current one beside the others.
    single = shelf.raw(shelf.ids()[0])
    [added] = other.import_text(single, LATER)
    assert other.current() == added and len(other.ids()) == 3
    # A bare record (the CLI's input) is a game too.
    [bare] = other.import_text(json.dumps(record_of(V1_CURRENT)), LATER)
    assert other.load(bare)[0]["hands"] == json.loads(V1_CURRENT)["record"]["hands"]


@pytest.mark.parametrize("text, code", [
    ("{not json", "bad_json"),
    ('{"format": "other"}', "wrong_format"),
    ('{"format": "mahjong-ledger", "version": true}', "unknown_version"),
    ('{"format": "mahjong-ledger-games", "version": 5, "games": []}', "unknown_version"),
    ('{"rules": {"players": 5}, "hands": []}', "bad_record"),
    ('{"format": "mahjong-ledger", "version": 2, "record": {"hands": []}, "names": [1]}',
     "names"),
])
def test_a_bad_import_writes_nothing(text, code):
    storage = MemoryStorage()
    shelf = open_shelf(storage, NOW)
    before = dict(storage.items)
    with pytest.raises(ShelfError) as caught:
        shelf.import_text(text, LATER)
    assert caught.value.code == code and storage.items == before


def test_envelope_and_preset_of():
    game, meta = read_envelope(V1_CURRENT)
    assert preset_of(game["rules"]) == "tenhou"
    assert preset_of(read_envelope(V1_PREVIOUS)[0]["rules"]) == "custom"  # east, uma 15/0/-15
    assert meta == {"started": None, "saved": "2026-11-30T21:14:05.123Z", "id": None}


# ---------------------------------------------------------------- issue 34: hostile values
# Each test names its finding of ../shared/reviews/security-turn5.md.

def kept_game(names=("Ann", "Bo", "Cy", "Di")):
    return {**new_game(), "hands": [{"result": "abort", "riichi": []}], "names": list(names)}


def two_games():
    storage = MemoryStorage()
    shelf = open_shelf(storage, NOW)
    first = shelf.add(kept_game(), NOW)
    second = shelf.add(kept_game(("Eve", "Fay", "Gus", "Hal")), NOW)
    return storage, shelf, first, second


BRICK = "[" * 50_000


def test_f5_an_import_of_an_unreadable_item_of_50000_brackets_never_bricks_the_ledger():
    storage, shelf, first, second = two_games()
    bundle = json.dumps({"format": "mahjong-ledger-games", "version": 2,
                         "games": [{"unreadable": BRICK}]})
    done = shelf.import_games(bundle, LATER)
    assert done["ids"] == [] and len(done["aside"]) == 1  # said by the page, kept aside
    # Every later visit: the shelf opens, lists both games, and the value kept aside reads as
    # unreadable (bounded before its parse), not as a parser's stack overflow.
    reopened = open_shelf(storage, LATER)
    assert [entry["problem"] for entry in reopened.entries()] == [None, None]
    [key] = unreadable_keys(storage)
    with pytest.raises(ShelfError) as caught:
        read_envelope(storage.getItem(key))
    assert caught.value.code == "bad_json"


def test_f5_an_unreadable_item_that_reads_now_is_imported_as_a_game():
    storage, shelf, first, _second = two_games()
    bundle = json.dumps({"format": "mahjong-ledger-games", "version": 2,
                         "games": [{"unreadable": shelf.raw(first)}]})
    done = shelf.import_games(bundle, LATER)
    assert len(done["ids"]) == 1 and done["aside"] == []


@pytest.mark.parametrize("index", [
    {"current": 2, "order": ["1", "2"], "next": 3},
    {"current": ["2"], "order": ["1", "2"], "next": 3},
    {"current": "2", "order": ["1", "2"], "next": True},
    {"current": "2", "order": ["1", "2"], "next": int("9" * 40)},
    "[" * 100_000,
    '{"current": "2", "order": ["1", "2"], "next": ' + "9" * 5000 + "}",
])
def test_f6_an_index_that_cannot_be_what_it_says_is_set_aside_and_every_game_listed(index):
    storage, _shelf, first, second = two_games()
    text = index if isinstance(index, str) else json.dumps({"format": "mahjong-ledger-games",
                                                            "version": 2, **index})
    storage.setItem(INDEX, text)
    shelf = open_shelf(storage, LATER)
    assert shelf.ids() == [first, second] and shelf.current() == second
    assert [entry["problem"] for entry in shelf.entries()] == [None, None]
    assert [storage.getItem(key) for key in unreadable_keys(storage)] == [text]


@pytest.mark.parametrize("key", [GAME + "1", LEGACY, UNREADABLE + NOW])
def test_f6_a_stored_value_nested_100000_deep_is_only_unreadable(key):
    storage, _shelf, first, second = two_games()
    storage.setItem(key, "[" * 100_000)
    shelf = open_shelf(storage, LATER)
    problems = {entry["id"]: entry["problem"] for entry in shelf.entries()}
    assert problems[second] is None
    assert problems.get(first) in (None, "bad_json")
    for aside in unreadable_keys(storage):
        with pytest.raises(ShelfError):
            read_envelope(storage.getItem(aside))
    assert "[" * 100_000 in storage.items.values()  # kept, never dropped


def test_f6_an_index_changed_by_another_tab_after_opening_is_read_from_the_games():
    storage, shelf, first, second = two_games()
    storage.setItem(INDEX, '{"current": 2}')
    assert shelf.ids() == [first, second] and shelf.current() == second


def test_f9_names_are_cut_to_the_setup_forms_limit_everywhere():
    form = (ROOT / "site" / "templates" / "_ledger_setup.html.j2").read_text(encoding="utf-8")
    assert f'name="name" type="text" maxlength="{MAX_NAME}"' in form
    long = "x" * 199_000
    game = checked_game({"hands": []}, [long, "Bo", "", "Di", "Extra"], False)
    assert game["names"] == ["x" * MAX_NAME, "Bo", "", "Di"]  # one per seat at most
    storage, shelf, _first, _second = two_games()
    text = envelope({**kept_game(), "names": [long] * 4}, "9", NOW, NOW)
    [added] = shelf.import_text(text, LATER)
    assert shelf.load(added)[0]["names"] == ["x" * MAX_NAME] * 4
    assert len(storage.getItem(GAME + added)) < 2000


def test_f10_bidi_controls_are_taken_out_of_names():
    controls = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"
    game, _meta = read_envelope(envelope({**kept_game(), "names": ["\u202eEve", controls + "Fay",
                                                                  "G\u2067us", "Hal"]},
                                         "1", NOW, NOW))
    assert game["names"] == ["Eve", "Fay", "Gus", "Hal"]
    assert clean_name("\u202e" * 20 + "Eve") == "Eve"  # cut after the controls are gone


def test_f12_a_game_of_more_hands_than_any_game_is_refused_at_import():
    storage, shelf, _first, _second = two_games()
    before = dict(storage.items)
    text = json.dumps({"rules": {"busting": 0}, "hands": [{"result": "abort"}] * 10_000})
    with pytest.raises(ShelfError) as caught:
        shelf.import_text(text, LATER)
    assert caught.value.code == "bad_record"
    assert caught.value.record_error.code == "too_many_hands"
    assert storage.items == before


@pytest.mark.parametrize("text, code", [
    ('{"format": "mahjong-ledger-games", "version": 2, "games": {}}', "wrong_format"),
    ('{"format": "mahjong-ledger-games", "version": 2, "games": null}', "wrong_format"),
    ('{"format": "mahjong-ledger-games", "version": 3, "games": []}', "unknown_version"),
])
def test_f17_a_bundle_whose_games_are_no_list_is_not_said_to_be_of_another_version(text, code):
    storage, shelf, _first, _second = two_games()
    with pytest.raises(ShelfError) as caught:
        shelf.import_text(text, LATER)
    assert caught.value.code == code


def test_f21_a_game_id_a_selector_cannot_hold_gets_a_new_one_and_stays_listed():
    storage = MemoryStorage()
    good = envelope(kept_game(), 'a"b', NOW, NOW)
    storage.setItem(INDEX, json.dumps({"format": "mahjong-ledger-games", "version": 2,
                                       "current": None, "order": ['a"b', "1"], "next": 3}))
    storage.setItem(GAME + 'a"b', good)
    storage.setItem(GAME + "1", envelope(kept_game(("Eve", "Fay", "Gus", "Hal")), "1", NOW, NOW))
    storage.setItem(GAME + "]'x", "[" * 1000)  # not listed, not readable: kept aside
    shelf = open_shelf(storage, LATER)
    ids = shelf.ids()
    assert all(valid_id(game_id) for game_id in ids) and len(ids) == 2 and ids[1] == "1"
    assert shelf.load(ids[0])[0]["names"] == ["Ann", "Bo", "Cy", "Di"]
    assert storage.getItem(GAME + 'a"b') is None and storage.getItem(GAME + "]'x") is None
    assert "[" * 1000 in [storage.getItem(key) for key in unreadable_keys(storage)]
    shelf.resume(ids[0])
    assert shelf.current() == ids[0]


@pytest.mark.parametrize("value", [
    '{"format": "mahjong-ledger", "version": 2, "record": {"hands": [{"result": ["ron"]}]}}',
    '{"format": "mahjong-ledger", "version": 2, "record": {"hands": [], "rules": {"uma": [[1]]}}}',
    '{"format": "mahjong-ledger", "version": 2, "record": {"hands": []}, "names": {"a": 1}}',
    '{"format": "mahjong-ledger", "version": 2, "record": {"hands": [], "rules": {"start": '
    + "9" * 5000 + "}}}",
    '{"format": ["mahjong-ledger"]}', "null", '"text"', "1e999",
])
def test_a_stored_value_of_any_shape_is_a_shelf_error_and_nothing_else(value):
    with pytest.raises(ShelfError):
        read_envelope(value)
    storage = MemoryStorage({GAME + "1": value})
    shelf = open_shelf(storage, NOW)
    assert [entry["problem"] is not None for entry in shelf.entries()] == [True]
