"""Calls of the pages' modules (site/) that take more than one step, for
tests/test_micropython_site.py: written in the Python both interpreters run, and run under CPython
(as tests.mpy_site) and under MicroPython (copied to / as mpy_site.py, beside site/ and the
engine), so both give their answers as JSON.

The page's strings are read from STRINGS ({lang: strings.toml as JSON}), which the test writes:
under MicroPython a dict read from JSON keeps no order, as on the page.
"""
import json
from collections import namedtuple

import address
import amounts
import calculator
import conditions
import dom
import engine
from calculator import present as calc
from conditions import present as need
from engine import tables
from engine.presets import preset_of
from engine.conditions import StateError, every_seat
from engine.conditions import conditions as answer_of
from engine.conditions.state import read_query
from engine.ledger import RecordError, standing
from engine.ledger import played as played_game
from engine.ledger.preview import on_the_table, preview
from engine.ledger.envelope import ShelfError
from engine.query import parse
from ledger import draft, drawing, page, present, summary, tilebox
from ledger import entry as table_entry
from ledger import conditions as ledger_conditions
from ledger import hand as ledger_hand
from tiles import hand as tile_hand
from tiles import present as tile_words

STRINGS = "/site_strings.json"
_loaded = {}
Day = namedtuple("Day", ("year", "month", "day"))


def strings(lang):
    if not _loaded:
        with open(STRINGS, encoding="utf-8") as file:
            _loaded.update(json.load(file))
    return _loaded[lang]


def _ledger_page(lang):
    """ledger.page's strings as bind() leaves them (no document)."""
    page.strings.clear()
    page.strings.update(strings(lang))
    page.L.clear()
    page.L.update(strings(lang)["ledger"])
    return page.L


# ---------------------------------------------------------------- the calculator

def calculator_texts(lang, keys):
    """Every text the calculator shows for these URL keys: the cards, the copy line and the
    dock; an error's sentence."""
    words = strings(lang)
    try:
        result = engine.calculate(keys)
    except engine.InputError as error:
        return {"error": calc.error_text(error, words)}
    if "total" not in result:
        return {"dock": calc.dock_waits(result["tiles"], words)}
    shown = calc.view(result, words)
    return {"view": shown, "copy": calc.copy_line(result, parse(keys), words),
            "link": calculator.link_pairs(dict(engine.DEFAULTS, **keys))}


def hk_cells(table_kind, cap, split, tsumo, unit):
    return calc.hk_cells(tables.hk_rows(table_kind, cap, split, tsumo, unit))


def fixed_of(numerators, denominator, places):
    """calc.fixed of n / denominator for each n (the floats made here, not read from JSON)."""
    return [calc.fixed(n / denominator, places) for n in numerators]


