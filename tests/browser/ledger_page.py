"""The ledger page driven as a player drives it, for the browser tests: open it, start a game,
fill and add hands through the form, read the board, the preview and what the page stored; and
the command line's replay, the oracle every figure is compared with."""
import json
import subprocess
import sys
import tomllib

import build
from engine.ledger import read_hand, rules_from

from .conftest import READY, Watch
from .helpers import open_ready

KEY = "mahjong-ledger"  # version 1's one game: still read (and moved in) on first open
INDEX, GAME = "mahjong-ledger.games", "mahjong-ledger.game."  # version 2: several games (§10.4)
CONTROLLED = "navigator.serviceWorker.controller !== null"

def words(lang):
    return tomllib.loads((build.CONTENT / lang / "strings.toml").read_text(encoding="utf-8"))["ledger"]


def cli(record):
    """The command line's replay of a record (SPEC §6.3)."""
    done = subprocess.run([sys.executable, "-m", "engine.ledger", "-"], input=json.dumps(record),
                          capture_output=True, text=True, cwd=build.ROOT, check=True)
    return json.loads(done.stdout)


def points(text):
    return int(text.replace(",", "").replace("\u2212", "-").replace("+", "").strip())


def open_ledger(context, base_url, lang, query=""):
    return open_ready(context, f"{base_url}{lang}/ledger/{query}")


def board(page):
    scores = [page.locator(f'[data-ledger-score="{seat}"]') for seat in range(4)]
    return {"round": page.inner_text("[data-ledger-round]").strip(),
            "honba": int(page.inner_text("[data-ledger-honba]")),
            "sticks": int(page.inner_text("[data-ledger-sticks]")),
            "scores": [points(score.inner_text()) for score in scores if score.is_visible()]}


def expected_board(game, lang):
    upcoming = game["next"]
    wind = words(lang)["wind"][upcoming["round"][0]]
    name = words(lang)["board"]["round"].format(wind=wind, number=upcoming["round"][1:])
    return {"round": name, "honba": upcoming["honba"],
            "sticks": upcoming["sticks"], "scores": upcoming["scores"]}


def kept_games(page):
    """The games the page keeps (SPEC §10.4): the current one's id, and each stored envelope in
    the list's order."""
    items = page.evaluate("() => Object.fromEntries(Object.entries(localStorage))")
    if INDEX not in items:
        return None, []
    index = json.loads(items[INDEX])
    return index["current"], [json.loads(items[GAME + game_id]) for game_id in index["order"]]


def stored_current(page):
    """The envelope of the game the page keeps as its current one."""
    current, kept = kept_games(page)
    return next(envelope for envelope in kept if envelope["id"] == current)


def exported(page):
    """The record the page exports (its names and `ended` left to exported_game)."""
    record = exported_game(page)
    return {key: record[key] for key in ("rules", "hands")}


def exported_game(page):
    return json.loads(page.input_value("[data-ledger-export]"))


def start(page, players=4):
    page.check(f"#lr-players-{players}")
    page.click("[data-ledger-start]")
    page.wait_for_selector("[data-ledger-game]:not([hidden])")


def fill(page, hand):
    """Put a hand into the next-hand form, control by control, as a user would."""
    page.check(f'#lh-result-{hand["result"]}')
    for winner in hand.get("winners", []):
        seat = winner["seat"]
        page.check(f"#lh-winner-{seat}")
        if winner.get("yakuman"):
            page.select_option(f"#lh-yakuman-{seat}", str(winner["yakuman"]))
            if "pao" in winner:
                page.select_option(f"#lh-pao-{seat}", str(winner["pao"]))
        else:
            page.select_option(f"#lh-han-{seat}", str(winner["han"]))
            page.select_option(f"#lh-fu-{seat}", str(winner["fu"]))
    if "from" in hand:
        page.select_option("#lh-from", str(hand["from"]))
    for name in ("riichi", "tenpai", "nagashi"):
        for seat in hand.get(name, []):
            page.check(f"#lh-{name}-{seat}")


def preview(page, players=4):
    return [points(page.inner_text(f'[data-ledger-preview="{seat}"]')) for seat in range(players)]


def add(page):
    rows = page.locator("[data-ledger-history] tr").count()
    page.click("[data-ledger-add]")
    page.wait_for_function(f"document.querySelectorAll('[data-ledger-history] tr').length === {rows + 1}")


# A game as the page keeps it, stored on a fresh phone; the table view opened.
NAMES = ["김민수", "佐藤 花子", "Kim", "이지은"]


def page_game(record, names=NAMES):
    rules = rules_from(record.get("rules"))
    hands = [read_hand(hand, index, rules) for index, hand in enumerate(record["hands"])]
    return {"rules": rules, "hands": hands, "names": names[:rules["players"]], "ended": False}


def envelope(game):
    return json.dumps({"format": "mahjong-ledger", "version": 1, "saved": "2026-01-01T00:00:00Z",
                       "record": {"rules": game["rules"], "hands": game["hands"]},
                       "names": game["names"], "ended": game["ended"]}, ensure_ascii=False)


def stored_page(context, base_url, lang, game):
    """A page whose phone holds `game`."""
    page = context.new_page()
    watch = Watch(page)
    page.goto(f"{base_url}{lang}/ledger/")
    page.wait_for_selector(READY, timeout=60_000)
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [KEY, envelope(game)])
    page.reload()
    page.wait_for_selector(READY, timeout=60_000)
    return page, watch


def open_table(page):
    page.click("[data-table-open]")
    page.wait_for_selector("[data-table-view]:not([hidden])")


ALL_LAST = [  # an East-only game at its last hand: E4, seat 3 deals, one honba
    {"result": "ron", "from": 1, "winners": [{"seat": 0, "han": 4, "fu": 30}], "riichi": []},
    {"result": "draw", "tenpai": [], "riichi": []},
    {"result": "tsumo", "winners": [{"seat": 2, "han": 3, "fu": 30}], "riichi": []},
    {"result": "draw", "tenpai": [3], "riichi": []},
]
