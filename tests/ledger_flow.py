"""The ledger page's flows without a browser (issue 36), for tests/test_ledger_flows.py and
tests/test_table_flows.py: a player's inputs go through the steps the page's handlers take — the
next-hand form's controls (as the built page has them) read into the model's draft by
ledger.form, the table view's taps through ledger.entry, the model's preview
(engine.ledger.preview), a hand added, corrected or undone as ledger.history does it — and what
the page would show is made by the page's own presenters (ledger.board, ledger.view,
ledger.present), in the page's strings. The oracle is the command line, `python -m
engine.ledger -`, run in this process (engine.ledger.__main__.main: the same JSON in and out).

Only the page itself is left out: the elements (the form's controls are kept here as the browser
keeps them: a radio group's choice, a box ticked or not, a select's value) and what only a browser
shows (layout, CSS, focus), which tests/browser/ keeps."""
import contextlib
import functools
import io
import json
import sys
import tomllib

from bs4 import BeautifulSoup

import build
import engine
from engine import ledger
from engine.ledger import envelope
from engine.ledger.__main__ import main as ledger_main
from engine.ledger.wire import dumps
from engine.presets import PRESETS, preset_rules

from calculator import present as calculator_present
from ledger import board, final, form, history, page, present, tilebox, view
from ledger import entry as steps
from ledger import hand as hand_module
from ledger.model import model
from ledger.present import describe, hand_dealer
from amounts import signed, with_minus
from tiles.hand import Hand

LANGS = ("ko", "ja")
# A winner's tiles (tests/browser/test_ledger_tiles.py, test_table_view.py and the flows here).
PINFU = ["2m", "3m", "4m", "0p", "6p", "7p", "3s", "4s", "5s", "6s", "8s", "3z", "3z", "7s"]
# The same tiles won on 8s: a ryanmen wait (pinfu). Won on 7s: a kanchan, and no yaku without
# riichi or tsumo.
PINFU_ON_8S = [*PINFU[:10], "7s", "3z", "3z", "8s"]
# WRC (engine.presets): kiriage, chombo as a 30,000-point penalty (2022), ties share the uma.
# E1: seat 1 wins 4 han 30 fu off seat 3 (kiriage mangan 8,000). E2: seat 2 chombo, with seat 0
# in riichi (the stick goes back), dealt again. E2: seat 0 wins a mangan off seat 2. Then six
# hands nobody tenpai: 38,000 / 38,000 / 22,000 / 22,000, two ties (tests/test_ledger_rules.py
# works the results out by hand: 18, 18, -48, -18).
WRC_HANDS = [
    {"result": "ron", "from": 3, "winners": [{"seat": 1, "han": 4, "fu": 30}], "riichi": []},
    {"result": "chombo", "seat": 2, "riichi": [0]},
    {"result": "ron", "from": 2, "winners": [{"seat": 0, "han": 5, "fu": 30}], "riichi": []},
    *[{"result": "draw", "tenpai": [], "riichi": []}] * 6,
]


def words(lang):
    """The ledger's strings, from content/<lang>/strings.toml (what the browser tests compared
    the page with)."""
    return tomllib.loads((build.CONTENT / lang / "strings.toml").read_text(encoding="utf-8"))["ledger"]


@functools.cache
def _cli_text(text):
    stdin, out = sys.stdin, io.StringIO()
    sys.stdin = io.StringIO(text)
    try:
        with contextlib.redirect_stdout(out):
            status = ledger_main(["-"])
    finally:
        sys.stdin = stdin
    assert status == 0, out.getvalue()
    return out.getvalue()


def cli(record):
    """The command line's replay of a record (SPEC §6.3): `python -m engine.ledger -`, its JSON
    read from standard input and printed, in this process."""
    return json.loads(_cli_text(json.dumps(record)))


def expected(tiles, agari, seatwind, roundwind, win, riichi="0", dora="", players=4, melds=""):
    """The engine's value of these tiles at a Tenhou table (its preset's tile rules, written out
    here from the rule book's data, not as the ledger gives them)."""
    rules = preset_rules("tenhou", players)
    keys = {"rule": "riichi", "fumode": "tiles", "hand": "".join(tiles), "agari": agari,
            "melds": melds, "dora": dora, "win": win, "seatwind": seatwind,
            "roundwind": roundwind, "riichi": riichi, "players": str(players),
            "kiriage": str(rules["kiriage"]), "kazoe": str(rules["kazoe"]),
            **{key: str(PRESETS["tenhou"][key]) for key in
               ("kuitan", "aka", "doubleyakuman", "renhouvalue", "dwind4")}}
    return engine.calculate(keys)


