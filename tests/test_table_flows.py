"""The table view's flows in plain Python (issue 36): tests that drove Chromium only to compare
the hand tapped in with the command line now tap through ledger.entry, write the form through
ledger.form, preview on the sheet through the model, and confirm (tests/ledger_flow.py Table),
asserting the same values. Each test names the browser test it was; the panels' turn and size,
the wake lock, the sheet's turn and one ron by taps in each language stay in
tests/browser/test_table_view.py."""
import pytest

from ledger.model import model
from ledger.tilebox import seat_wind

from .ledger_flow import (LANGS, PINFU_ON_8S, Built, Table, cli, expected, page_strings, points,
                          words)


@pytest.fixture(scope="module")
def pages(site):
    return {lang: Built(site, lang) for lang in LANGS}


@pytest.fixture
def built(pages, lang):
    with page_strings(pages[lang]):
        yield pages[lang]
    model.__init__()


def ron_by_taps(table, riichi, winner, discarder):
    """One seat's riichi, then a ron by taps: the winner's panel, the discarder's; the sheet."""
    table.riichi(riichi)
    table.end("ron")
    table.pick(winner)
    table.pick(discarder)
    assert table.kind == "hand"


def confirmed_as_the_command_line(table, hand):
    """The sheet's preview is the command line's change for `hand` as the first hand; confirmed,
    the saved hand is `hand` and the view's scores are the command line's. Returns its game."""
    expected_game = cli({**table.exported(), "hands": [hand]})
    preview = [points(text) for text in table.shown]
    panels, _sticks = table.panels()
    # From the points the panels show (this hand's riichi paid) to the command line's after it.
    assert [shown + change for shown, change in zip(panels, preview)] == expected_game["hands"][0]["scores"]
    table.confirm()
    saved = table.exported()
    assert saved["hands"] == [hand]
    game = cli(saved)
    assert table.panels()[0] == game["next"]["scores"] == expected_game["next"]["scores"]
    return game


@pytest.mark.parametrize("lang", LANGS)
def test_a_winner_tapped_as_discarder_is_refused(built, lang):
    """Was tests/browser/test_table_view.py::test_a_winner_tapped_as_discarder_is_refused (ja):
    the winner tapped again as the discarder is refused in the view's words, no sheet; the real
    discarder opens it, and the hand is saved with that discarder."""
    table = Table(built)
    table.end("ron")
    table.pick(3)
    table.pick(3)
    assert table.error == words(lang)["table"]["from_winner"]
    assert table.kind is None  # no sheet
    table.pick(0)  # the real discarder
    assert table.error == "" and table.kind == "hand"
    table.confirm()
    assert table.exported()["hands"][0]["from"] == 0


@pytest.mark.parametrize("lang", LANGS)
def test_a_draw_counts_a_seat_in_riichi_as_tenpai(built, lang):
    """Was tests/browser/test_table_view.py::test_a_draw_counts_a_seat_in_riichi_as_tenpai:
    riichi means tenpai (engine.ledger): seat 0's tenpai target is chosen and stays chosen, the
    sheet's heading counts it with the seat tapped, the form holds the hand, and it pays as the
    command line replays it; riichi taken back makes the seat a seat like the others again."""
    table = Table(built)
    table.riichi(0)
    table.end("draw")
    assert table.targets()[0][1:] == (True, True)  # aria-pressed, aria-disabled
    table.pick(0)  # a tap all the same: it changes nothing
    assert table.targets()[0][1] is True
    table.pick(1)
    assert [target[1] for target in table.targets()] == [True, True, False, False]
    table.next()
    assert table.kind == "hand"
    assert table.heading == words(lang)["history"]["draw"].format(count=2)
    assert table.form.checked_box("lh-tenpai-0") and table.form.checked_box("lh-tenpai-1")  # the form's hand
    hand = {"result": "draw", "tenpai": [0, 1], "nagashi": [], "riichi": [0]}
    confirmed_as_the_command_line(table, hand)

    # Riichi taken back before the draw is entered: the seat is a seat like the others again.
    table.riichi(2)
    table.end("draw")
    assert table.targets()[2][1] is True
    table.riichi(2)
    assert table.targets()[2][1:] == (False, False)
    table.next()
    assert table.heading == words(lang)["history"]["draw_none"]


@pytest.mark.parametrize("lang", LANGS)
def test_tsumo_draw_and_chombo_by_taps_match_the_command_line(built, lang):
    """Was tests/browser/test_table_view.py::test_tsumo_draw_and_chombo_by_taps_match_the_command_line
    (ko): three players; a tsumo (the sheet turned to the winner at the top), a draw with a seat
    in riichi and a tenpai tap taken back, a chombo; the saved hands and the view's scores and
    sticks against the command line."""
    table = Table(built, players=3)
    table.end("tsumo")
    table.pick(2)
    assert table.rotation == "180"
    table.confirm()
    table.riichi(0)
    table.end("draw")
    table.pick(0)  # in riichi: tenpai already, the tap changes nothing
    table.pick(1)
    table.pick(1)  # taken back
    table.next()
    table.confirm()
    table.end("chombo")
    table.pick(1)
    table.confirm()
    saved = table.exported()
    assert saved["hands"] == [
        {"result": "tsumo", "winners": [{"seat": 2, "yakuman": 0, "han": 3, "fu": 30}], "riichi": []},
        {"result": "draw", "tenpai": [0], "nagashi": [], "riichi": [0]},
        {"result": "chombo", "seat": 1, "riichi": []}]
    game = cli(saved)
    scores, sticks = table.panels()
    assert scores == game["next"]["scores"]
    assert sticks == game["next"]["sticks"]


@pytest.mark.parametrize("lang", LANGS)
def test_a_winner_valued_by_tiles_on_the_sheet_matches_the_command_line(built, lang):
    """Was tests/browser/test_table_view.py::test_a_winner_valued_by_tiles_on_the_sheet... (ko;
    ja stays in the browser for the tile box lent to the sheet and given back): the winner's tiles
    on the sheet valued in the hand's situation, the sheet's han and fu the engine's, and the
    hand confirmed as the command line replays it; the form starts the next hand afresh."""
    table = Table(built)
    ron_by_taps(table, riichi=1, winner=1, discarder=2)  # the winner in riichi
    table.form.check("lh-bytiles-1")  # the sheet's "by tiles" ticks the form's (table.on_sheet_input)
    table.tiles_open = 1
    table.tiles(1, PINFU_ON_8S, dora=["1m"])
    table.preview_sheet()
    # East 1, seat 0 deals: the winner's seat wind is South, the round's East.
    want = expected(PINFU_ON_8S, "8s", seat_wind(1, 0, 4), "E", "ron", riichi="1", dora="1m")["tiles"]
    assert (table.sheet["fu"], table.sheet["han"]) == (str(want["fu"]), str(want["han"]))
    hand = {"result": "ron", "from": 2, "riichi": [1],
            "winners": [{"seat": 1, "yakuman": 0, "han": want["han"], "fu": want["fu"]}]}
    confirmed_as_the_command_line(table, hand)
    assert not table.form.checked_box("lh-bytiles-1")
