"""The ledger page's storage (SPEC §6.4, §10.4) in plain Python: site/ledger/store.py on a
dict-backed localStorage (engine.ledger.storage.MemoryStorage), the migration of what the page of
version 1 stored, a refused write, and the list's words in both languages.

The version 1 texts below are what the page's own writer produced before several games: they
were printed by running site/ledger/store.py of commit e936c5c (`save`, then `keep_previous` as its
`on_new` did, then `save` of the next game) on a fake window, for a game built as that page built
one (rules through `rules_from`, each hand through `read_hand`). They are that writer's bytes, key
order and all, not a shape written by hand."""
import json
import pathlib
import sys

import pytest

import build
from engine import ledger
from engine.ledger import envelope, games
from engine.ledger.storage import GAME, MemoryStorage, unreadable_keys
from engine.presets import preset_rules

sys.path.insert(0, str(pathlib.Path(build.SITE)))
from ledger import page as ledger_page, store, summary  # noqa: E402  (site/: the page's modules)
from ledger.model import Model  # noqa: E402

NOW = "2026-12-02T09:00:00.000Z"
V1_KEY, V1_PREVIOUS_KEY = "mahjong-ledger", "mahjong-ledger.previous"
V1_CURRENT = (
    '{"format": "mahjong-ledger", "version": 1, "saved": "2026-11-30T21:14:05.123Z", "record": '
    '{"rules": {"players": 4, "length": "south", "kiriage": 0, "kazoe": 1, "multi": 1, '
    '"tsumoloss": 1, "nagashi": 1, "paoscope": "hand", "paohonba": "liable", "doubleron": '
    '"both", "tripleron": "draw", "busting": 1, "extension": "west", "agariyame": 1, '
    '"tenpaiyame": 1, "leftover": "first", "rounding": "exact", "ties": "seat", "aborts": 1, '
    '"chombo": "mangan", "chombopenalty": 20, "start": 25000, "return": 30000, "uma": [20, 10, '
    '-10, -20], "target": 30000}, "hands": [{"result": "ron", "riichi": [1], "winners": '
    '[{"seat": 1, "yakuman": 0, "han": 3, "fu": 30}], "from": 2}, {"result": "draw", "riichi": '
    '[], "tenpai": [0], "nagashi": []}]}, "names": ["민수", "", "유키", ""], "ended": false}')
V1_PREVIOUS = (
    '{"format": "mahjong-ledger", "version": 1, "saved": "2026-11-29T12:00:00.000Z", "record": '
    '{"rules": {"players": 3, "length": "east", "kiriage": 0, "kazoe": 1, "multi": 1, '
    '"tsumoloss": 1, "nagashi": 1, "paoscope": "hand", "paohonba": "liable", "doubleron": '
    '"both", "tripleron": "draw", "busting": 1, "extension": "none", "agariyame": 1, '
    '"tenpaiyame": 1, "leftover": "first", "rounding": "exact", "ties": "seat", "aborts": 1, '
    '"chombo": "mangan", "chombopenalty": 20, "start": 35000, "return": 40000, "uma": [15, 0, '
    '-15], "target": 40000}, "hands": [{"result": "tsumo", "riichi": [], "winners": [{"seat": '
    '2, "yakuman": 0, "han": 2, "fu": 40}]}]}, "names": ["", "", ""], "ended": true}')
# Version 1's load() moved a value it could not read under this key (+ the time), never dropped.
V1_ASIDE = ("mahjong-ledger.unreadable.2026-11-28T08:00:00.000Z",
            '{"format": "mahjong-ledger", "version": 1, "record": {"hands": [{"resu')


def test_the_frozen_texts_are_what_version_1_wrote():
    """Rebuilt from their parts as version 1's save() did (json.dumps of its envelope)."""
    rules = ledger.rules_from(preset_rules("tenhou", 4))
    hands = [ledger.read_hand(hand, index, rules) for index, hand in enumerate([
        {"result": "ron", "from": 2, "winners": [{"seat": 1, "han": 3, "fu": 30}], "riichi": [1]},
        {"result": "draw", "tenpai": [0], "riichi": []}])]
    envelope = {"format": "mahjong-ledger", "version": 1, "saved": "2026-11-30T21:14:05.123Z",
                "record": {"rules": rules, "hands": hands}, "names": ["민수", "", "유키", ""],
                "ended": False}
    assert json.dumps(envelope, ensure_ascii=False) == V1_CURRENT


# ---------------------------------------------------------------- a page without a browser

class Element:
    def __init__(self):
        self.textContent, self.hidden, self.value = "", True, ""
        self.dataset = type("Dataset", (), {})()


class Document:
    def __init__(self):
        self.elements = {}

    def querySelector(self, selector):
        return self.elements.setdefault(selector, Element())

    def querySelectorAll(self, selector):
        return [self.querySelector(selector)]


