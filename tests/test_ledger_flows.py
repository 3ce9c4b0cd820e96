"""The ledger page's flows in plain Python (issue 36): tests that drove Chromium only to compare
what the page previews and shows with the command line now drive the same inputs through the
steps the page's handlers take (tests/ledger_flow.py) and assert the same values. Each test names
the browser test it was. What only a browser can prove stays in tests/browser/ (one game through
the form in each language, layout, CSS, focus, storage across reloads, two tabs, offline)."""
import json
import re

import pytest

import build
import engine
from engine import ledger
from engine.ledger import games
from engine.ledger.storage import GAME, INDEX, MemoryStorage
from engine.presets import preset_rules
from engine.query import parse

from ledger import form, page, present, screen
from ledger import hand as hand_module
from ledger.model import model

from .ledger_flow import (LANGS, PINFU, PINFU_ON_8S, WRC_HANDS, Built, Ledger, cli, error_words,
                          expected, expected_board, fill, page_strings, points, setup_rules, words)

NOW = "2026-03-01T12:00:00.000Z"


@pytest.fixture(scope="module")
def pages(site):
    return {lang: Built(site, lang) for lang in LANGS}


@pytest.fixture
def built(pages, lang):
    """The built page of `lang`, its strings bound as the page binds them; the model afresh after."""
    with page_strings(pages[lang]):
        yield pages[lang]
    model.__init__()


@pytest.mark.parametrize("lang", LANGS)
def test_the_setup_form_starts_a_tenhou_game(built, lang):
    # What the flows below start with: the setup form as built, only the player count chosen.
    assert setup_rules(built, 4) == preset_rules("tenhou", 4)
    assert setup_rules(built, 3) == preset_rules("tenhou", 3)


def final_results(record, game):
    """Each seat's result as the final table shows it (final.draw_final: its last cell, the
    data-ledger-result of that seat), read back as a number."""
    return [float(present.final_cells(page.L, record, game["final"], seat)[-1].replace("\u2212", "-"))
            for seat in range(record["rules"]["players"])]


def kept(shelf, game):
    """store.save: this change of the current game kept (counted once it is over)."""
    shelf.save(model.game_id, game, NOW, model.played(game)["over"])
    model.record = game


def exported_hands(record):
    """A record's hands as the engine reads them (the page stores them so)."""
    rules = ledger.rules_from(record["rules"])
    return [ledger.read_hand(hand, index, rules) for index, hand in enumerate(record["hands"])]


@pytest.mark.parametrize("lang", LANGS)
def test_final_standings_of_the_guides_example(built, lang):
    """Was tests/browser/test_ledger.py::test_final_standings_of_the_guides_example: the guide's
    record pasted and ended by hand; the final results as the table writes them, the form hidden,
    the undo, and the ended game kept in the list after a new one."""
    text = (build.CONTENT / lang / "ledger" / "03-final-results.md").read_text(encoding="utf-8")
    record = json.loads(re.search(r"```json\n(.*?)```", text, re.S).group(1))
    storage = MemoryStorage()
    shelf = games.open_shelf(storage, NOW)
    shown = Ledger(built)
    shelf.import_games(json.dumps(record), NOW)  # index.on_import, then store.load_current
    model.game_id = shelf.current()
    model.record = shelf.load(model.game_id)[0]
    kept(shelf, dict(model.record, ended=True))  # history.on_end_sure
    game = cli(record)
    assert not game["over"]  # ended by hand: the command line replays it as still going
    final = ledger.end(record)["final"]
    played = model.played(model.record)
    assert played["over"]
    results = final_results(model.record, played)
    assert results == final["results"]
    assert sum(results) == pytest.approx(0)
    assert screen.form_hidden(played, None, model.following)  # the next-hand form is hidden
    # Undo reopens the game where it stopped (history.on_undo).
    shown.undo()
    kept(shelf, model.record)
    assert not screen.form_hidden(model.played(model.record), None, model.following)
    assert shown.board() == expected_board(game, lang)
    # A new game after the end: the finished one stays in the list of games (SPEC §10.4), and
    # none is current (index.on_new: store.leave).
    kept(shelf, dict(model.record, ended=True))
    shelf.leave()
    index = json.loads(storage.getItem(INDEX))
    envelopes = [json.loads(storage.getItem(GAME + game_id)) for game_id in index["order"]]
    assert index["current"] is None and len(envelopes) == 1
    assert envelopes[0]["ended"] is True and envelopes[0]["record"]["hands"] == exported_hands(record)
    assert len([game_id for game_id in shelf.ids() if shelf.raw(game_id) is not None]) == 1  # listed