def error_words(lang, code, field):
    """A refused tile hand's sentence, in the calculator's words."""
    strings = build.load_strings(lang)
    return strings["error"][code].format(label=strings["label"][field])


def points(text):
    return int(text.replace(",", "").replace("\u2212", "-").replace("+", "").strip())


def expected_board(game, lang):
    """The board as the command line's replay states it (tests/browser/ledger_page.py's)."""
    upcoming = game["next"]
    wind = words(lang)["wind"][upcoming["round"][0]]
    name = words(lang)["board"]["round"].format(wind=wind, number=upcoming["round"][1:])
    return {"round": name, "honba": upcoming["honba"],
            "sticks": upcoming["sticks"], "scores": upcoming["scores"]}


# ---------------------------------------------------------------- the built page


class Built:
    """One language's built ledger page: its strings (as the page binds them) and its forms'
    controls as the browser holds them on load."""

    def __init__(self, site, lang):
        self.lang = lang
        self.soup = BeautifulSoup((site / lang / "ledger" / "index.html").read_text(encoding="utf-8"),
                                  "html.parser")
        self.strings = json.loads(self.soup.find(id="strings").string)
        calculator = BeautifulSoup((site / lang / "index.html").read_text(encoding="utf-8"), "html.parser")
        self.calculator_strings = json.loads(calculator.find(id="strings").string)  # the tile box's

    def sheet_defaults(self):
        return {name: selected(self.soup.find(id=f"tv-{name}")) for name in form.VALUES}


def selected(select):
    options = select.find_all("option")
    marked = [option for option in options if option.has_attr("selected")]
    return (marked[-1] if marked else options[0]).get("value", "")


class Form:
    """A form of the built page as the browser keeps its controls: {id: checked} for boxes and
    radios, {id: value} for selects and text fields, with each control's name, value and the
    winner block it is in; `reset()` puts the page's defaults back (form.reset())."""

    def __init__(self, soup, form_id):
        root = soup.find(id=form_id)
        self.controls = []  # (id, tag, type, name, value)
        self.defaults, self.options, self.block = {}, {}, {}
        for control in root.find_all(["input", "select"]):
            if not control.get("id") or control.find_parent(attrs={"data-ledger-tiles": True}):
                continue
            ident, kind = control["id"], control.get("type", control.name)
            self.controls.append((ident, control.name, kind, control.get("name"), control.get("value")))
            if control.name == "select":
                self.options[ident] = [option.get("value", "") for option in control.find_all("option")]
                self.defaults[ident] = selected(control)
            elif kind in ("checkbox", "radio"):
                self.defaults[ident] = control.has_attr("checked")
            else:
                self.defaults[ident] = control.get("value", "")
            holder = control.find_parent(attrs={"data-ledger-winner": True})
            if holder is not None and control.get("name"):
                seat = int(holder["data-ledger-winner"])
                self.block.setdefault(seat, {}).setdefault(control["name"], ident)
        self.reset()

    def reset(self):
        self.state = dict(self.defaults)

    def kind(self, ident):
        return next(kind for i, _tag, kind, _name, _value in self.controls if i == ident)

    def check(self, ident, on=True):
        if self.kind(ident) == "radio":
            name = next(n for i, _tag, _kind, n, _value in self.controls if i == ident)
            for other, _tag, kind, other_name, _value in self.controls:
                if kind == "radio" and other_name == name:
                    self.state[other] = False
        self.state[ident] = on

    def uncheck(self, ident):
        self.check(ident, False)

    def checked_box(self, ident):
        return self.state[ident]

    def select(self, ident, value):
        """A select's value, as the browser sets it: one no option has leaves it empty."""
        value = str(value)
        self.state[ident] = value if value in self.options.get(ident, [value]) else ""

    def value(self, ident):
        return self.state[ident]

    # The form's elements as hand.read_form_hand reads them.

    def named(self, name):
        """form.elements.namedItem(name).value: a radio group's checked value, else the control's."""
        for ident, _tag, kind, control_name, value in self.controls:
            if control_name != name:
                continue
            if kind == "radio":
                if self.state[ident]:
                    return value
                continue
            return self.state[ident]
        return ""

    def seats(self, name):
        """The seats ticked under `name`, in the page's order (hand.checked)."""
        return [int(value) for ident, _tag, kind, control_name, value in self.controls
                if control_name == name and kind == "checkbox" and self.state[ident]]

    def read(self):
        """The hand as hand.read_form_hand reads it (ledger.form.stated): the model's draft."""
        return form.stated(self.named("result"), self.seats,
                           lambda seat, name: self.state[self.block[seat][name]], self.named)

    def write(self, draft):
        """hand.write_form: `draft` into the controls (ledger.form.shown), then read back."""
        wanted = form.shown(draft)
        result = next(ident for ident, _tag, kind, name, value in self.controls
                      if kind == "radio" and name == "result" and value == wanted["result"])
        self.check(result)
        for name, seats in wanted["checked"].items():
            for ident, _tag, kind, control_name, value in self.controls:
                if control_name == name and kind == "checkbox":
                    self.state[ident] = int(value) in seats
        for seat, values in wanted["winners"]:
            for name, text in values.items():
                self.select(self.block[seat][name], text)
        for name, text in wanted["fields"].items():
            ident = next(ident for ident, _tag, _kind, control_name, _value in self.controls
                         if control_name == name)
            self.select(ident, text)
        return self.read()


