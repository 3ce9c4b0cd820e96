"""The season page (SPEC §11.3): every game kept on this phone, and the games brought in from the
other phones by a link or a file, merged by engine.season and shown as one table of players,
a chart, a player's card and exports. The page holds one model (`state`): the kept games read
once, each game's counts computed once, the filters; every handler changes the model and
calls draw(). It parses nothing itself and knows no rule. The page's script calls
start(document); nothing touches the page before that."""
import binascii
import json

import dom
from engine.compat import stripped
from engine.ledger import games as shelf_games
from engine.ledger.games import BUNDLE, VERSION, preset_of
from engine.ledger.wire import dumps
from engine.presets import FIELDS
from engine.season import SeasonError, merge, read_input
from engine.season import link as season_link
from engine.season.figures import game_counts, player_seats, table
from engine.season.names import Aliases, cleaned_groups
from ledger.present import round_text
from season import present

ALIASES = "mahjong-season.aliases"  # the alias groups kept on this phone (JSON)
ME = "mahjong-season.me"  # the name chosen as "me"
CACHE = "mahjong-season.counts"  # each kept game's counts, by its id and stored text (read_kept)
CACHED = ("players", "finished", "ranks", "results", "hands", "busts", "chombo", "wins", "tsumo",
          "win_value", "deal_ins", "deal_in_value", "riichi", "draws", "draw_tenpai", "yakuman")
RESULTS = ("ron", "tsumo", "draw", "abort", "chombo")

# copies: the games that count (merge's), each {"game", "started", "source", "conflict", "id"};
# counts: each copy's game_counts by its place in copies; incoming: a season in the address.
state = {"copies": [], "counts": {}, "aliases": [], "sort": ("points", True), "card": None,
         "incoming": None, "rows": [], "shown": []}
page = {}


def q(selector):
    return page["dom"].one(selector)


def words():
    return page["strings"]["season"]


def now_iso():
    return page["dom"].window.Date.new().toISOString()


# ---------------------------------------------------------------- the phone's games

def read_kept():
    """The games kept on this phone (engine.ledger.games), each a copy for the merge, with its
    key in CACHE. A stored text counted before, unchanged since (its key is in CACHE), was read
    and checked then: it is only parsed; any other is read by engine.ledger.games."""
    copies = []
    shelf = page.get("shelf")
    if shelf is None:
        return copies
    cache = state.get("cache") or {}
    for game_id in shelf.ids():
        text = shelf.raw(game_id)
        if text is None:
            continue
        key = f'{game_id}:{binascii.crc32(text.encode("utf-8"))}'
        game = quick_game(text) if key in cache else None
        if game is None:
            try:
                game, meta = shelf_games.read_envelope(text)
            except shelf_games.ShelfError:
                continue  # the ledger's list shows it, with its text
            started = meta["started"]
        else:
            game, started = game
        copies.append({"game": game, "started": started, "source": "phone", "id": game_id,
                       "kept": True, "key": key})
    return copies


def quick_game(text):
    """(game, started) of a stored text this page read and checked before, or None."""
    try:
        data = json.loads(text)
        record = data["record"]
        if data.get("version") != shelf_games.VERSION or len(record["rules"]) < len(FIELDS):
            return None
        game = {"rules": record["rules"], "hands": record["hands"],
                "names": list(data.get("names") or []), "ended": data.get("ended") is True}
        if shelf_games.valid_uid(data.get("uid")):
            game["uid"] = data["uid"]
        started = data.get("started")
        return game, started if isinstance(started, str) else None
    except Exception:  # noqa: BLE001 (read in full instead)
        return None


def stored_json(key, default):
    storage = page.get("storage")
    try:
        text = storage.getItem(key) if storage is not None else None
        return json.loads(text) if isinstance(text, str) else default
    except Exception:  # noqa: BLE001 (a value another page wrote, or a refusing storage)
        return default


def keep_json(key, value):
    storage = page.get("storage")
    try:
        if storage is not None:
            storage.setItem(key, dumps(value))
    except Exception:  # noqa: BLE001 (said where it matters: the games' own writes)
        pass