class Clock:
    now = NOW

    @classmethod
    def new(cls):
        return type("Date", (), {"toISOString": lambda self: cls.now})()


def engine_call(target, name, *args):
    """What engineCall (site/engine-start.js, inline in each page) does, for a window in Python:
    target[name](*args) or the property, answered [True, value] or [False, "Name: message"],
    never raised."""
    try:
        member = getattr(target, name)
        return [True, member(*args) if callable(member) else member]
    except Exception as error:  # noqa: BLE001 - as the JavaScript catches any error
        return [False, f"{type(error).__name__}: {error}"]


class Window:
    def __init__(self, storage):
        self.localStorage = storage
        self.Date = Clock

    engineCall = staticmethod(engine_call)  # noqa: N815 (the page's name)


class Dom:
    def __init__(self, storage):
        self.window, self.document = Window(storage), Document()

    def set_text(self, selector, text, scope=None):
        for element in (scope or self.document).querySelectorAll(selector):
            element.textContent = text


def words(lang):
    return build.load_strings(lang)


@pytest.fixture
def page(monkeypatch):
    """site/ledger's page state on a MemoryStorage; returns (storage, document)."""
    def open_(storage, lang="ko"):
        dom = Dom(storage)
        strings = words(lang)
        monkeypatch.setitem(ledger_page.page, "dom", dom)
        monkeypatch.setattr(ledger_page, "L", strings["ledger"])
        monkeypatch.setattr(store, "L", strings["ledger"])
        monkeypatch.setitem(ledger_page.strings, "error", strings["error"])
        monkeypatch.setattr(store, "model", Model())  # the page's one state, fresh
        return dom.document
    return open_


def kept(storage):
    """The games the storage keeps, in the list's order, as the page's games."""
    shelf = games.Shelf(storage)
    return [shelf.load(game_id)[0] for game_id in shelf.ids()]


def test_version_1_as_a_phone_keeps_it_comes_through_the_page(page):
    storage = MemoryStorage({V1_KEY: V1_CURRENT, V1_PREVIOUS_KEY: V1_PREVIOUS,
                                   V1_ASIDE[0]: V1_ASIDE[1]})
    document = page(storage)
    game = store.open_games()
    # The current game is version 1's current one, hand for hand as its record replays.
    v1 = json.loads(V1_CURRENT)
    assert {"rules": game["rules"], "hands": game["hands"]} == v1["record"]
    assert ledger.replay(game) == ledger.replay(v1["record"])
    assert (game["names"], game["ended"]) == (v1["names"], False)
    # The game it replaced is listed before it, ended; the unreadable value is still kept.
    previous, current = kept(storage)
    assert current == game
    assert previous["ended"] is True and previous["hands"] == json.loads(V1_PREVIOUS)["record"]["hands"]
    assert storage.items[V1_ASIDE[0]] == V1_ASIDE[1]
    assert V1_KEY not in storage.items and V1_PREVIOUS_KEY not in storage.items
    assert document.querySelector("[data-ledger-refused]").hidden
    # Saving the next hand writes this game, under its own key: the other stays as it was.
    before = storage.items[GAME + games.Shelf(storage).ids()[0]]
    Clock.now = "2026-12-02T09:05:00.000Z"
    store.save({**game, "hands": [*game["hands"], {"result": "abort", "riichi": []}]})
    assert len(kept(storage)[1]["hands"]) == 3
    assert storage.items[GAME + games.Shelf(storage).ids()[0]] == before


def test_version_1_after_its_new_game_button(page):
    """Version 1's on_new kept the game under .previous and removed the current key: the game
    is listed, and the page opens on the setup."""
    storage = MemoryStorage({V1_PREVIOUS_KEY: V1_CURRENT})
    page(storage)
    assert store.open_games() is None
    assert [game["names"] for game in kept(storage)] == [["민수", "", "유키", ""]]


def test_version_1_with_nothing_to_move_writes_nothing(page):
    storage = MemoryStorage()
    page(storage)
    assert store.open_games() is None and storage.items == {}


@pytest.mark.parametrize("text", [
    V1_CURRENT[:180],
    json.dumps({"format": "mahjong-ledger", "version": 7, "record": {"hands": []}}),
    json.dumps({"format": "mahjong-ledger", "version": 1,
                "record": {"hands": [{"result": "ron", "from": 2, "winners": [{"seat": 2}]}]}}),
])
def test_an_unreadable_version_1_game_is_kept_aside_and_shown(page, text):
    storage = MemoryStorage({V1_KEY: text})
    document = page(storage, "ja")
    assert store.open_games() is None
    store.show_older_damaged()
    assert [storage.items[key] for key in unreadable_keys(storage)] == [text]
    assert V1_KEY not in storage.items and games.Shelf(storage).ids() == []
    box = document.querySelector("[data-ledger-damaged]")
    assert not box.hidden and document.querySelector("[data-ledger-damaged-raw]").value == text
    assert document.querySelector("[data-ledger-damaged-message]").textContent