# ---------------------------------------------------------------- the page's strings


@contextlib.contextmanager
def page_strings(built):
    """ledger.page's strings as bind() leaves them for `built`'s language; put back after."""
    kept = dict(page.strings), dict(page.L)
    page.strings.clear()
    page.strings.update(built.strings)
    page.L.clear()
    page.L.update(built.strings["ledger"])
    try:
        yield page.L
    finally:
        page.strings.clear()
        page.strings.update(kept[0])
        page.L.clear()
        page.L.update(kept[1])


# ---------------------------------------------------------------- the ledger's flows


def fill(hand_form, hand):
    """Put a hand into the next-hand form, control by control, as the browser tests' fill()."""
    hand_form.check(f'lh-result-{hand["result"]}')
    for winner in hand.get("winners", []):
        seat = winner["seat"]
        hand_form.check(f"lh-winner-{seat}")
        if winner.get("yakuman"):
            hand_form.select(f"lh-yakuman-{seat}", winner["yakuman"])
            if "pao" in winner:
                hand_form.select(f"lh-pao-{seat}", winner["pao"])
        else:
            hand_form.select(f"lh-han-{seat}", winner["han"])
            hand_form.select(f"lh-fu-{seat}", winner["fu"])
    if "from" in hand:
        hand_form.select("lh-from", hand["from"])
    if hand["result"] == "chombo":
        hand_form.select("lh-seat", hand["seat"])
    for name in ("riichi", "tenpai", "nagashi"):
        for seat in hand.get(name, []):
            hand_form.check(f"lh-{name}-{seat}")


def setup_rules(built, players):
    """The rules the setup form starts a game with when only the player count is chosen: the
    form's own values read as setup.read_rules reads them (four players), or the preset the form
    holds filled in for three (setup.on_preset)."""
    setup = Form(built.soup, "ledger-rules")
    if players == 3:
        return ledger.rules_from(preset_rules(setup.value("lr-preset"), 3))
    mapping = {}
    for ident, _tag, kind, name, value in setup.controls:
        if name in (None, "preset", "name") or (kind == "radio" and not setup.state[ident]):
            continue
        if name == "uma":
            mapping.setdefault("uma", []).append(setup.value(ident).strip())
        elif kind == "checkbox":
            mapping[name] = 1 if setup.state[ident] else 0
        elif kind == "radio":
            mapping[name] = value
        else:
            mapping[name] = setup.value(ident).strip()
    return ledger.rules_from(mapping)