def load():
    """The model from storage: the games merged, their counts computed once (and kept, by the
    stored text they came from, for the next visit: CACHE)."""
    cache = stored_json(CACHE, {})
    state["cache"] = cache if isinstance(cache, dict) else {}
    kept = read_kept()
    state["copies"] = merge(kept)
    found = {}
    for copy in kept:
        found[id(copy["game"])] = copy
    for copy in state["copies"]:
        stored = found.get(id(copy["game"]))
        copy["id"] = stored["id"] if stored else None
        copy["key"] = stored["key"] if stored else None
    state["counts"] = {}
    state["aliases"] = cleaned_groups(stored_json(ALIASES, []))


def counts_of(place):
    """A game's counts (engine.season.figures.game_counts, without what only the hands' CSV
    reads), from CACHE where the same stored text was counted before."""
    if place in state["counts"]:
        return state["counts"][place]
    copy = state["copies"][place]
    counts = state["cache"].get(copy["key"]) if copy["key"] else None
    if not (isinstance(counts, dict) and all(field in counts for field in CACHED)):
        full = game_counts(copy["game"])
        counts = {field: full[field] for field in CACHED}
        if copy["key"]:
            state["cache"][copy["key"]] = counts
            state["cache_changed"] = True
    state["counts"][place] = counts
    return counts


def keep_cache():
    """CACHE written when it changed, holding the games kept now only."""
    if not state.get("cache_changed"):
        return
    keys = [copy["key"] for copy in state["copies"] if copy["key"]]
    keep_json(CACHE, {key: state["cache"][key] for key in keys if key in state["cache"]})
    state["cache_changed"] = False


# ---------------------------------------------------------------- bringing games in

def error_words(error):
    says = words()["error"]
    return says.get(error.code, says["unreadable"])


def bring_in(found):
    """The games of a read file or link kept on this phone, beside the others: a game this
    phone holds already (all of it) is left out; nothing kept is changed. Returns what to say."""
    says = words()["add"]
    kept = read_kept()
    incoming = [dict(copy, id=None) for copy in found["copies"]]
    counted = merge(kept + incoming)
    new = [copy for copy in counted if copy["source"] != "phone"]
    added = 0
    for copy in new:
        try:
            page["shelf"].add(copy["game"], now_iso(), copy["started"], current=False)
        except shelf_games.ShelfError:
            return words()["error"]["refused"]
        added += 1
    groups = cleaned_groups(state["aliases"] + found["aliases"])
    if groups != state["aliases"]:
        keep_json(ALIASES, groups)
    said = [says["added"].format(n=added)]
    if len(incoming) > added:
        said.append(says["already"].format(n=len(incoming) - added))
    for problem in found["problems"]:
        said.append(says["bad_game"].format(n=(problem.index or 0) + 1,
                                            reason=error_words(problem)))
    load()
    return page["strings"]["joiner"]["explanation"].join(said)


def read_text(text, source):
    """read_input's answer, or the error's words (and None)."""
    try:
        return read_input(text, source), None
    except SeasonError as error:
        return None, error_words(error)
    except Exception:  # noqa: BLE001 (the readers let only SeasonError out; a backstop)
        return None, words()["error"]["unreadable"]


def say_added(text, error):
    box = q("[data-season-add-error]")
    box.textContent = error or ""
    box.hidden = not error
    q("[data-season-add-done]").textContent = text or ""


def on_add(event):
    event.preventDefault()
    form = q("[data-season-add]")
    link = form.elements.namedItem("link").value
    files = form.elements.namedItem("file").files
    if files is not None and files.length:
        dom.later(add_file(files.item(0)))
        return
    if not stripped(str(link)):
        say_added("", words()["add"]["nothing"])
        return
    found, error = read_text(link, "link")
    if found is None:
        say_added("", error)
        return
    say_added(bring_in(found), None)
    form.elements.namedItem("link").value = ""
    draw()


async def add_file(file):
    text = await file.text()
    found, error = read_text(str(text), str(file.name))
    if found is None:
        say_added("", error)
        return
    say_added(bring_in(found), None)
    q("[data-season-add]").elements.namedItem("file").value = ""
    draw()