def test_an_unreadable_current_game_stays_listed_and_is_shown(page):
    storage = MemoryStorage()
    document = page(storage)
    store.open_games()
    store.save(envelope.new_game())
    game_id = store.model.game_id
    storage.setItem(GAME + game_id, "{cut off")
    assert store.load_current() is None
    assert document.querySelector("[data-ledger-damaged-raw]").value == "{cut off"
    assert games.Shelf(storage).ids() == [game_id]  # still listed, its text untouched
    assert document.querySelector("[data-ledger-damaged-message]").textContent == \
        words("ko")["ledger"]["store"]["bad_json"]


class FullAfter(MemoryStorage):
    """A browser whose storage refuses every write once `full` is set (QuotaExceededError)."""
    full = False

    def setItem(self, key, value):  # noqa: N802
        if self.full:
            raise RuntimeError("QuotaExceededError")
        super().setItem(key, value)


@pytest.mark.parametrize("lang", ["ko", "ja"])
def test_a_refused_write_is_said_and_nothing_kept_is_lost(page, lang):
    storage = FullAfter()
    document = page(storage, lang)
    store.open_games()
    game = envelope.new_game({"preset": "tenhou"}, ["A", "B", "C", "D"])
    store.save(game)
    first = store.model.game_id
    store.save({**game, "hands": [{"result": "abort", "riichi": []}]})
    before = dict(storage.items)
    storage.full = True
    store.save({**game, "hands": [{"result": "abort", "riichi": []}] * 2})
    box = document.querySelector("[data-ledger-refused]")
    assert not box.hidden and box.textContent == words(lang)["ledger"]["games"]["refused"]
    assert storage.items == before
    # A new game the storage will not take: said, and the first is still the current one.
    store.leave()
    store.save(envelope.new_game())
    assert store.model.game_id is None and storage.items == before
    storage.full = False
    store.model.game_id = first
    store.save({**game, "hands": [{"result": "abort", "riichi": []}] * 2})
    assert box.hidden and len(kept(storage)[0]["hands"]) == 2


def test_a_full_storage_at_the_migration_shows_version_1s_game_and_saves_nothing(page):
    storage = FullAfter({V1_KEY: V1_CURRENT})
    storage.full = True
    document = page(storage)
    game = store.open_games()
    assert game["names"][0] == "민수" and store.model.blocked
    assert not document.querySelector("[data-ledger-refused]").hidden
    assert storage.items == {V1_KEY: V1_CURRENT}


# ---------------------------------------------------------------- the list's words

def played(record):
    return ledger.end(record) if record.get("ended") else ledger.replay(record)


@pytest.mark.parametrize(("lang", "what", "when", "names"), [
    ("ko", "텐호 · 동3국 1본장", "2026년 11월 30일 21:14", "민수 · B · 유키 · D"),
    ("ja", "天鳳・東3局1本場", "2026年11月30日 21:14", "민수・B・유키・D"),
])
def test_a_game_in_the_list(lang, what, when, names):
    said = words(lang)["ledger"]
    game, _meta = envelope.read_envelope(V1_CURRENT)
    said_of = summary.game_summary(said, game, played(game), (2026, 11, 30, 21, 14))
    assert said_of == {"when": when, "what": what, "names": names}


@pytest.mark.parametrize(("lang", "what"), [
    ("ko", "직접 설정 · 종료 · 1위 C"), ("ja", "自分で設定・終局・1着 C")])
def test_a_finished_game_in_the_list_names_its_first_place(lang, what):
    said = words(lang)["ledger"]
    game, _meta = envelope.read_envelope(V1_PREVIOUS)
    assert ledger.end(game)["final"]["places"][2] == [1, 1]  # seat 2's tsumo: first
    assert summary.game_summary(said, game, played(game), None)["what"] == what


@pytest.mark.parametrize("lang, pasted, stored", [
    ("ko", "붙여넣은 내용이 JSON 형식이 아니에요.", "저장된 기록이 JSON 형식이 아니에요."),
    ("ja", "貼り付けた内容がJSONの形式になっていません。", "保存された記録がJSONの形式になっていません。")])
def test_pasted_text_that_is_not_json_is_the_pasted_text(page, lang, pasted, stored):
    """The paste box's text is "the pasted text", never "what is stored" (review-ko A4, review-ja
    U5); damaged storage keeps its own sentence."""
    page(MemoryStorage(), lang)
    with pytest.raises(envelope.ShelfError) as caught:
        games.Shelf(MemoryStorage()).import_games("{this is not json", "2026-12-07T12:00:00.000Z")
    assert caught.value.code == "bad_json"
    assert store.problem_text(caught.value, True) == pasted
    assert store.problem_text(caught.value) == stored