@pytest.mark.parametrize("lang", LANGS)
def test_wrc_chombo_and_a_shared_top(built, lang):
    """Was tests/browser/test_ledger_rules.py::test_wrc_chombo_and_a_shared_top (its abort
    choice, chombo choice and penalty column shown or hidden stay there): a WRC game through the
    form, every preview and board against the command line, the chombo's history line, the
    shared places and the penalty in the final table."""
    said = words(lang)
    # A target that is not a whole number: refused next to its field (setup.read_new_game).
    with pytest.raises(ledger.RecordError) as refused:
        ledger.rules_from(dict(preset_rules("wrc", 4), target="3万"))
    assert refused.value.field == "target"
    assert built.soup.select_one('#ledger-rules [data-ledger-error="target"]') is not None
    assert said["rule"]["target"] in page.error_text(refused.value)
    shown = Ledger(built, rules=preset_rules("wrc", 4))
    rules = shown.record["rules"]
    # The page marks the game with what its rules offer (screen.draw; the CSS hides the rest).
    assert (str(rules["aborts"]), rules["chombo"]) == ("0", "penalty")
    record = shown.exported()
    for hand in WRC_HANDS:
        fill(shown.form, hand)
        if hand["result"] == "chombo":
            assert words(lang)["hand"]["chombo_penalty"].format(penalty="\u221230") == \
                present.chombo_hint(page.L, rules)
        after = cli({**record, "hands": [*record["hands"], hand]})
        assert [points(text) for text in shown.shown_preview()] == after["hands"][-1]["deltas"]
        shown.add()
        record = shown.exported()
        game = cli(record)
        assert game == after
        if not game["over"]:
            assert shown.board() == expected_board(game, lang)
    # The chombo hand is in the history, and the hand after it was played at the same table.
    chombo_row = " ".join(shown.history()[1])
    # the seat named with its wind in that hand (SPEC §10.1): seat 2 in E2, where seat 1 deals
    chombo_seat = present.named(said, {**record, "rules": {"players": 4, **record["rules"]}},
                                2, game["hands"][1]["dealer"])
    assert said["history"]["chombo_penalty"].format(seat=chombo_seat, penalty="\u221230") in chombo_row
    assert [game["hands"][i]["round"] for i in (1, 2)] == ["E2", "E2"]
    assert game["over"] and game["final"]["results"] == [18.0, 18.0, -48.0, -18.0]
    played = shown.game()
    assert played["over"]  # the final results are shown
    assert final_results(model.record, played) == game["final"]["results"]
    rows = [present.final_cells(page.L, model.record, played["final"], seat)
            for seat in present.standings_order(played["final"])]
    shared = said["final"]["shared"]
    assert [row[0] for row in rows] == [shared.format(best=1, worst=2)] * 2 + \
        [shared.format(best=3, worst=4)] * 2
    # The penalty has its own column: -30 for seat 2 (the third row: seats 2 and 3 share 3-4).
    cells = rows[2][1:]  # the row's cells after its heading
    assert cells[4] == "\u221230" and cells[5] == "\u221248.0"


NAMES_HANDS = [
    {"result": "ron", "from": 2, "winners": [{"seat": 1, "han": 3, "fu": 40}], "riichi": []},
    {"result": "tsumo", "winners": [{"seat": 1, "han": 2, "fu": 30}], "riichi": []},
    {"result": "draw", "tenpai": [0, 2], "riichi": []},
]