def read_address():
    """A season link (#s=) or a game link (#g=) in the address: offered, never kept unasked."""
    text = str(page["dom"].window.location.hash)
    if not (text.startswith("#s=") or text.startswith("#g=")):
        return
    found, error = read_text(text, "link")
    box = q("[data-season-incoming]")
    box.hidden = False
    if found is None:
        q("[data-season-incoming-text]").textContent = error
        q("[data-season-keep]").hidden = True
        return
    state["incoming"] = found
    q("[data-season-incoming-text]").textContent = words()["add"]["from_address"].format(
        n=len(found["copies"]))
    q("[data-season-keep]").hidden = False


def on_keep(_event):
    if state["incoming"] is None:
        return
    said = bring_in(state["incoming"])
    state["incoming"] = None
    page["dom"].window.history.replaceState(None, "", page["dom"].window.location.pathname)
    q("[data-season-incoming-text]").textContent = said
    q("[data-season-keep]").hidden = True
    draw()


# ---------------------------------------------------------------- the filters

def filters():
    form = q("[data-season-filters]")
    field = form.elements.namedItem
    try:
        least = int(str(field("min").value) or "0")
    except ValueError:
        least = 0
    return {"players": 3 if field("players").value == "3" else 4,
            "from": str(field("from").value), "to": str(field("to").value),
            "preset": str(field("preset").value), "min": max(least, 0),
            "progress": bool(field("progress").checked), "me": str(field("me").value)}


def chosen(flags):
    """(place in copies, copy) of the games the filters keep, in date order."""
    found = []
    for place, copy in enumerate(state["copies"]):
        counts = counts_of(place)
        if counts["players"] != flags["players"]:
            continue
        day = (copy["started"] or "")[:10]
        if flags["from"] and day and day < flags["from"]:
            continue
        if flags["to"] and day and day > flags["to"]:
            continue
        if flags["preset"] and preset_of(copy["game"]["rules"]) != flags["preset"]:
            continue
        if not flags["progress"] and not counts["finished"]:
            continue
        found.append((copy["started"] or "", place, copy))
    found.sort(key=lambda item: (item[0], item[1]))
    return [(place, copy) for _day, place, copy in found]


# ---------------------------------------------------------------- drawing

def draw():
    flags = filters()
    games = chosen(flags)
    aliases = Aliases(state["aliases"])
    counted = [(copy["game"], counts_of(place)) for place, copy in games]
    answer = table(counted, flags["players"], aliases)
    rows = [row for row in answer["rows"] if row["games"] >= flags["min"]]
    field, descending = state["sort"]
    rows = present.sorted_rows(rows, field, descending)
    state["rows"], state["shown"] = rows, games
    says = words()["say"]
    q("[data-season-empty]").hidden = bool(rows)
    q("[data-season-count]").textContent = says["count"].format(n=answer["games"], p=len(rows))
    conflicts = sum(1 for _place, copy in games if copy["conflict"])
    box = q("[data-season-conflicts]")
    box.textContent = says["conflicts"].format(n=conflicts) if conflicts else ""
    box.hidden = not conflicts
    draw_me(answer["rows"], flags["me"])
    draw_table(rows, flags["me"])
    draw_chart(games, aliases, rows, flags["me"])
    draw_aliases()
    if state["card"] is not None:
        draw_card(state["card"])
    keep_cache()


def draw_me(rows, me):
    select = q("[data-season-filters]").elements.namedItem("me")
    names = sorted(row["name"] for row in rows)
    if me and me not in names:
        names = sorted(names + [me])
    while select.options.length > 1:
        select.remove(1)
    for name in names:
        option = page["dom"].document.createElement("option")
        option.value = name
        option.textContent = name
        option.selected = name == me
        select.appendChild(option)


