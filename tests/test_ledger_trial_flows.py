"""What the table trial caught (issue 33's ledger blockers) that is a value the page computes, in
plain Python (issue 36): the taps, the form and the model driven through the page's own steps
(tests/ledger_flow.py), the page's draws run on the built page's HTML (tests/ledger_soup.py), and
what they show compared with `python -m engine.ledger` run in this process, as
tests/browser/test_ledger_table_trial.py compared it in Chromium. Each test names the browser test
it was. The browser keeps what only it can prove: a reload keeping the hand in progress, the back
gesture, the table button in view, two tabs, a kept link disarming an undo, the view within every
screen."""
import json

import pytest

from engine.ledger import games
from engine.ledger.storage import MemoryStorage
from engine.ledger.wire import dumps
from ledger import board, final, share, view
from ledger import table as table_module
from ledger import hand as hand_module
from ledger.model import model
from ledger.present import named

from .ledger_flow import LANGS, Built, Ledger, Table, cli, fill, page_strings, points, words
from .ledger_soup import NOW, kept, ledger_cli_text, ledger_page, page_game

HANDS = [  # E1 (dealer 0), E2 after a non-dealer ron, then a draw with one riichi
    {"result": "ron", "from": 2, "winners": [{"seat": 1, "han": 3, "fu": 30}], "riichi": []},
    {"result": "draw", "tenpai": [1], "riichi": [1]},
]


@pytest.fixture(scope="module")
def pages(site):
    return {lang: Built(site, lang) for lang in LANGS}


@pytest.mark.parametrize("lang", LANGS)
def test_a_ron_tapped_in_previews_and_saves_as_the_command_line(pages, lang):
    """The values of tests/browser/test_ledger_table_trial.py::
    test_a_reload_mid_hand_keeps_the_riichi_the_entry_and_the_view (which stays in Korean, for
    the reload): two riichi on the table, a ron by seat 1 on seat 3's discard valued 4 han 30 fu
    on the sheet; the panels, the sticks and the sheet's preview are the command line's, and so
    is the record once confirmed; the next hand starts with no riichi."""
    with page_strings(pages[lang]):
        table = Table(pages[lang])
        table.riichi(1)
        table.riichi(2)
        table.end("ron")
        table.pick(1)
        table.pick(3)
        table.sheet["han"] = "4"
        table.preview_sheet()
        scores, sticks = table.panels()
        assert scores == [25000, 24000, 24000, 25000] and sticks == 2
        assert table.riichi_now() == [1, 2]
        expected = cli({**table.exported(), "hands": [
            {"result": "ron", "from": 3, "riichi": [1, 2], "winners": [{"seat": 1, "han": 4, "fu": 30}]}]})
        assert [shown + points(change) for shown, change in zip(scores, table.shown)] == \
            expected["hands"][0]["scores"]
        table.confirm()
        record = table.exported()
        assert cli(record) == expected
        assert table.riichi_now() == []  # the next hand starts with none
    model.__init__()


@pytest.mark.parametrize("lang", LANGS)
def test_a_corrections_preview_shows_the_hands_own_movement(site, pages, lang):
    """Was tests/browser/test_ledger_table_trial.py::test_a_corrections_preview_shows_the_hands_own_movement
    (ko): a hand being corrected previews its own movement, the command line's; the second line
    says it is the stored hand's, then how the corrected one differs, each seat named with its
    wind in that hand; the heading says a correction."""
    built = pages[lang]
    with ledger_page(site, lang) as document, page_strings(built) as said:
        ledger = Ledger(built)
        for hand in HANDS:
            fill(ledger.form, hand)
            ledger.add()
        record = ledger.exported()
        ledger.edit(0)
        seen = ledger.preview(editing=0)
        hand_module.draw_change(model.record, seen, 0)
        shown = [points(text) for text in ledger.shown_preview(0)]
        assert shown == cli(record)["hands"][0]["deltas"] == [0, 3900, -3900, 0]
        line = document.querySelector("[data-ledger-preview-change]")
        assert not line.hidden and line.textContent.strip() == said["hand"]["preview_same"]
        ledger.form.select("lh-han-1", "4")
        seen = ledger.preview(editing=0)
        hand_module.draw_change(model.record, seen, 0)
        corrected = {**HANDS[0], "winners": [{"seat": 1, "han": 4, "fu": 30}]}
        after = cli({**record, "hands": [corrected, *record["hands"][1:]]})
        shown = [points(text) for text in ledger.shown_preview(0)]
        assert shown == after["hands"][0]["deltas"] == [0, 7700, -7700, 0]
        text = line.textContent
        assert "+3,800" in text and "\u22123,800" in text
        winner, discarder = named(said, model.record, 1, 0), named(said, model.record, 2, 0)
        assert f"{winner} +3,800" in text and f"{discarder} \u22123,800" in text
        if lang == "ko":
            assert said["hand"]["preview_same"] == "기록과 점수 이동이 같아요."
            assert "(남가) +3,800" in text and "(서가) \u22123,800" in text  # named with their winds
        heading = document.querySelector("[data-ledger-preview-heading]").textContent.strip()
        assert heading == said["hand"]["preview_edit"]