@pytest.mark.parametrize("lang", LANGS)
def test_winds_follow_the_dealer_and_corrections_replay(built, lang):
    """Was tests/browser/test_ledger_names.py::test_winds_follow_the_dealer_and_corrections_replay:
    each seat's wind on the board as the deal moves, and earlier hands deleted, undone, changed
    in place and refused (SPEC §10.1, §10.3), against the engine's replay of the stored record."""
    said = words(lang)
    shown = Ledger(built)

    def stored():
        return json.loads(json.dumps(model.record))

    def scores():
        return shown.board()["scores"]

    assert shown.seats()[1]["wind"] == said["seat_wind"]["1"]
    fill(shown.form, NAMES_HANDS[0])
    shown.add()
    # Seat 1 won as a non-dealer: the deal moved to it, so it is East now, seat 0 is North.
    assert shown.seats()[1]["wind"] == said["seat_wind"]["0"]
    assert shown.seats()[1]["name"] == said["seat"]["1"]
    assert shown.seats()[0]["wind"] == said["seat_wind"]["3"]
    for hand in NAMES_HANDS[1:]:
        fill(shown.form, hand)
        shown.add()
    # The dealer (seat 1) was noten at the draw: seat 2 deals, seat 1 is North.
    assert shown.seats()[1]["wind"] == said["seat_wind"]["3"]
    record = stored()
    assert scores() == cli({"rules": record["rules"], "hands": record["hands"]})["next"]["scores"]

    # Delete the first hand: the game replays from there, as the engine does.
    shown.save_change(0, None)
    record = stored()
    assert [h["result"] for h in record["hands"]] == ["tsumo", "draw"]
    assert scores() == ledger.replay(record)["next"]["scores"]
    # One tap undoes the change.
    shown.undo()
    assert [h["result"] for h in stored()["hands"]] == ["ron", "tsumo", "draw"]

    # Edit the second hand into a bigger tsumo.
    shown.edit(1)
    assert shown.form.checked_box("lh-result-tsumo") and shown.form.checked_box("lh-winner-1")
    shown.form.select("lh-han-1", "4")
    shown.add()
    assert model.editing is None  # the form is the next hand's again
    record = stored()
    assert record["hands"][1]["winners"][0]["han"] == 4
    assert len(record["hands"]) == 3
    assert scores() == ledger.replay(record)["next"]["scores"]

    # An edit that busts a seat before the third hand is refused and changes nothing.
    before, board_scores, history = stored(), scores(), shown.history()
    shown.edit(0)
    shown.form.select("lh-yakuman-1", "2")
    with pytest.raises(ledger.RecordError) as refused:  # hand.preview, as the change is saved
        shown.preview(model.editing)
    box, text = hand_module.refusal(refused.value, model.draft, shown.game())
    assert box == "hand"
    assert said["named"]["ends_before"].format(n=2, round=said["board"]["round"].format(
        wind=said["wind"]["E"], number=2)) == text
    assert stored() == before and scores() == board_scores
    assert shown.history() == history