def draw_table(rows, me):
    document = page["dom"].document
    body = q("[data-season-table] tbody")
    body.replaceChildren()
    for row in rows:
        line = document.createElement("tr")
        line.setAttribute("data-season-player", row["name"])
        if row["name"] == me:
            line.classList.add("season-me")
        head = document.createElement("th")
        head.setAttribute("scope", "row")
        head.setAttribute("data-season", "name")
        button = document.createElement("button")
        button.type = "button"
        button.textContent = row["name"]
        button.setAttribute("data-season-open", row["name"])
        button.addEventListener("click", page["proxies"]["open"])
        head.appendChild(button)
        line.appendChild(head)
        for field in present.COLUMNS:
            cell = document.createElement("td")
            cell.setAttribute("data-season", field)
            value = present.sort_value(row, field)
            if field == "places":
                cell.setAttribute("data-value", " ".join(str(n) for n in row["places"]))
            elif field == "points":
                cell.setAttribute("data-value", present.cell_text(row, "points").replace(
                    "+", "").replace("\u2212", "-"))
            elif field in present.COUNTS:
                cell.setAttribute("data-value", str(value))
            cell.textContent = present.cell_text(row, field)
            line.appendChild(cell)
        body.appendChild(line)
    sort_field, descending = state["sort"]
    for header in page["dom"].document.querySelectorAll("[data-season-sort]"):
        name = header.getAttribute("data-season-sort")
        header.setAttribute("aria-sort", "none" if name != sort_field else
                            ("descending" if descending else "ascending"))


def results_by_name(games, aliases, rows):
    shown = {}
    for row in rows:
        shown[aliases.key(row["name"])] = row["name"]
    lines = []
    for place, copy in games:
        counts = counts_of(place)
        results = {}
        for seat, key, _name in player_seats(copy["game"], aliases):
            if key in shown:
                results[shown[key]] = counts["results"][seat]
        lines.append(results)
    return lines


def draw_chart(games, aliases, rows, me):
    series = present.series_of(results_by_name(games, aliases, rows),
                               [row["name"] for row in rows])
    svg = q("[data-season-chart]")
    page["dom"].fill_svg(svg, "0 0 360 214", present.chart(words(), series, me))
    svg.setAttribute("aria-label", words()["say"]["chart_label"].format(
        names=", ".join(row["name"] for row in rows)))
    legend = q("[data-season-legend]")
    legend.replaceChildren()
    document = page["dom"].document
    for number, row in enumerate(rows):
        item = document.createElement("li")
        item.className = f"season-key season-line-{number % present.COLOURS}" + (
            " season-me" if row["name"] == me else "")
        item.textContent = row["name"]
        legend.appendChild(item)


def draw_aliases():
    box = q("[data-season-aliases]")
    box.replaceChildren()
    document = page["dom"].document
    for number, group in enumerate(state["aliases"]):
        item = document.createElement("li")
        text = document.createElement("span")
        text.textContent = " = ".join(group)
        item.appendChild(text)
        button = document.createElement("button")
        button.type = "button"
        button.textContent = words()["alias"]["remove"]
        button.setAttribute("data-season-unalias", str(number))
        button.addEventListener("click", page["proxies"]["unalias"])
        item.appendChild(button)
        box.appendChild(item)


def draw_card(name):
    row = None
    for found in state["rows"]:
        if found["name"] == name:
            row = found
    card = q("[data-season-card]")
    if row is None:
        card.hidden = True
        state["card"] = None
        return
    says = words()
    document = page["dom"].document
    q("[data-season-card-name]").textContent = row["name"]
    bar = q("[data-season-card-places]")
    bar.replaceChildren()
    for place, count in enumerate(row["places"]):
        part = document.createElement("span")
        part.className = f"season-place season-place-{place + 1}"
        part.style.flexGrow = str(count)
        part.textContent = f'{says["card"]["place"].format(n=place + 1)} {count}'
        bar.appendChild(part)
    rates = q("[data-season-card-rates]")
    rates.replaceChildren()
    for field in present.RATES:
        term = document.createElement("dt")
        term.textContent = says["column"][field]
        value = document.createElement("dd")
        value.textContent = present.cell_text(row, field)
        rates.appendChild(term)
        rates.appendChild(value)
    aliases = Aliases(state["aliases"])
    key = aliases.key(name)
    played = []
    for place, copy in state["shown"]:
        counts = counts_of(place)
        for seat, found, _written in player_seats(copy["game"], aliases):
            if found == key:
                played.append((counts["results"][seat], counts["ranks"][seat], copy))
    listing = q("[data-season-card-games]")
    listing.replaceChildren()
    for result, rank, copy in played:
        item = document.createElement("li")
        item.textContent = game_line(result, rank, copy)
        listing.appendChild(item)
    ordered = sorted(played, key=lambda item: (item[0], item[1], item[2]["started"] or ""))
    q("[data-season-card-best]").textContent = game_line(*ordered[-1]) if ordered else ""
    q("[data-season-card-worst]").textContent = game_line(*ordered[0]) if ordered else ""
    card.hidden = False


