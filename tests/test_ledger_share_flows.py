"""A game opened from a link (SPEC §8), in plain Python (issue 36): the page's own follow.read_link
and open_link read the address as the browser hands it over (location.hash, escaped), and the
page's draws (board, history, chart) run on the built ledger page's HTML (tests/ledger_soup.py),
as tests/browser/test_ledger_share.py read them off Chromium, against the command line and the
engine's replay. Each test names the browser test it was. The browser keeps the QR code read back,
a fresh browser storing nothing until keep, the game it replaces staying listed, one hostile
link (no markup made, nothing stored changed), and the chart and the result to paste."""
import pytest

from engine.ledger import link, replay
from ledger import board, chart, follow, screen
from ledger.model import model
from tests.tenhou import varied_games

from .ledger_flow import cli, expected_board, points, words
from .ledger_soup import kept, ledger_page, page_game
from .soup_page import browser_hash

NAMES = ["김민수", "佐藤 花子", "Kim", "이지은"]  # tests/browser/test_ledger_share.py's
GOOD = link.encode(page_game({"hands": [{"result": "ron", "from": 1, "riichi": [0],
                                         "winners": [{"seat": 0, "han": 2, "fu": 40}]}]}, NAMES))
HOSTILE = link.encode({"rules": {}, "names": ['<img src=x onerror="document.title=1">'],
                       "hands": [{"result": "ron", "from": "<b>x</b>", "winners": []}]})


@pytest.mark.parametrize("lang", ["ko", "ja"])
@pytest.mark.parametrize(("text", "code"), [
    (GOOD[: len(GOOD) // 2], "damaged"),  # truncated
    (GOOD[:12] + ("B" if GOOD[12] != "B" else "C") + GOOD[13:], "damaged"),  # altered
    (GOOD.replace("-", "%2D") + "%E2%80%8B", "damaged"),  # a chat app's escaping and a zero-width space
    ("9" + GOOD[1:], "newer"),
    ("<script>alert(1)</script>", "not_ours"),
    (HOSTILE, "bad_record"),
])
def test_a_bad_link_says_why_and_changes_nothing(site, lang, text, code):
    """Was tests/browser/test_ledger_share.py::test_a_bad_link_says_why_and_changes_nothing (the
    browser keeps the hostile record in Japanese): the link's message, no game followed, nothing
    stored touched, and this phone's game on show."""
    with ledger_page(site, lang, browser_hash(f"#g={text}")) as document:
        mine = kept({"hands": [{"result": "draw", "tenpai": [1], "riichi": []}]}, ["Me", "", "", ""])
        storage = document.defaultView.localStorage
        assert follow.open_link() is False
        message = document.querySelector("[data-ledger-link-error]")
        expected = words(lang)["follow"][code]
        assert not message.hidden and message.textContent.startswith(expected.split("{")[0].strip())
        assert not document.querySelector("[data-ledger-follow-box]").hasAttribute("data-ledger-follow")
        assert model.following is None and model.shown() is mine
        assert storage.items == {}  # nothing stored, nothing read
        assert document.querySelectorAll("main img") == []
        board.draw_history(model.shown(), model.played())
        assert len(document.querySelectorAll("[data-ledger-history] tr")) == 1  # this phone's game


def test_following_a_link_shows_the_game_read_only(site):
    """The values of tests/browser/test_ledger_share.py::
    test_following_in_a_fresh_browser_stores_nothing_until_keep, for each of its three Tenhou
    games (the browser keeps the first, for what is stored): the board is the replay's (or the
    command line's final scores), the chart has a line per seat, the next-hand form is hidden,
    every hand is in the history; kept, it is the link's game with its names, and the address
    loses its #g=."""
    for record in varied_games(3):
        game = page_game(record, NAMES)
        with ledger_page(site, "ja", link.fragment(game)) as document:
            assert follow.open_link() is True
            assert document.querySelector("[data-ledger-follow-box]").hasAttribute("data-ledger-follow")
            followed = model.shown()
            played = model.played()
            expected = cli({"rules": game["rules"], "hands": game["hands"]})
            shown = board.board_texts(words("ja"), followed, played, model.ref)
            if not expected["over"]:
                assert {"round": shown["round"], "honba": int(shown["honba"]),
                        "sticks": int(shown["sticks"]),
                        "scores": [points(seat["score"]) for seat in shown["seats"]]} == \
                    expected_board(replay(game), "ja")
            else:
                assert [points(seat["score"]) for seat in shown["seats"]] == expected["final"]["scores"]
            chart.draw_chart(followed, played)
            assert len(document.querySelectorAll("[data-ledger-chart] path[data-seat]")) == \
                game["rules"]["players"]
            # the legend: the players' names alone, no wind of one hand (fifth Korean reader, A1)
            legend = [node.textContent for node in document.querySelectorAll(".chart-legend")]
            assert legend == [name[:6] + "…" if len(name) > 7 else name
                              for name in NAMES[:game["rules"]["players"]]]
            assert screen.form_hidden(played, None, model.following)
            board.draw_history(followed, played)
            assert len(document.querySelectorAll("[data-ledger-history] tr")) == len(game["hands"])
            taken = follow.keep_followed()
            assert {"rules": taken["rules"], "hands": taken["hands"]} == \
                {"rules": game["rules"], "hands": game["hands"]}
            assert taken["names"] == game["names"]
            assert "#" not in document.defaultView.location.href
