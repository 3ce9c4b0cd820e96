"""The ledger's conditions panel, its two links to the conditions page and the table view's seat
notes, in plain Python (issue 36): the page's own draws (ledger.conditions.draw, set_links,
view.made_notes) run on the built ledger page's HTML (tests/soup_page.py) with the game as the
page keeps it, and what they write is compared with `python -m engine.conditions` and
`python -m engine.ledger` (run in this process), as tests/browser/test_ledger_conditions.py and
test_ledger_table_trial.py compared it in Chromium. Each test names the browser test it was; the
browser keeps the panel opened by the keyboard, one panel in Japanese, a link followed to the
conditions page, and axe."""
from urllib.parse import parse_qsl, urlsplit

import pytest

import build
from conditions import present as conditions_present
from engine.conditions import conditions as answer_of
from engine.conditions.state import read_query
from ledger import conditions as panel
from ledger import view
from ledger import present as ledger_present
from ledger.model import model

from .ledger_flow import LANGS, Built, Table, cli, page_strings
from .ledger_soup import conditions_cli, imported, kept, ledger_page
# An east-only game up to its last round (East 4, seat 3 deals, 1 honba): a ron, a tsumo, a draw
# with the dealer noten (tests/browser/test_ledger_conditions.py's RECORD).
RECORD = {"rules": {"preset": "tenhou", "length": "east"}, "hands": [
    {"result": "ron", "from": 2, "winners": [{"seat": 1, "han": 3, "fu": 40}], "riichi": [1]},
    {"result": "tsumo", "winners": [{"seat": 3, "han": 1, "fu": 30}], "riichi": []},
    {"result": "draw", "tenpai": [0], "riichi": []},
]}
# tests/browser/test_ledger_table_trial.py's games: two hands, and an East-only game at its
# last hand (E4, seat 3 deals, one honba), then the last hand the view takes.
HANDS = [
    {"result": "ron", "from": 2, "winners": [{"seat": 1, "han": 3, "fu": 30}], "riichi": []},
    {"result": "draw", "tenpai": [1], "riichi": [1]},
]
ALL_LAST = [
    {"result": "ron", "from": 1, "winners": [{"seat": 0, "han": 4, "fu": 30}], "riichi": []},
    {"result": "draw", "tenpai": [], "riichi": []},
    {"result": "tsumo", "winners": [{"seat": 2, "han": 3, "fu": 30}], "riichi": []},
    {"result": "draw", "tenpai": [3], "riichi": []},
]
LAST = {"result": "ron", "from": 0, "winners": [{"seat": 1, "han": 2, "fu": 30}], "riichi": []}


def drawn(record):
    panel.draw(record, model.played(record))


def panel_texts(document, seat):
    """The panel's texts of one seat (the browser test's panel_texts)."""
    return {node.dataset.need: node.textContent for node in document.querySelectorAll(
        f'[data-need-panel] [data-need-seat="{seat}"] [data-need]')}


def expected(record, seat, place, lang, riichi=0):
    """The command line's answer for the seat, worded by the shared presenter with the ledger's
    seat names (tests/browser/test_ledger_conditions.py's `expected`)."""
    answer = conditions_cli({"record": record, "seat": seat, "place": place, "riichi": riichi})
    upcoming = cli(record)["next"]
    scores, dealer = upcoming["scores"], upcoming["dealer"]
    strings = build.load_strings(lang)
    # a seat is named with its wind in the hand about to be played (SPEC §10.1): "B(서가)"
    texts = conditions_present.view(answer, scores, dealer, strings, lambda s: ledger_present.named(
        strings["ledger"], {**record, "rules": {"players": 4, **record["rules"]}}, s, dealer))
    return {hook: text for hook, (text, _hands) in texts.items()}


def query_of(document, selector):
    return dict(parse_qsl(urlsplit(document.querySelector(selector).getAttribute("href")).query))


@pytest.mark.parametrize("lang", LANGS)
def test_panel_matches_the_command_line(site, lang):
    """Was tests/browser/test_ledger_conditions.py::test_panel_matches_the_command_line (the
    browser keeps it in Japanese): every seat's answer, for first place and then for avoiding
    last with riichi, is the command line's; open by default in the last round."""
    with ledger_page(site, lang) as document:
        drawn(imported(RECORD))
        assert document.querySelector("[data-need-panel]").open  # the last round: open by default
        for seat in range(4):
            assert panel_texts(document, seat) == expected(RECORD, seat, 1, lang)
        document.querySelector("[data-need-place]").value = "3"
        document.querySelector("[data-need-riichi]").checked = True
        panel.on_change(None)
        for seat in range(4):
            assert panel_texts(document, seat) == expected(RECORD, seat, 3, lang, riichi=1)
        details = document.querySelector('[data-need-panel] details[data-need-seat="2"]')
        assert not details.open and details.querySelector('[data-need="tsumo"]') is not None