def game_line(result, rank, copy):
    says = words()["card"]
    return says["game_line"].format(date=(copy["started"] or "")[:10],
                                    place=says["place"].format(n=rank),
                                    result=present.cell_text({"points": result / 10}, "points"))


# ---------------------------------------------------------------- handlers

def on_filter(_event=None):
    me = filters()["me"]
    keep_json(ME, me)
    draw()


def on_sort(event):
    field = event.currentTarget.closest("[data-season-sort]").getAttribute("data-season-sort")
    current, descending = state["sort"]
    descending = not descending if field == current else present.first_descending(field)
    state["sort"] = (field, descending)
    # only the order changes: the rows and the chart stay as drawn
    state["rows"] = present.sorted_rows(state["rows"], field, descending)
    draw_table(state["rows"], filters()["me"])


def on_open(event):
    state["card"] = event.currentTarget.getAttribute("data-season-open")
    draw_card(state["card"])
    q("[data-season-card]").focus()


def on_close(_event):
    state["card"] = None
    q("[data-season-card]").hidden = True


def on_alias(event):
    event.preventDefault()
    form = q("[data-season-alias-form]")
    first = str(form.elements.namedItem("first").value)
    second = str(form.elements.namedItem("second").value)
    groups = cleaned_groups(state["aliases"] + [[first, second]])
    if groups != state["aliases"]:
        state["aliases"] = groups
        keep_json(ALIASES, groups)
    form.reset()
    draw()


def on_unalias(event):
    number = int(event.currentTarget.getAttribute("data-season-unalias"))
    groups = [group for place, group in enumerate(state["aliases"]) if place != number]
    state["aliases"] = groups
    keep_json(ALIASES, groups)
    draw()


def download(text, name, kind):
    """`text` saved as a file named `name`: a Blob's URL on the page's one download link,
    clicked at once (the URL made for the last download is let go)."""
    from pyscript.ffi import to_js  # the browser's only

    window = page["dom"].window
    if "anchor" not in page:
        anchor = page["anchor"] = page["dom"].document.createElement("a")
        anchor.hidden = True
        anchor.setAttribute("data-season-download", "")
        page["dom"].document.body.appendChild(anchor)
    anchor = page["anchor"]
    if page.get("url"):
        window.URL.revokeObjectURL(page["url"])
    parts = [text]
    if text.startswith("\ufeff"):  # the BOM as bytes: a JS string made from UTF-8 loses it
        parts = [window.Uint8Array.new(to_js([0xEF, 0xBB, 0xBF])), text[1:]]
    blob = window.Blob.new(to_js(parts), to_js({"type": kind}))
    page["url"] = window.URL.createObjectURL(blob)
    anchor.href = page["url"]
    anchor.download = name
    anchor.click()


def on_players_csv(_event):
    download(present.players_csv(words(), state["rows"]), "season-players.csv",
             "text/csv;charset=utf-8")


def hands_rows():
    says = words()["hands_csv"]
    ledger_words = page["strings"]["ledger"]
    players = filters()["players"]
    out = [[says["game"], says["date"], says["round"], says["result"], says["winners"],
            says["from"], says["han"], says["fu"], says["value"], says["riichi"]]
           + [says["seat"].format(n=seat + 1) for seat in range(players)]]
    for number, (_place, copy) in enumerate(state["shown"]):
        game = copy["game"]
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
    download(present.csv_text(hands_rows()), "season-hands.csv", "text/csv;charset=utf-8")