@pytest.mark.parametrize("lang", LANGS)
def test_a_double_ron_is_offered_from_the_start_of_a_ron(site, pages, lang):
    """Was tests/browser/test_ledger_table_trial.py::test_a_double_ron_is_offered_from_the_start_of_a_ron
    (ko): the view (view.draw, on the built page) offers a second winner before any winner is
    tapped; pressed, two winners and then the discarder are tapped, and both winners' values
    confirmed: the hand saved is a double ron."""
    built = pages[lang]
    with ledger_page(site, lang) as document, page_strings(built):
        table_module.start(document, None, None)  # the view's panels, placed as start() places them
        table = Table(built)
        document.querySelector("[data-table-view]").hidden = False  # the view open (table.open_view)
        table.end("ron")
        view.draw()
        more = document.querySelector("[data-table-more]")
        assert not more.hidden  # before any winner is tapped
        table.more()
        view.draw()
        assert more.getAttribute("aria-pressed") == "true"
        table.pick(1)
        table.pick(2)  # a second winner, not the discarder
        table.step(dict(model.entry, phase="from"))  # table.on_step: `next` after several winners
        table.pick(0)
        assert table.kind == "hand"
        table.confirm()  # the first winner's value (3 han 30 fu), then the second's
        table.confirm()
        hand = table.exported()["hands"][0]
        assert hand["from"] == 0 and [w["seat"] for w in hand["winners"]] == [1, 2]


def test_a_game_ended_by_hand_shows_the_round_it_stopped_before(site):
    """Was tests/browser/test_ledger_table_trial.py::
    test_a_game_ended_by_hand_shows_the_round_it_stopped_before: the board (board.draw_board,
    on the built page) of a game ended by hand (history.on_end_sure) states the round it
    stopped before, not the last hand's, and the sticks settled."""
    with ledger_page(site, "ko") as document:
        record = kept({"hands": HANDS})
        board.draw_board(record, model.played(record))
        before = document.querySelector("[data-ledger-round]").textContent
        assert document.querySelector("[data-ledger-sticks]").textContent == "1"
        model.record = dict(model.record, ended=True)  # history.on_end_sure
        board.draw_board(model.record, model.played(model.record))
        assert not document.querySelector("[data-ledger-over]").hidden
        assert document.querySelector("[data-ledger-round]").textContent == before
        assert document.querySelector("[data-ledger-sticks]").textContent.strip() == "0"


def test_one_games_export_keeps_its_names_and_reads_back(site):
    """Was tests/browser/test_ledger_table_trial.py::test_one_games_export_keeps_its_names_and_reads_back
    (UX trial F10): the one-game export keeps the names; the command line reads the same text;
    imported on another phone (its games' shelf, index.on_import), its board names the players."""
    names = ["민수", "수진", "Kim", "佐藤"]
    game = page_game({"hands": HANDS}, names)
    with ledger_page(site, "ko") as document:
        model.record = game
        text = dumps(final.exported(model.record))  # the export box's text (final.draw_export)
        assert json.loads(text)["names"] == names
        assert ledger_cli_text(text) == cli({"rules": game["rules"], "hands": game["hands"]})
        other = games.open_shelf(MemoryStorage(), NOW)  # another phone
        other.import_games(text, NOW)
        model.__init__()
        model.game_id = other.current()
        model.record = other.load(model.game_id)[0]
        board.draw_board(model.record, model.played(model.record))
        assert document.querySelector('[data-ledger-name="0"]').textContent == "민수"


@pytest.mark.parametrize(("query", "said"), [
    ("?han=99&fu=30", "계산기에서 가져온 값은 넣지 않았어요."),
    ("?fumode=tiles&hand=zzz", "계산기에서 가져온 패를 읽을 수 없어서 넣지 않았어요."),
    ("?fumode=tiles&hand=1112345678999m", "계산기에서 가져온 패는 13장이라 화료패가 빠져 있어요"),
])
def test_a_calculator_hand_the_ledger_cannot_take_is_said(site, query, said):
    """Was tests/browser/test_ledger_table_trial.py::test_a_calculator_hand_the_ledger_cannot_take_is_said
    (security review F18, UX trial F11): a carried hand out of range, not tiles, or 13 tiles
    waiting is said (hand.carry_from_calculator, on the built page with the calculator's query),
    and no winner is ticked."""
    with ledger_page(site, "ko", query) as document:
        kept({"hands": HANDS})
        hand_module.carry_from_calculator()
        box = document.querySelector("[data-ledger-carried]")
        assert not box.hidden and box.textContent.startswith(said)
        assert not any(document.querySelector(f"#lh-winner-{seat}").checked for seat in range(4))
        assert document.defaultView.location.search == ""  # the query taken off the address


@pytest.mark.parametrize("lang", ["ko", "ja"])
def test_the_share_box_of_an_ended_game_asks_for_no_next_scan(site, lang):
    """ko and ja reviews: once the game was over, the share box still said to scan the code again
    after the next hand. share.draw_link (after every change) says which, on the built page."""
    with ledger_page(site, lang) as document:
        record = kept({"hands": HANDS})
        share.draw_link(record)
        note = document.querySelector("[data-ledger-share-refresh]")
        assert note.textContent == words(lang)["share"]["refresh"]
        model.record = dict(model.record, ended=True)  # history.on_end_sure
        share.draw_link(model.record)
        assert note.textContent == words(lang)["share"]["refresh_over"]