@pytest.mark.parametrize("lang", LANGS)
def test_winners_by_their_tiles(built, lang):
    """Was tests/browser/test_ledger_tiles.py::test_winners_by_their_tiles (what only the page
    shows of the tile box is kept in test_a_three_player_winner_by_tiles...): winners given by
    their tiles valued in the situation the game gives (seat and round wind, ron or tsumo,
    riichi, the Tenhou preset's rules), against the engine for the same tiles, and the scores
    after each hand against the command line."""
    shown = Ledger(built)
    # East 1: B wins 1 han 30 fu from C, typed: East 2 is B's deal, so C is South, D West.
    shown.form.check("lh-winner-1")
    shown.form.select("lh-from", "2")
    shown.form.select("lh-han-1", "1")
    shown.add()
    assert shown.board() == expected_board(cli(shown.exported()), lang)

    # D (West) wins on 7s by tiles, no riichi: a kanchan with no yaku, refused next to the tiles.
    shown.form.check("lh-winner-3")
    shown.form.select("lh-from", "0")
    shown.form.check("lh-bytiles-3")
    said = shown.tiles(3, PINFU)
    with pytest.raises(engine.InputError) as refused:
        expected(PINFU, "7s", "W", "E", "ron")
    assert said == error_words(lang, refused.value.code, refused.value.field)
    assert len(shown.exported()["hands"]) == 1  # nothing added
    assert shown.board() == expected_board(cli(shown.exported()), lang)

    # C (South in East 2) wins in riichi on 8s from D, a red five and a dora indicator: riichi,
    # pinfu, dora 1, red five 1. The pair 3z is West, D's seat wind and not C's: pinfu holds.
    shown.form.uncheck("lh-winner-3")
    shown.form.uncheck("lh-bytiles-3")
    shown.form.check("lh-winner-2")
    shown.form.select("lh-from", "3")
    shown.form.check("lh-riichi-2")
    shown.form.check("lh-bytiles-2")
    answer = shown.tiles(2, PINFU_ON_8S, dora=["1m"])
    want = expected(PINFU_ON_8S, "8s", "S", "E", "ron", riichi="1", dora="1m")["tiles"]
    han_fu = int(shown.form.value("lh-han-2")), int(shown.form.value("lh-fu-2"))
    assert han_fu == (want["han"], want["fu"]) == (4, 30)
    assert [y["name"] for y in answer["tiles"]["yaku"]] == [y["name"] for y in want["yaku"]]
    shown.add()
    record = shown.exported()
    winner, = record["hands"][1]["winners"]
    assert (winner["seat"], winner["han"], winner["fu"], winner.get("yakuman", 0)) == (2, 4, 30, 0)
    game = cli(record)
    assert shown.board() == expected_board(game, lang)
    assert game["hands"][1]["deltas"] == [0, 0, 7700, -7700]  # 4 han 30 fu; the riichi stick comes back

    # East 3: C deals and wins by tsumo with the same tiles, no riichi: menzen tsumo, pinfu, red
    # five, 20 fu; each pays the dealer.
    assert not shown.form.checked_box("lh-bytiles-2")  # the form starts afresh
    shown.form.check("lh-result-tsumo")
    shown.form.check("lh-winner-2")
    shown.form.check("lh-bytiles-2")
    shown.tiles(2, PINFU_ON_8S)
    want = expected(PINFU_ON_8S, "8s", "E", "E", "tsumo")["tiles"]
    han_fu = int(shown.form.value("lh-han-2")), int(shown.form.value("lh-fu-2"))
    assert han_fu == (want["han"], want["fu"]) == (3, 20)
    shown.add()
    record = shown.exported()
    game = cli(record)
    assert shown.board() == expected_board(game, lang)
    assert game["hands"][2]["dealer"] == 2
    assert game["hands"][2]["deltas"] == [-1300, -1300, 3900, -1300]  # dealer 3 han 20 fu: 1,300 all


@pytest.mark.parametrize("lang", LANGS)
def test_the_calculators_hand_in_one_tap(built, lang):
    """Was tests/browser/test_ledger.py::test_the_calculators_hand_in_one_tap (the link itself,
    the note shown and the address cleared stay in test_a_hand_changed_just_before_the_tap...):
    a calculator link's dealer tsumo fills the form as hand.carry_from_calculator does
    (ledger.form.carried), and the preview is the dealer's 4,000 all."""
    shown = Ledger(built)
    mapping = {"han": "4", "fu": "40", "win": "tsumo", "seat": "dealer"}  # ?han=4&fu=40&win=tsumo&seat=dealer
    values = parse(mapping)
    given = form.carried(values, engine.calculate_values(values).get("fu"), shown.game())
    shown.form.check(f'lh-result-{given["result"]}')
    for controls in shown.form.block.values():
        for name, text in given["values"].items():
            shown.form.select(controls[name], text)
    if given["winner"] is not None:
        shown.form.check(f'lh-winner-{given["winner"]}')
    assert shown.form.checked_box("lh-result-tsumo")
    assert shown.form.checked_box("lh-winner-0")  # the dealer of East 1
    assert shown.form.value("lh-han-0") == "4" and shown.form.value("lh-fu-0") == "40"
    assert [points(text) for text in shown.shown_preview()] == [12000, -4000, -4000, -4000]
