"""The tile box on a page: the palette, the hand as tiles, the situation flags, and what the
tiles make. The calculator mounts one in its hand block; the ledger one per winner.

A tap changes only the form's tile fields (their names are the URL keys) and fires the form's
``input`` event, so the page computes as for any other input; ``sync`` redraws the shown tiles
from those fields, ``adjust`` drops the flags that cannot apply and offers only the calls and tiles
the table plays with (three-player: no chi, no 2m–8m), ``draw`` writes a result's yaku,
dora, reading and waits. Every text goes in as textContent. The document and the elements come
from the caller: nothing here runs at import.
"""
import dom
from engine.keys import SITUATION_FLAGS as FLAGS
from engine.tilehand import not_played
from engine.tiles import MELD_KINDS

from . import present
from .hand import Hand, applicable, kept_ends, kind

FIELDS = ("hand", "agari", "melds", "dora", "ura")


class TileBox:
    def __init__(self, document, root, field, strings, results=None, flags=FLAGS):
        """`root`: the element holding the palette ([data-tiles]); `field(name)`: the form
        control of a key; `results`: the element holding [data-tiles-result] and the waits;
        `flags`: the situation flags the box shows and drops (the ledger's riichi is the game's)."""
        self.document, self.root, self.field, self.strings = document, root, field, strings
        self.results, self.flags = results, flags
        self.target = "hand"
        self.page = dom.Page(document)  # elements looked up once; texts and flags written on a change
        self.shown = {}  # what the rows and lists last drew
        self.proxies = []  # kept alive for as long as the page listens
        self.controls = {}  # name -> form control, looked up once
        self.faces = {}  # tile -> the palette's drawing of it, cloned wherever a tile is shown
        self.held = []  # the hand row as drawn: [(tile, is the winning tile)]
        self.undo = None  # the Hand the clear button took away, until another tile goes in
        self.written = {}  # the fields' strings as last read or written here

    # -------------------------------------------------------------- the tiles as the form holds them

    def control(self, name):
        if name not in self.controls:
            self.controls[name] = self.field(name)
        return self.controls[name]

    def one(self, selector, scope=None):
        """The first element matching `selector` in the box (or in `scope`: the results), looked
        up once (kept with the page's other lookups)."""
        key = (selector, scope is None)
        if key not in self.page.found:
            self.page.found[key] = (scope or self.root).querySelector(selector)
        return self.page.found[key]

    def hand(self, values=None):
        """The hand the fields hold: read from them, or from `values` (their strings, read by the
        page already) when it has every one of them."""
        if values is None or any(values.get(name) is None for name in FIELDS):
            values = {name: self.control(name).value for name in FIELDS}
        self.written = values
        return Hand.read(values["hand"], values["agari"], values["melds"], values["dora"],
                         values["ura"])

    def write(self, hand):
        """The fields follow `hand`: only those that differ from what they were read holding."""
        for name, value in hand.fields().items():
            if self.written.get(name) != value:
                self.control(name).value = value
        self.written = hand.fields()

    def listen(self, changed):
        """Taps on the palette, the target buttons and the shown tiles; `changed(name)` is told
        which field a tap rewrote (the page fires its input handling from there)."""

        proxy = dom.proxy(lambda event: self.on_click(event, changed))
        self.proxies.append(proxy)
        self.root.addEventListener("click", proxy)
        self.one("[data-tiles-live]").removeAttribute("inert")

    def on_click(self, event, changed):
        button = event.target.closest("button")
        if button is None or not self.root.contains(button):
            return
        if button.hasAttribute("data-tiles-target"):
            self.choose(button.getAttribute("data-tiles-target"))
            return
        hand = self.hand()
        if button.hasAttribute("data-tiles-clear"):  # every tile out; a second tap puts them back
            hand, self.undo = (self.undo, None) if self.undo is not None else (Hand(), hand)
            self.note(self.strings["tiles"]["cleared"] if self.undo is not None else "")
            self.write(hand)
            changed("hand")
            return
        if button.hasAttribute("data-tile"):
            added = hand.add(button.getAttribute("data-tile"), self.target)
            # said why: a full hand, a fifth copy or a second red five (named), a sixth indicator
            if added is None:
                tile, says = button.getAttribute("data-tile"), self.strings["tiles"]
                why = hand.refusal(tile, self.target)
                self.note(says[why].format(tile=says["name"][tile if why == "no_second_red" else kind(tile)]))
                return
            hand = added
        elif button.getAttribute("data-tiles-remove") == "hand":
            hand = hand.take(button.getAttribute("data-held"))
        elif button.hasAttribute("data-tiles-remove"):
            hand = hand.remove(button.getAttribute("data-tiles-remove"),
                               int(button.getAttribute("data-index")))
        else:
            return
        self.note("")
        self.write(hand)
        changed("hand")

    def choose(self, target):
        self.target = target
        for button in self.root.querySelectorAll("[data-tiles-target]"):
            pressed = button.getAttribute("data-tiles-target") == target
            button.setAttribute("aria-pressed", "true" if pressed else "false")

    def note(self, text):
        self.page.put("note", self.one("[data-tiles-note]"), text)

    # -------------------------------------------------------------- the shown hand and the flags

    def sync(self, typed=False, values=None):
        """Redraw the shown tiles from the fields (or `values`, their strings as the page read
        them). After typing in the hand, a full hand without its winning tile takes the last tile
        typed (as the last one tapped would be)."""
        hand = self.hand(values)
        if typed:
            settled = hand.typed()
            if settled.agari != hand.agari:
                self.control("agari").value = settled.agari
            hand = settled
        rest, agari = hand.shown()
        count = self.strings["tiles"]["count"].format(n=hand.count())
        self.page.put("count", self.one("[data-tiles-count]"), count)
        # "no tiles yet" only while the count says 0: called melds are tiles too
        self.draw_held([(t, False) for t in rest] + ([(agari, True)] if agari else []),
                       nothing=not hand.count())
        self.draw_melds(hand)
        for where in ("dora", "ura"):
            self.draw_indicators(where, getattr(hand, where))
        self.draw_clear(hand)
        return hand

    def draw_clear(self, hand):
        """The clear button: offered once there is a tile to take out, and after a clear it puts
        them back until another tile goes in."""
        button = self.one("[data-tiles-clear]")
        if button is None:
            return
        anything = hand.count() or hand.dora or hand.ura
        if anything and self.undo is not None:  # a tile typed or tapped in: the clear is done
            self.undo = None
            self.note("")
        undo = self.undo is not None
        self.page.put("clear", button, self.strings["tiles"]["undo_clear" if undo else "clear"])
        disabled = not (anything or undo)
        if self.shown.get(("disabled", "clear")) != disabled:
            button.disabled = disabled
            self.shown[("disabled", "clear")] = disabled

    def draw_held(self, held, nothing=True):
        """The hand row: only the tiles that differ from the row as drawn are replaced (a tap
        adds or takes one tile, so most of the row stays as it is). An empty row says "no tiles
        yet" when `nothing` is in the hand at all."""
        old = self.held
        if held == old and self.shown.get("nothing") == nothing:
            return
        row = self.one("[data-tiles-hand]")
        if not old or not held:
            row.replaceChildren()  # the "no tiles yet" line, or every tile, goes
            old = []
        same, tail = kept_ends(old, held)
        children = row.children
        for _ in range(len(old) - same - tail):
            children.item(same).remove()
        after = children.item(same) if tail else None
        for tile, winning in held[same:len(held) - tail]:
            row.insertBefore(self.held_button(tile, winning), after)
        if not held and nothing:
            empty = self.document.createElement("span")
            empty.className = "tiles-empty"
            empty.textContent = self.strings["tiles"]["empty"]
            row.appendChild(empty)
        self.held = held
        self.shown["nothing"] = nothing

    def held_button(self, tile, winning):
        name = self.strings["tiles"]["name"][tile]
        button = self.tile_button(tile, name, "hand", 0)
        if winning:
            button.classList.add("tile-agari")
            button.setAttribute("aria-label", f'{self.strings["tiles"]["agari_mark"]} {name} — '
                                f"{self.remove_text(name)}")
        return button

    def remove_text(self, name):
        return self.strings["tiles"]["remove"].format(name=name)

    def tile_button(self, tile, name, where, index):
        """A shown tile, a tap on which takes it out: a copy of the palette's button."""
        button = self.palette()[tile].cloneNode(True)
        button.removeAttribute("data-tile")
        button.removeAttribute("hidden")  # a tile the table plays without, typed in: shown to go
        button.setAttribute("data-tiles-remove", where)
        button.setAttribute("data-index", str(index))
        button.setAttribute("data-held", tile)
        button.setAttribute("aria-label", self.remove_text(name))
        return button

    def palette(self):
        """{tile: the palette's button for it}, looked up once."""
        if not self.faces:
            for button in self.root.querySelectorAll("[data-tiles-palette] [data-tile]"):
                self.faces[button.getAttribute("data-tile")] = button
        return self.faces

    def drawings(self, tiles):
        """The nodes of `build` for the tiles' drawings (the palette's, copied by the page)."""
        return tuple([("#tile", tile) for tile in tiles])

    def build(self, parent, nodes):
        """`parent`'s children replaced by `nodes` (dom.Page.build), drawings from the palette;
        the children at either end that are the same as before stay (only the box builds them)."""
        self.page.build(parent, nodes, self.one("[data-tiles-palette]"), keep=True)

    def draw_melds(self, hand):
        key = hand.called
        if self.shown.get("melds") == key:
            return
        row = self.one("[data-tiles-melds]")
        groups = [("button", {"type": "button", "class": f"tiles-meld tiles-meld-{name}",
                              "data-tiles-remove": "melds", "data-index": str(index),
                              "aria-label": self.remove_text(present.meld_label(name, meld, self.strings))},
                   ("span", {"class": "tiles-meld-kind"}, self.strings["tiles"]["target"][name]))
                  + self.drawings(meld)
                  for index, (name, meld) in enumerate(hand.called)]
        self.build(row, groups)
        row.hidden = not groups
        self.shown["melds"] = key

    def draw_indicators(self, where, found):
        if self.shown.get(where) == found:
            return
        names = self.strings["tiles"]["name"]
        row = self.one(f"[data-tiles-{where}]")
        row.replaceChildren(*(self.tile_button(t, names[t], where, i) for i, t in enumerate(found)))
        row.hidden = not found
        self.one(f"[data-tiles-{where}-label]").hidden = not found
        self.shown[where] = found

    def adjust(self, mapping, hand):
        """The mapping the engine is given: the flags that cannot apply (SPEC §9.4) are off, and
        hidden; the ura indicators count only with riichi. The palette follows `players`."""
        self.offer(mapping.get("players"))
        dealer = mapping.get("seatwind") == "E"
        riichi = mapping.get("riichi") == "1" or mapping.get("doubleriichi") == "1"
        can = applicable(hand, mapping.get("win"), dealer, riichi, mapping.get("players"),
                         mapping.get("kita"))
        adjusted = dict(mapping)
        if self.shown.get("can") != can:  # the same flags as last time: each box as it is
            for flag in self.flags:
                self.page.hide(("flag", flag), self.field_box(flag), flag not in can)
            self.page.hide(("flag", "ura"), self.field_box("ura"), "ura" not in can)
            # nor is the ura indicators' row offered as a place for a tap (ja B1)
            self.page.hide(("target", "ura"), self.one('[data-tiles-target="ura"]'), "ura" not in can)
            self.shown["can"] = can
        for flag in self.flags:
            if flag not in can:
                adjusted[flag] = "0"
        if "ura" not in can:
            adjusted["ura"] = ""
            self.draw_indicators("ura", ())
            if self.target == "ura":
                self.choose("hand")
        return adjusted

    def offer(self, players):
        """The calls and tiles of a table of `players`, as the engine plays them: the others are
        hidden (three-player: chi, 2m–8m and the red 5m), and a call no longer offered gives the
        next tap to the hand. The hand's tiles stay as they are: the engine names a tile or a
        call the table plays without."""
        tiles, calls = not_played(players)
        if self.shown.get("not_played") == (tiles, calls):
            return
        for name in MELD_KINDS:
            self.page.hide(("target", name), self.one(f'[data-tiles-target="{name}"]'), name in calls)
        for tile, button in self.palette().items():
            self.page.hide(("tile", tile), button, kind(tile) in tiles)
        if self.target in calls:
            self.choose("hand")
        self.shown["not_played"] = (tiles, calls)

    def field_box(self, name):
        """The box (.field) of a key's control, which a flag that cannot apply hides."""
        key = ("box", name)
        if key not in self.page.found:
            self.page.found[key] = self.control(name).closest(".field")
        return self.page.found[key]

    # -------------------------------------------------------------- what the tiles make

    def draw(self, result):
        """The tiles part of a result: yaku, dora, reading, or a 13-tile hand's waits."""
        tiles = result.get("tiles") if result else None
        value_box = self.one("[data-tiles-result]", self.results)
        waits_box = self.one("[data-tiles-waits-box]", self.results)
        if tiles is None:
            self.page.hide("value_box", value_box, True)
            self.page.hide("waits_box", waits_box, True)
            return
        waiting = "waits" in tiles
        self.page.hide("value_box", value_box, waiting)
        self.page.hide("waits_box", waits_box, not waiting)
        if waiting:
            self.draw_waits(tiles)
        else:
            self.draw_value(tiles, result.get("tier", "none"))

    def draw_value(self, tiles, tier="none"):
        strings = self.strings
        self.page.put("value", self.one("[data-tiles-value]", self.results),
                      present.value_text(tiles, strings, tier))
        rows = present.yaku_rows(tiles, strings)
        if self.shown.get("yaku") != rows:
            self.build(self.one("[data-tiles-yaku]", self.results),
                       [("li", {"data-yaku": key}, ("span", None, name),
                         ("span", {"class": "tiles-yaku-han"}, value)) for key, name, value in rows])
            self.shown["yaku"] = rows
        dora = strings["joiner"]["dora"].join(
            strings["tiles"]["dora_count"].format(label=label, n=count)
            for _kind, label, count in present.dora_rows(tiles, strings))
        self.page.put("dora_counts", self.one("[data-tiles-dora-counts]", self.results), dora)
        reading = tiles["reading"]
        groups = present.reading_groups(reading, strings)
        if self.shown.get("reading") != groups:
            self.build(self.one("[data-tiles-reading]", self.results), [
                ("span", {"class": "tiles-group", "role": "img",
                          "aria-label": f"{label} {present.tile_names(found, strings)}"})
                + self.drawings(found)
                + (("span", {"class": "tiles-group-label", "aria-hidden": "true"}, label),)
                for label, found in groups])
            self.shown["reading"] = groups
        wait = present.wait_kind(tiles, strings)
        self.page.put("wait", self.one("[data-tiles-wait]", self.results), wait)

    def draw_waits(self, tiles):
        strings = self.strings
        self.page.put("tenpai", self.one("[data-tiles-tenpai]", self.results),
                      strings["tiles"]["tenpai" if tiles["tenpai"] else "noten"])
        rows = present.wait_rows(tiles["waits"], strings, self.hand().reds())
        if self.shown.get("waits") == rows:
            return
        names, words = strings["tiles"]["name"], strings["tiles"]
        self.build(self.one("[data-tiles-waits]", self.results), [
            ("li", {"data-wait": tile}, ("#tile", tile), ("strong", None, names[tile]),
             ("span", {"class": "tiles-wait-win"}, f'{words["ron"]} {ron}'),
             ("span", {"class": "tiles-wait-win"}, f'{words["tsumo"]} {tsumo}'))
            for tile, ron, tsumo in rows])
        self.shown["waits"] = rows