class Ledger:
    """One language's ledger page with a game started: the model (ledger.model's, reset), the
    next-hand form, and what the page shows, in its strings."""

    def __init__(self, built, rules=None, players=4, names=None):
        self.built = built
        self.said = built.strings["ledger"]
        self.form = Form(built.soup, "ledger-hand")
        model.__init__()
        rules = setup_rules(built, players) if rules is None else rules
        names = list(names or [""] * 4)[:rules["players"]]
        model.record = envelope.new_game(rules, names)
        model.game_id = "1"
        self.read()

    # the model

    @property
    def record(self):
        return model.record

    def game(self):
        return model.played(model.record)

    def read(self):
        """hand.preview's read of the form: the model's draft."""
        model.draft = self.form.read()
        return model.draft

    def preview(self, editing=None):
        """hand.preview: the form's hand previewed against the record (raises RecordError)."""
        return model.preview(self.read(), editing)

    def shown_preview(self, editing=None):
        """The preview's figures as the page writes them."""
        return [signed(delta) for delta in self.preview(editing)["moved"]]

    def add(self):
        """history.on_add: the previewed hand added (or, correcting, saved in place); the form
        starts afresh."""
        seen = self.preview(model.editing)
        if model.editing is not None:
            self.save_change(model.editing, seen["hand"])
            return
        model.before_change = None
        self.clear()
        model.remember(seen["record"], seen["after"])
        model.record = seen["record"]

    def clear(self):
        """hand.clear_form."""
        model.editing = None
        self.form.reset()
        self.read()

    def edit(self, index):
        """history.edit_hand: the form holds hand `index` (hand.fill_form)."""
        model.editing = index
        self.form.reset()
        model.draft = self.form.write(model.record["hands"][index])

    def save_change(self, index, new_hand):
        """history.save_change (raises RecordError, nothing changed)."""
        saved = history.changed(model.record, index, new_hand)
        model.before_change = model.record
        self.clear()
        model.record = saved

    def undo(self):
        before, model.before_change = model.before_change, None
        model.record = history.undone(model.record, before)

    def exported(self):
        """The export box's record (final.exported, as its JSON text reads back)."""
        return json.loads(dumps(final.exported(model.record)))

    # what the page shows

    def board(self):
        shown = board.board_texts(self.said, model.record, self.game(), model.ref)
        return {"round": shown["round"], "honba": int(shown["honba"]), "sticks": int(shown["sticks"]),
                "scores": [points(seat["score"]) for seat in shown["seats"]]}

    def seats(self):
        return board.board_texts(self.said, model.record, self.game(), model.ref)["seats"]

    def history(self):
        """Each history row's words: where, the hand's line, each seat's change."""
        game = self.game()
        return [[present.where_text(self.said, entry),
                 describe(self.said, hand, model.record, entry["dealer"]),
                 *[signed(delta) for delta in entry["deltas"]]]
                for hand, entry in zip(model.record["hands"], game["hands"])]

    # a winner by its tiles (hand.by_tiles, tilebox.settle)

    def tiles(self, seat, taps, dora=(), editing=None):
        """A winner's tiles tapped into its box (tiles.hand.Hand, as the box adds them) and valued
        with the situation the form states: the engine's value in the winner's han, fu and
        yakuman (tilebox.winner_values); returns the engine's answer, or the error the box shows
        next to the tiles (in the calculator's words)."""
        record = model.record
        before = model.played(record)
        played = before["next"] if editing is None else before["hands"][editing]
        keys = tilebox.situation(seat, played["dealer"], played["round"], self.form.named("result"),
                                 self.form.seats("riichi"), record["rules"])
        held = Hand()
        for tile in taps:
            held = held.add(tile, "hand")
        for tile in dora:
            held = held.add(tile, "dora")
        fields = held.fields()
        keys = tilebox.tile_keys(keys, lambda name: fields.get(name, ""), lambda _flag: False)
        answer = tilebox.value(keys)
        if isinstance(answer, engine.InputError):
            return calculator_present.error_text(answer, self.built.calculator_strings)
        for name, text in tilebox.winner_values(answer["tiles"]).items():
            self.form.select(self.form.block[seat][name], text)
        return answer