def fmt_of(numerators, denominator):
    return [calc.fmt(n // denominator if n % denominator == 0 else n / denominator)
            for n in numerators]


# ---------------------------------------------------------------- the conditions page

def conditions_texts(lang, query):
    """The conditions page's texts for a query: the answer's words, the heading, the rank, the
    seats' choices and the link; a StateError's sentence."""
    words = strings(lang)
    try:
        state, seat, place, riichi = read_query(query)
    except StateError as error:
        return {"error": need.error_text(error, words)}
    answer = answer_of(state, seat, place, riichi)
    players = len(state.scores)
    shown = need.view(answer, state.scores, state.dealer, words)
    return {"view": [[hook, list(shown[hook])] for hook in sorted(shown)],
            "title": need.need_title(seat, place, state.dealer, players, words),
            "rank": need.rank_text(answer, state.scores, words, state.rules["ties"]),
            "scores": need.scores_text(state.scores, words),
            "seats": [need.seat_option(s, state.dealer, players, words) for s in range(players)],
            "places": [need.place_label(p, players, words) for p in range(1, players)],
            "link": conditions.link_pairs(dict(query))}


def every_seat_texts(lang, query, place):
    """The ledger's panel and the table view's notes for every seat of a state."""
    words = strings(lang)
    state = read_query(query)[0]
    lines = []
    for answer in every_seat(state, place, 0):
        texts = need.view(answer, state.scores, state.dealer, words, lambda seat: f"P{seat}")
        tsumo = texts["tsumo"][0]
        lines.append([need.ledger_summary(answer, state.scores, f"P{answer['seat']}", tsumo, words,
                                          state.rules["ties"]),
                      need.table_need(answer, state.scores, tsumo, words, state.rules["ties"]),
                      [[hook, list(texts[hook])] for hook in sorted(texts)]])
    return lines


# ---------------------------------------------------------------- the ledger

def ledger_texts(lang, record):
    """The ledger's words for a game: the history, the board, the chart, the final standings and
    the text to paste, the list's summary, the conditions link; a refused record's sentence."""
    words = _ledger_page(lang)
    try:
        played = played_game(record)
    except RecordError as error:
        return {"error": present.error_text(words, strings(lang)["error"], error, True)}
    dealer = present.hand_dealer(played)
    out = {
        "history": [[present.where_text(words, entry), present.hand_title(words, index, entry),
                     present.describe(words, hand, record, entry["dealer"]),
                     [amounts.signed(delta) for delta in entry["deltas"]]]
                    for index, (hand, entry) in enumerate(zip(record["hands"], played["hands"]))],
        "named": [present.named(words, record, seat, dealer)
                  for seat in range(record["rules"]["players"])],
        "scores": [amounts.with_minus(score) for score in standing(played)],
        "summary": summary.game_summary(words, record, played, (2026, 1, 2, 3, 4)),
        "preset": preset_of(record["rules"]),
        "tile_rules": tilebox.tile_rules(record["rules"]),
        "chombo": present.chombo_hint(words, record["rules"]),
    }
    if played["hands"]:
        out["chart"] = drawing.chart(words, record, played, dealer)
    if played["over"]:
        final = played["final"]
        out["final"] = [present.final_cells(words, record, final, seat)
                        for seat in present.standings_order(final)]
        out["paste"] = summary.standings_text(words, record, final, Day(2026, 12, 2))
        out["leftover"] = present.leftover_note(words, record, played)
    else:
        upcoming = played["next"]
        out["round"] = present.round_text(words, upcoming["round"])
        out["query"] = ledger_conditions.page_query(record["rules"], upcoming, 1, 1, 0)
        out["last_round"] = upcoming["all_last"]
    return out


def ledger_preview(lang, record, raw, editing=None):
    """The next-hand form's preview of `raw` (the record's keys, as the form reads them): each
    seat's change and the next line, or the refusal."""
    _ledger_page(lang)
    try:
        seen = preview(record, raw, editing)
    except RecordError as error:
        return {"refused": ledger_hand.refusal(error, raw, played_game(record)),
                "error": page.error_text(error)}
    return {"changes": [amounts.signed(delta) for delta in seen["moved"]],
            "next": ledger_hand.next_line(seen)}


def table_taps(lang, end, taps, riichi, players, record):
    """The table view's entry through a series of taps: each tap's problem, each seat's target,
    the history line the sheet heads with, and the entry kept and read back."""
    words = _ledger_page(lang)
    entry = table_entry.begin(end)
    steps = []
    for seat in taps:
        entry, problem = table_entry.pick(entry, seat, riichi)
        steps.append([problem, [list(table_entry.target(entry, s, riichi)) for s in range(players)]])
    kept = table_entry.entry_from(json.loads(json.dumps(entry)), players)
    heading = present.describe(words, table_entry.stated(entry, riichi), record, 0) \
        if entry["phase"] == "sheet" else None
    return {"steps": steps, "entry": entry, "kept": kept == entry, "heading": heading,
            "tenpai": table_entry.tenpai_of(entry, riichi),
            "scores": on_the_table([25000] * players, riichi),
            "differences": table_entry.differences([30000, 25000, 22000, 23000][:players], 1)}


def draft_round_trip(game_id, hands, controls, tiles, entry):
    """A draft written as the page writes it and read back."""
    kept = draft.fresh(game_id, hands, controls, tiles, {"open": True, "entry": entry})
    text = games_dumps(kept)
    back = draft.read(text)
    return {"text": text, "usable": draft.usable(back, game_id, hands),
            "other_hand": draft.usable(back, game_id, hands + 1), "same": back == kept}


def games_dumps(value):
    from engine.ledger.wire import dumps

    return dumps(value, compact=True)


def problem_texts(lang):
    """The storage's problems as the page says them."""
    from ledger import store

    _ledger_page(lang)
    errors = [ShelfError("unknown_version", version=v) for v in (2, "2", [1, "김"], None)]
    errors += [ShelfError(code) for code in ("refused", "no_such_game", "bad_json", "wrong_format",
                                                   "names", "unreadable")]
    out = []
    for error in errors:
        try:
            out.append(store.problem_text(error))
        except KeyError as missing:  # its str() differs between the interpreters
            out.append("no words for " + missing.args[0])
    return out


# ---------------------------------------------------------------- the tile box

def tile_taps(taps):
    """A Hand through palette taps ([tile, target]), takes ([tile, "take"]) and removals
    ([where, index, "remove"]): after each, the fields, the count and the shown tiles (None where
    a tap had no place)."""
    hand = tile_hand.Hand()
    out = []
    for tap in taps:
        if tap[-1] == "take":
            changed = hand.take(tap[0])
        elif tap[-1] == "remove":
            changed = hand.remove(tap[0], tap[1])
        else:
            changed = hand.add(tap[0], tap[1])
        if changed is None:
            out.append(None)
            continue
        hand = changed
        out.append([hand.fields(), hand.count(), list(hand.shown()), hand.is_open(),
                    hand.has_kan(), hand.typed().agari, repr(hand) == repr(changed)])
    return out


def applicable(melds, win, dealer, riichi, players):
    held = tile_hand.Hand.read("", "", melds, "", "")
    return sorted(tile_hand.applicable(held, win, dealer, riichi, players))


def tile_texts(lang, keys):
    """The tile box's texts for a hand by its tiles: yaku, dora, value, reading, waits."""
    words = strings(lang)
    try:
        result = engine.calculate(dict(keys, rule="riichi", fumode="tiles"))
    except engine.InputError as error:
        return {"error": calc.error_text(error, words)}
    found = result["tiles"]
    if "waits" in found:
        return {"waits": tile_words.wait_rows(found["waits"], words),
                "dock": calc.dock_waits(found, words)}
    reading = found["reading"]
    groups = tile_words.reading_groups(reading, words)
    return {"yaku": tile_words.yaku_rows(found, words), "dora": tile_words.dora_rows(found, words),
            "value": tile_words.value_text(found, words),
            "groups": groups, "wait": tile_words.wait_text(reading, words),
            "names": [tile_words.tile_names(tiles, words) for _label, tiles in groups],
            "winner": tilebox.winner_values(found)}


def tilebox_value(keys):
    """ledger.tilebox.value: the engine's result, or the error that refuses the tiles."""
    answer = tilebox.value(keys)
    if isinstance(answer, engine.InputError):
        return {"refused": answer.as_dict()}
    return {"tiles": answer["tiles"], "total": answer["total"]}


def meld_labels(lang, melds):
    words = strings(lang)
    return [tile_words.meld_label(name, tile_hand.meld_of(name, tile) or [], words)
            for name, tile in melds]


# ---------------------------------------------------------------- dom.py and address.py on fakes

class _Element:
    def __init__(self, name, document=None):
        self.name, self.document = name, document
        self.textContent, self.hidden, self.open = "", False, False
        self.attributes, self.children, self.log = [], [], []

    def setAttribute(self, name, value):
        self.attributes.append([name, value])

    def removeAttribute(self, name):
        self.attributes = [pair for pair in self.attributes if pair[0] != name]

    def closest(self, _selector):
        return None

    def querySelector(self, selector):
        return _Element(self.name + " " + selector)

    def replaceChildren(self):
        self.children = []

    def appendChild(self, node):
        self.children.append(node)


class _Document(_Element):
    def __init__(self, window):
        super().__init__("document")
        self.defaultView = window
        self.made = {}

    def querySelector(self, selector):
        if selector not in self.made:
            self.made[selector] = _Element(selector)
        return self.made[selector]

    def querySelectorAll(self, selector):
        return [self.querySelector(selector + f" #{n}") for n in range(2)]

    def createElementNS(self, namespace, tag):
        return _Element(namespace + " " + tag)


class _Params:
    def __init__(self, search=""):
        self.pairs = [p.split("=", 1) for p in search.lstrip("?").split("&") if p]

    @classmethod
    def new(cls, search=""):
        return cls(search)

    def has(self, name):
        return any(pair[0] == name for pair in self.pairs)

    def get(self, name):
        return [pair[1] for pair in self.pairs if pair[0] == name][0]

    def set(self, name, value):
        self.pairs = [pair for pair in self.pairs if pair[0] != name] + [[name, value]]

    def toString(self):
        return "&".join(f"{k}={v}" for k, v in self.pairs)


class _Window:
    def __init__(self, search):
        self.URLSearchParams = _Params
        self.location = _Element("location")
        self.location.search, self.location.pathname = search, "/ko/"
        self.replaced = []
        self.history = self

    def replaceState(self, _state, _title, url):
        self.replaced.append(url)


def page_helpers(search, keys, pairs, elements):
    """dom.Page and address on fakes: what is written where, in order."""
    window = _Window(search)
    shown = dom.Page(_Document(window))
    read = address.read(window, keys)
    written = [address.write(window, pairs, None), address.write(window, pairs, "x")]
    box = shown.one("[data-total]")
    for text in ("1", "1", "2"):
        shown.put("total", box, text)
    shown.hide("total", box, True)
    rows = shown.each("tr", ("[a]", "[b]"))
    svg = shown.one("svg")
    shown.fill_svg(svg, "0 0 1 1", elements)
    shown.show_error("han", "bad")
    shown.show_error("fu", "worse")
    made = shown.document.made
    return {"read": read, "written": written, "replaced": window.replaced,
            "text": [box.textContent, box.hidden],
            "rows": [[cell.name for cell in row] for row in rows],
            "svg": [svg.attributes] + [[node.name, node.attributes, node.textContent]
                                       for node in svg.children],
            "errors": [[name, made[name].textContent, made[name].hidden]  # a dict: no order
                       for name in sorted(made) if "error" in name]}
