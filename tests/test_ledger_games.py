"""Issue 27: several games on one device (SPEC §10.4) and the storage's migration (SPEC §6.4).

The stored texts of version 1 below are exactly what the page wrote before several games
(site/ledger_page/store.py: `save`, `keep_previous`, `load`'s unreadable keys), so every game a
phone keeps today is read back by the new store, and nothing stored is ever dropped.
"""
import copy
import json

import pytest

from engine.ledger import replay
from engine.ledger.games import (GAME, INDEX, LEGACY, LEGACY_PREVIOUS, UNREADABLE, MemoryStorage,
                                 ShelfError, new_game, open_shelf, preset_of, read_envelope)

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
    single = shelf.export_game(shelf.ids()[0])
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