def test_closed_before_the_last_round(site):
    """The values of tests/browser/test_ledger_conditions.py::test_closed_before_the_last_round_and_keyboard
    (which stays, for the keyboard): closed before the last round, seat 0's answer the command
    line's."""
    first = {**RECORD, "hands": RECORD["hands"][:1]}
    with ledger_page(site, "ko") as document:
        drawn(imported(first))
        panel_box = document.querySelector("[data-need-panel]")
        assert not panel_box.hidden and not panel_box.open
        assert panel_texts(document, 0) == expected(first, 0, 1, "ko")


@pytest.mark.parametrize("players", [4, 3])
def test_both_conditions_links_carry_the_game_and_give_the_clis_answer(site, players):
    """Was tests/browser/test_ledger_table_trial.py::
    test_both_conditions_links_carry_the_game_and_give_the_clis_answer, for three and four
    players (the browser keeps four, to follow the link): both links carry the game's state,
    the place and riichi asked, and the conditions page reading them answers as the command
    line; the seat asked is the one opened in the panel."""
    hands = HANDS if players == 4 else [
        {"result": "tsumo", "winners": [{"seat": 2, "han": 2, "fu": 30}], "riichi": [0]},
        {"result": "draw", "tenpai": [0], "riichi": []}]
    place = 2 if players == 4 else 1
    with ledger_page(site, "ko") as document:
        record = kept({"rules": {"players": players, "preset": "mleague" if players == 4 else "tenhou"},
                       "hands": hands})
        exported = {"rules": record["rules"], "hands": record["hands"]}
        assert len(exported["hands"]) == 2
        drawn(record)
        document.querySelector("[data-need-place]").value = str(place)
        document.querySelector("[data-need-riichi]").checked = True
        panel.on_change(None)
        upcoming = cli(exported)["next"]
        for selector in ("[data-need-open]", "[data-need-link]"):
            query = query_of(document, selector)
            seat, asked, riichi = int(query["seat"]), int(query["place"]), int(query["riichi"])
            assert (asked, riichi) == (place, 1)
            assert answer_of(*read_query(query)) == conditions_cli(
                {"record": exported, "seat": seat, "place": asked, "riichi": riichi})
            # the conditions page reads the game's scores from it
            assert list(read_query(query)[0].scores) == upcoming["scores"]
        # A seat opened in the panel is the one the links ask for (its click handler redraws them).
        document.querySelector('[data-need-seat="0"]').open = True
        panel.set_links()
        assert query_of(document, "[data-need-link]")["seat"] == "0"
        assert query_of(document, "[data-need-open]")["seat"] == "0"


@pytest.mark.parametrize("lang", LANGS)
def test_the_table_view_says_each_seats_need_at_all_last_and_its_result_at_the_end(site, lang):
    """Was tests/browser/test_ledger_table_trial.py::
    test_the_table_view_says_each_seats_need_at_all_last_and_its_result_at_the_end: each
    panel's line is the seat's own answer, as the conditions panel words it; after the last
    hand, tapped in through the view, each says its place and result."""
    built = Built(site, lang)
    with ledger_page(site, lang) as document:
        record = kept({"rules": {"length": "east"}, "hands": ALL_LAST})
        exported = {"rules": record["rules"], "hands": record["hands"]}
        drawn(record)
        notes = view.made_notes(record, model.played(record))
        for seat in range(4):
            tsumo = document.querySelector(f'[data-need-seat="{seat}"] [data-need="tsumo"]').textContent
            assert notes[seat].endswith(tsumo.strip()), (notes[seat], tsumo)
            answer = conditions_cli({"record": exported, "seat": seat, "place": 1, "riichi": 0})
            assert str(answer["rank"]) in notes[seat]
    # The last hand, through the view: each panel then says its place and result.
    with page_strings(built):
        table = Table(built)
        model.record = kept({"rules": {"length": "east"}, "hands": ALL_LAST})
        table.end("ron")
        table.pick(1)
        table.pick(0)
        table.sheet["han"] = "2"
        table.confirm()
        assert table.exported()["hands"][-1] == {**LAST, "winners": [
            {"seat": 1, "yakuman": 0, "han": 2, "fu": 30}]}
        game = model.played(model.record)
        assert game["over"]
        final = cli({**exported, "hands": [*exported["hands"], LAST]})["final"]
        notes = view.made_notes(model.record, game)
        for seat in range(4):
            result = f'{final["results"][seat]:+.1f}'.replace("-", "\u2212")
            assert notes[seat].endswith(result) and str(final["places"][seat][0]) in notes[seat]
    model.__init__()