def season_file():
    """Every game that counts and the aliases, as the page's export of every game."""
    items = []
    for number, copy in enumerate(state["copies"]):
        items.append(json.loads(shelf_games.envelope(
            copy["game"], copy.get("id") or str(number + 1), copy["started"] or now_iso(),
            now_iso())))
    return dumps({"format": BUNDLE, "version": VERSION, "exported": now_iso(), "games": items,
                  "aliases": state["aliases"]})


def on_file(_event):
    dom.later(share_file(season_file(), "season.json", "application/json"))


async def share_file(text, name, kind):
    """The season file to the phone's share sheet where the browser shares files (SPEC §11.1),
    else saved as a download."""
    from pyscript.ffi import to_js  # the browser's only

    window = page["dom"].window
    navigator = window.navigator
    if hasattr(navigator, "canShare") and hasattr(navigator, "share"):
        try:
            data = to_js({"files": [window.File.new(to_js([text]), name, to_js({"type": kind}))]})
            if dom.js_call(window, navigator, "canShare", data):
                await navigator.share(data)
                q("[data-season-link-note]").textContent = words()["export"]["shared"]
                return
        except Exception:  # noqa: BLE001 (refused, dismissed, or files not shared here)
            pass
    download(text, name, kind)


def on_make_link(_event):
    games = [(copy["game"], copy["started"]) for _place, copy in state["shown"]]
    text = season_link.encode(games, state["aliases"])
    anchor = q("[data-season-link]")
    note = q("[data-season-link-note]")
    if not season_link.fits(text):
        anchor.hidden = True
        note.textContent = words()["export"]["too_long"]
        return
    here = page["dom"].window.location
    url = here.origin + here.pathname + "#" + season_link.PREFIX + text
    anchor.href = url
    anchor.textContent = url
    anchor.hidden = False
    note.textContent = words()["export"]["link_ready"].format(n=len(games))


# ---------------------------------------------------------------- start

def open_storage():
    window = page["dom"].window
    storage = dom.local_storage(window)
    if storage is None:
        storage = shelf_games.MemoryStorage()
        box = q("[data-season-storage]")
        box.textContent = words()["error"]["unavailable"]
        box.hidden = False
    page["storage"] = storage
    try:
        page["shelf"] = shelf_games.open_shelf(storage, now_iso())
        page["shelf"].give_uids(lambda: dom.random_bytes(window, shelf_games.UID_BYTES))
    except Exception:  # noqa: BLE001 (a storage that refuses: the games are read as they are)
        page["shelf"] = shelf_games.Shelf(storage)


def start(document):
    """Wire the page to engine.season; called by the page's script."""
    page.update(dom=dom.Page(document))
    page["strings"] = page["dom"].strings()
    proxies = page["proxies"] = {
        "add": dom.proxy(on_add), "keep": dom.proxy(on_keep), "filter": dom.proxy(on_filter),
        "sort": dom.proxy(on_sort), "open": dom.proxy(on_open), "close": dom.proxy(on_close),
        "alias": dom.proxy(on_alias), "unalias": dom.proxy(on_unalias),
        "csv": dom.proxy(on_players_csv), "hands": dom.proxy(on_hands_csv),
        "file": dom.proxy(on_file), "link": dom.proxy(on_make_link)}
    open_storage()
    load()
    me = stored_json(ME, "")
    if isinstance(me, str) and me:
        draw_me([{"name": me}], me)
    q("[data-season-add]").addEventListener("submit", proxies["add"])
    q("[data-season-keep]").addEventListener("click", proxies["keep"])
    q("[data-season-filters]").addEventListener("change", proxies["filter"])
    q("[data-season-card-close]").addEventListener("click", proxies["close"])
    q("[data-season-alias-form]").addEventListener("submit", proxies["alias"])
    q("[data-season-csv]").addEventListener("click", proxies["csv"])
    q("[data-season-hands-csv]").addEventListener("click", proxies["hands"])
    q("[data-season-file]").addEventListener("click", proxies["file"])
    q("[data-season-make-link]").addEventListener("click", proxies["link"])
    for header in document.querySelectorAll("[data-season-sort] button"):
        header.addEventListener("click", proxies["sort"])
    read_address()
    draw()
    document.documentElement.dataset.engine = "ready"
