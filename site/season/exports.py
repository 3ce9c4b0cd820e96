"""What the season page sends out (SPEC §11.3, §11.1): the players' CSV, every hand's CSV, the
season file (shared with the phone's share sheet where the browser shares files, else saved)
and the season link. Only these read the games' hands: each from the shelf, when asked."""
import json

import dom
from engine.ledger.envelope import BUNDLE, VERSION, envelope
from engine.ledger.summary import game_counts
from engine.ledger.wire import dumps
from engine.season import link as season_link
from season import present
from season.kept import full_game
from season.model import now_iso, page, q, state, strings, window, words
from season.view import filters

RESULTS = ("ron", "tsumo", "draw", "abort", "chombo")
CSV = "text/csv;charset=utf-8"


def download(text, name, kind):
    """`text` saved as a file named `name`: a Blob's URL on the page's one download link,
    clicked at once (the URL made for the last download is let go)."""
    if "anchor" not in page:
        anchor = page["anchor"] = page["dom"].document.createElement("a")
        anchor.hidden = True
        anchor.setAttribute("data-season-download", "")
        page["dom"].document.body.appendChild(anchor)
    anchor = page["anchor"]
    if page.get("url"):
        window().URL.revokeObjectURL(page["url"])
    page["url"] = window().URL.createObjectURL(blob_of(text, kind))
    anchor.href = page["url"]
    anchor.download = name
    anchor.click()


def blob_parts(text):
    """The parts of a file's Blob: a BOM as its bytes (a JS string made from UTF-8 loses it)."""
    from pyscript.ffi import to_js  # the browser's only

    if text.startswith("\ufeff"):
        return [window().Uint8Array.new(to_js([0xEF, 0xBB, 0xBF])), text[1:]]
    return [text]


def blob_of(text, kind):
    from pyscript.ffi import to_js  # the browser's only

    return window().Blob.new(to_js(blob_parts(text)), to_js({"type": kind}))


def on_players_csv(_event):
    download(present.players_csv(words(), state["rows"]), "season-players.csv", CSV)


def hands_rows():
    # imported here: the ledger's page package (its __init__ loads every module of the ledger's
    # page) is only needed for the hands' round names, and a module loaded makes every text
    # MicroPython makes afterwards slower to make (its interned names are searched first)
    from ledger.present import round_text

    says = words()["hands_csv"]
    ledger_words = strings("ledger")
    players = filters()["players"]
    out = [[says["game"], says["date"], says["round"], says["honba"], says["result"], says["winners"],
            says["from"], says["han"], says["fu"], says["value"], says["riichi"]]
           + [says["seat"].format(n=seat + 1) for seat in range(players)]]
    for number, (_place, copy) in enumerate(state["shown"]):
        game = full_game(copy)
        counts = game_counts(game)  # with each hand's replay and values
        names = list(game.get("names") or [])

        def name(seat, names=names):
            return names[seat] if seat < len(names) and names[seat] else str(seat + 1)

        for index, hand in enumerate(game["hands"]):
            entry = counts["replayed"]["hands"][index]
            winners = hand.get("winners", [])
            value = counts["hand_values"][index]
            out.append([
                number + 1, (copy["started"] or "")[:10], round_text(ledger_words, entry["round"]),
                entry["honba"],
                says[hand["result"]] if hand["result"] in RESULTS else hand["result"],
                " / ".join(name(w["seat"]) for w in winners),
                name(hand["from"]) if "from" in hand else "",
                " / ".join(str(w.get("han", "")) if not w.get("yakuman") else "" for w in winners),
                " / ".join(str(w.get("fu", "")) if not w.get("yakuman") else "" for w in winners),
                " / ".join(str(value[w["seat"]]) for w in winners),
                " / ".join(name(seat) for seat in hand["riichi"])]
                + [entry["deltas"][seat] for seat in range(players)])
    return out


def on_hands_csv(_event):
    download(present.csv_text(hands_rows()), "season-hands.csv", CSV)


def season_file():
    """Every game that counts and the aliases, as the page's export of every game: a kept
    game as it is stored (its envelope, read and checked when it was counted: not replayed)."""
    items = []
    for number, copy in enumerate(state["copies"]):
        text = page["shelf"].raw(copy["id"]) if copy.get("id") else None
        items.append(json.loads(text if text is not None else envelope(
            full_game(copy), copy.get("id") or str(number + 1), copy["started"] or now_iso(),
            now_iso())))
    return dumps({"format": BUNDLE, "version": VERSION, "exported": now_iso(), "games": items,
                  "aliases": state["aliases"]})


def on_file(_event):
    dom.later(share_file(season_file(), "season.json", "application/json"))


async def share_file(text, name, kind):
    """The season file to the phone's share sheet where the browser shares files (SPEC §11.1),
    else saved as a download."""
    from pyscript.ffi import to_js  # the browser's only

    navigator = window().navigator
    if hasattr(navigator, "canShare") and hasattr(navigator, "share"):
        try:
            data = to_js({"files": [window().File.new(to_js(blob_parts(text)), name,
                                                      to_js({"type": kind}))]})
            if dom.js_call(window(), navigator, "canShare", data):
                await navigator.share(data)
                q("[data-season-link-note]").textContent = words()["export"]["shared"]
                return
        except Exception:  # noqa: BLE001 (refused, dismissed, or files not shared here)
            pass
    download(text, name, kind)


def on_make_link(_event):
    games = [(full_game(copy), copy["started"]) for _place, copy in state["shown"]]
    text = season_link.encode(games, state["aliases"])
    anchor = q("[data-season-link]")
    note = q("[data-season-link-note]")
    if not season_link.fits(text):
        anchor.hidden = True
        note.textContent = words()["export"]["too_long"]
        return
    here = window().location
    url = here.origin + here.pathname + "#" + season_link.PREFIX + text
    anchor.href = url
    anchor.textContent = url
    anchor.hidden = False
    note.textContent = words()["export"]["link_ready"].format(n=len(games))