class Table(Ledger):
    """The table view open on a game: its taps (ledger.entry) write the form, its sheet previews
    the form's hand from the points the panels show (ledger.sheet), its confirm adds it."""

    def __init__(self, built, players=4):
        super().__init__(built, players=players)
        self.sheet = built.sheet_defaults()
        self.error = ""
        self.kind = None  # what the sheet is open for: "hand", "diffs" or None
        self.tiles_open = None  # the winner whose tile box the sheet holds

    def riichi_now(self):
        return hand_module.riichi_now()

    def panels(self):
        """Each panel's points and the sticks in the middle (view.table_now), as drawn."""
        now = view.table_now(self.game(), self.riichi_now())
        return [points(with_minus(score)) for score in now["scores"]], now["sticks"]

    def targets(self):
        """Each seat's pick target as view.draw flags it: (what it says, aria-pressed,
        aria-disabled: a seat in riichi is tenpai in a draw)."""
        riichi, flagged = self.riichi_now(), []
        for seat in range(model.record["rules"]["players"]):
            what, chosen = steps.target(model.entry, seat, riichi)
            flagged.append((what, chosen, what == "tenpai" and seat in riichi))
        return flagged

    # taps

    def riichi(self, seat):
        """table.on_riichi."""
        riichi = steps.toggled(self.riichi_now(), seat)
        model.draft = self.form.write(dict(model.draft, riichi=riichi))
        entry = model.entry
        if entry is not None and entry["phase"] == "sheet" and self.kind == "hand":
            self.write_hand()
            self.preview_sheet()

    def end(self, ending):
        self.step(steps.begin(ending))

    def pick(self, seat):
        self.step(*steps.pick(model.entry, seat, self.riichi_now()))

    def next(self):
        self.step(dict(model.entry, phase="sheet"))

    def more(self):
        entry = model.entry
        if entry["phase"] == "winner":
            self.step(dict(entry, several=not entry["several"]))
        else:
            self.step(dict(entry, phase="winner"))

    def step(self, entry, problem=None):
        """table.step."""
        model.entry = entry
        self.error = self.said["table"][problem] if problem else ""
        if entry["phase"] == "sheet":
            self.open_sheet()

    # the sheet

    def dealer(self):
        return hand_dealer(self.game())

    def write_hand(self):
        """sheet.write_hand: the entry into the form; the sheet's heading."""
        riichi = self.riichi_now()
        model.draft = self.form.write(steps.draft_of(model.entry, riichi, model.draft))
        self.heading = describe(self.said, steps.stated(model.entry, riichi), model.record, self.dealer())

    def valued(self):
        return model.entry["end"] in ("ron", "tsumo")

    def valued_seat(self):
        return model.entry["winners"][model.entry["valuing"]]

    def open_sheet(self):
        """sheet.open_sheet for the entry's hand."""
        entry = model.entry
        self.kind = "hand"
        self.write_hand()
        self.rotation = str(steps.ROTATIONS[steps.sheet_seat(entry, self.dealer())])
        if self.valued():
            self.sheet.update(form.winner_values(model.draft, self.valued_seat()))
        self.preview_sheet()

    def preview_sheet(self, adding=False):
        """sheet.preview_sheet: the sheet's values (or a winner's tiles) into the form, the form's
        hand previewed from the points the panels show."""
        if self.valued() and self.tiles_open != self.valued_seat():
            seat = self.valued_seat()
            model.draft = self.form.write(form.with_values(model.draft, seat, dict(self.sheet)))
        self.read()
        if self.valued():
            self.sheet.update(form.winner_values(model.draft, self.valued_seat()))
        try:
            seen = model.preview(model.draft, shown=True)
        except ledger.RecordError as error:
            refused = hand_module.refusal(error, model.draft, self.game())
            self.sheet_error = refused[1] if refused else page.error_text(error)
            self.shown = ["–"] * model.record["rules"]["players"]
            return None
        self.sheet_error = ""
        self.shown = [signed(delta) for delta in seen["moved"]]
        self.next_line = hand_module.next_line(seen)
        return seen

    def confirm(self):
        """table.on_confirm: the next winner's value, or the hand added and the form afresh."""
        entry = model.entry
        seen = self.preview_sheet(adding=True)
        if seen is None:
            return
        if entry["end"] in ("ron", "tsumo") and entry["valuing"] < len(entry["winners"]) - 1:
            self.step(dict(entry, valuing=entry["valuing"] + 1))
            return
        self.end_entry()
        self.clear()
        model.remember(seen["record"], seen["after"])
        model.record = seen["record"]

    def end_entry(self):
        self.tiles_open = None
        model.entry = None
        self.kind = None
        self.error = ""
