"""Each winner's hand by its tiles (SPEC §9.4): the calculator's tile box in the winner's block of
the next-hand form. What the game knows is not asked: the seat and round wind and the dealer (from
the hand the form states), ron or tsumo, riichi (the hand's riichi list) and the table's rules.
The engine's value fills the winner's han, fu or yakuman; a hand it refuses says why next to its
tiles, in the calculator's words. The record keeps only han, fu and yakuman: the tiles are not
stored.

The box is the calculator's own: its markup and its strings are read from the calculator's page
(``../``, precached with every page) the first time a winner's "by tiles" is ticked, so the
ledger's page carries none of it. The functions above the line are pure (tested in plain Python);
below it the boxes on the page.
"""
import json

import engine
from engine.compat import stripped
from calculator.present import error_text
from engine.presets import PRESETS, TILE_FIELDS, preset_of, preset_rules  # noqa: F401 (doctests)
from tiles.box import FLAGS, TileBox
from tiles.hand import FULL, Hand

CALCULATOR = "../"  # the calculator's page, from the ledger's
# The calculator's parts a winner's box is made of, and the situation fields the game fills in.
PARTS = ("[data-tiles]", "[data-tiles-situation]", "[data-tiles-result]")
GIVEN = ("seatwind", "roundwind", "riichi")

WINDS = "ESWN"
TILE_KEYS = ("hand", "agari", "melds", "dora", "ura")
# The situation flags the winner ticks: riichi is the game's, double riichi only in its place.
BOX_FLAGS = tuple(flag for flag in FLAGS if flag not in ("riichi", "doubleriichi"))
ASKED = BOX_FLAGS + ("doubleriichi",)
# The ledger's rules the calculator reads; `players` also sets the tiles and calls the box offers.
GAME_KEYS = ("players", "kiriage", "kazoe", "multi", "tsumoloss")
MAX_YAKUMAN = 6  # the winner's yakuman field: up to a sextuple


def seat_wind(seat, dealer, players):
    """A seat's wind in a hand with this dealer.

    >>> seat_wind(0, 0, 4), seat_wind(1, 2, 4), seat_wind(0, 1, 3)
    ('E', 'N', 'W')
    """
    return WINDS[(seat - dealer) % players]


def wind_seat(wind, dealer, players):
    """The seat whose wind this is in a hand with this dealer; None for North in three-player.

    >>> wind_seat("E", 2, 4), wind_seat("S", 3, 4), wind_seat("N", 0, 3)
    (2, 0, None)
    """
    step = WINDS.index(wind)
    return None if step >= players else (dealer + step) % players


def tile_rules(rules):
    """The tile rules (SPEC §9.1) of a game as keys: those of the rule preset whose every rule the
    game has (a game keeps its rules, not the preset's name), else the engine's defaults.

    >>> tile_rules(preset_rules("mleague"))["dwind4"], tile_rules(preset_rules("wrc"))["aka"]
    ('0', '0')
    >>> tile_rules({**preset_rules("tenhou"), "kiriage": 1})["dwind4"]  # custom: the defaults
    '0'
    """
    name = preset_of(rules)
    if name != "custom":
        return {key: str(PRESETS[name][key]) for key in TILE_FIELDS}
    return {key: engine.DEFAULTS[key] for key in TILE_FIELDS}


def situation(seat, dealer, round_code, result, riichi, rules):
    """The keys the game gives a winner's tiles (strings, as from a URL): rule and mode, ron or
    tsumo, the seat's and the round's wind, riichi, and the table's rules.

    >>> keys = situation(1, 0, "S2", "ron", [1], preset_rules("tenhou"))
    >>> keys["seatwind"], keys["roundwind"], keys["riichi"], keys["win"], keys["aka"]
    ('S', 'S', '1', 'ron', '1')
    >>> situation(1, 0, "E1", "ron", [], preset_rules("tenhou", 3))["players"]
    '3'
    """
    players = rules["players"]
    keys = {"rule": "riichi", "fumode": "tiles", "win": result,
            "seatwind": seat_wind(seat, dealer, players), "roundwind": round_code[0],
            "riichi": "1" if seat in riichi else "0"}
    keys.update({key: str(rules[key]) for key in GAME_KEYS})
    keys.update(tile_rules(rules))
    return keys


def winner_values(tiles):
    """The winner's form values from the engine's tiles result: its yakuman multiple, or its han
    and fu (13 han and more are all counted the same by the ledger's han field).

    >>> winner_values({"han": 3, "fu": 30, "yakuman": 0})
    {'yakuman': '0', 'han': '3', 'fu': '30'}
    >>> winner_values({"han": 0, "fu": 0, "yakuman": 2})
    {'yakuman': '2'}
    """
    if tiles["yakuman"]:
        return {"yakuman": str(min(tiles["yakuman"], MAX_YAKUMAN))}
    return {"yakuman": "0", "han": str(min(tiles["han"], engine.KEYS["han"].high)),
            "fu": str(tiles["fu"])}


def value(mapping):
    """The engine's result for a winner's tiles, or the InputError that refuses them: a hand that
    only waits (13 tiles) is not a win, and is refused as the wrong number of tiles.

    >>> keys = situation(0, 0, "E1", "ron", [0], preset_rules("tenhou"))
    >>> value({**keys, "hand": "234m067p55s345s678s", "agari": "8s", "dora": "1m"})["tiles"]["han"]
    5
    >>> value({**keys, "hand": "234m067p55s345s67s"}).code
    'tile_count'
    """
    try:
        result = engine.calculate(mapping)
    except engine.InputError as error:
        return error
    if "total" not in result:
        return engine.InputError("hand", "tile_count", mapping.get("hand", ""))
    return result


def tile_keys(keys, text, ticked):
    """The keys a winner's tiles are valued with, before the box turns off the flags that cannot
    apply: the game's `keys` (situation), the box's tile fields (`text(name)`), its flags
    (`ticked(flag)`) and, in three-player, its North tiles.

    >>> keys = tile_keys({"players": "3"}, {"hand": "123p", "kita": " 2 "}.get, lambda flag: False)
    >>> keys["hand"], keys["agari"], keys["ippatsu"], keys["kita"]
    ('123p', None, '0', '2')
    """
    keys = dict(keys)
    keys.update({name: text(name) for name in TILE_KEYS})
    keys.update({flag: "1" if ticked(flag) else "0" for flag in ASKED})
    kita = stripped(text("kita")) if keys["players"] == "3" else ""
    keys["kita"] = kita or "0"
    return keys


def empty_text(strings):
    """Why an empty box has no value, once the hand is added: the wrong number of tiles."""
    return error_text(engine.InputError("hand", "tile_count", ""), strings)


def carried_seat(values, dealer, players):
    """The winner a calculator's tile hand is carried to: the seat with its seat wind here."""
    return wind_seat(values["seatwind"], dealer, players)


def own_id(name, seat):
    """An id of the calculator's page as it is in a winner's box: one box per seat.

    >>> own_id("f-hand", 2), own_id("hand-hint", 0)
    ('lh-t2-f-hand', 'lh-t0-hand-hint')
    """
    return f"lh-t{seat}-{name}"


def own_classes(classes):
    """The calculator's classes that say when a part shows (by its form) dropped; three-player's
    North tiles follow the game instead.

    >>> own_classes("tiles for-riichi for-tiles not-yakuman"), own_classes("field check for-3p")
    ('tiles', 'field check lg-3p')
    """
    kept = ["lg-3p" if name == "for-3p" else name for name in classes.split()
            if name == "for-3p" or not name.startswith(("for-", "not-"))]
    return " ".join(kept)


# ---------------------------------------------------------------- the boxes on the page

page = {}  # "document", "window", "changed" (the form's preview), "strings" once loaded
blocks = {}  # seat -> its block in the form
holders = {}  # seat -> the part of its block holding the tiles (the table view's sheet can lend it)
boxes = {}  # seat -> its TileBox, once the calculator's page was read
known = {}  # seat -> (the keys last given the engine, what it answered)


def mount(document, window, block_of, changed):
    """The winners' blocks; a tap in a box, or a box once it is drawn, calls `changed()`."""
    page.update(document=document, window=window, changed=changed)
    blocks.update(block_of)
    holders.update({seat: block.querySelector("[data-ledger-tiles]") for seat, block in block_of.items()})


def is_open(seat):
    return seat in blocks and blocks[seat].querySelector("[data-ledger-bytiles]").checked


def wanted():
    """Whether a ticked box waits for the calculator's page."""
    return not boxes and any(is_open(seat) for seat in blocks)


async def load():
    """Read the calculator's page once and put its tile box, situation flags and result into
    every winner's block; False when it cannot be read (offline before any visit)."""
    if boxes:
        return True
    if "loading" in page:  # another call is reading it: its answer is whether boxes were placed
        await page["loading"].wait()
        return bool(boxes)
    import asyncio

    page["loading"] = asyncio.Event()  # no Future under MicroPython's asyncio
    try:
        response = await page["window"].fetch(CALCULATOR)
        text = await response.text()
        parsed = page["window"].DOMParser.new().parseFromString(text, "text/html")
        strings = json.loads(parsed.getElementById("strings").textContent)
        parts = [parsed.querySelector(selector) for selector in PARTS]
        if not response.ok or any(part is None for part in parts):
            raise ValueError(CALCULATOR)
    except Exception:  # noqa: BLE001 - a page that cannot be read is said so, in the box
        page.pop("loading").set()
        return False
    for use in parsed.querySelectorAll("use[href]"):  # the tiles' drawing, from the ledger's folder
        use.setAttribute("href", CALCULATOR + use.getAttribute("href"))
    page["strings"] = strings
    for seat, block in blocks.items():
        place_box(seat, block, parts, strings)
    page["loading"].set()
    return True


def place_box(seat, block, parts, strings):
    document = page["document"]
    box, situation, result = (adapted(document.importNode(part, True), seat) for part in parts)
    for name in GIVEN:
        situation.querySelector(f'[name="{name}"]').closest(".field").remove()
    box.querySelector(f'#{own_id("agari-hint", seat)}').remove()  # 13 tiles' waits: not a win here
    heading = document.createElement("p")
    heading.className = "tiles-row-label"
    heading.textContent = strings["tiles"]["situation"]
    situation.prepend(heading)
    holder = holders[seat]
    holder.insertBefore(box, holder.querySelector('[data-ledger-error="tiles"]'))
    holder.append(situation, result)

    def field(name, block=block, holder=holder):  # the tiles' controls go where the holder goes
        return holder.querySelector(f'[name="{name}"]') or block.querySelector(f'[name="{name}"]')

    tile_box = TileBox(document, box, field, strings, holder, flags=BOX_FLAGS)
    tile_box.listen(lambda _name: page["changed"]())
    boxes[seat] = tile_box


def adapted(part, seat):
    """A part of the calculator's page made a winner's: its ids its seat's, its classes the
    ledger's."""
    for element in [part] + list(part.querySelectorAll("[id], [for], [aria-describedby], [class]")):
        if element.id:
            element.id = own_id(element.id, seat)
        if element.hasAttribute("for"):
            element.htmlFor = own_id(element.htmlFor, seat)
        if element.hasAttribute("aria-describedby"):
            ids = element.getAttribute("aria-describedby").split()
            element.setAttribute("aria-describedby", " ".join(own_id(i, seat) for i in ids))
        if element.hasAttribute("class"):  # an SVG element's className is no string
            element.setAttribute("class", own_classes(element.getAttribute("class")))
    return part


def settle(seats, game_keys, typed_in):
    """Before the form is read: each winner given by tiles gets the engine's value in its han, fu
    and yakuman fields. `game_keys(seat)`: the keys the game gives that seat; `typed_in`: the id
    of the element the user typed in, if any. Returns {seat: why, in the calculator's words ("" for
    a box still empty or still loading)} for the winners whose tiles give no value."""
    refused = {}
    for seat, block in blocks.items():
        open_ = seat in seats and is_open(seat)
        for name in ("han", "fu", "yakuman"):  # the tiles' value, not the player's
            control = block.querySelector(f'[name="{name}"]')
            if control.disabled != open_:
                control.disabled = open_
        if not open_:
            continue
        if seat not in boxes:
            refused[seat] = ""
            continue
        box = boxes[seat]
        hand = box.sync(typed=typed_in is not None and typed_in == box.control("hand").id)
        keys = tile_keys(game_keys(seat), lambda name, box=box: box.control(name).value,
                         lambda flag, box=box: box.control(flag).checked)
        keys = box.adjust(keys, hand)
        riichi = keys["riichi"] == "1"
        box.page.hide(("flag", "doubleriichi"), box.field_box("doubleriichi"), not riichi)
        box.page.hide(("target", "ura"), box.one('[data-tiles-target="ura"]'), not riichi)
        if not riichi:
            keys["doubleriichi"] = "0"
            if box.target == "ura":
                box.choose("hand")
        if not hand.count():
            box.draw(None)
            refused[seat] = ""
            continue
        key = tuple(sorted(keys.items()))
        if known.get(seat, (None,))[0] != key:
            known[seat] = (key, value(keys))
        answer = known[seat][1]
        if isinstance(answer, engine.InputError):
            box.draw(None)
            refused[seat] = error_text(answer, box.strings)
            continue
        box.draw(answer)
        for name, text in winner_values(answer["tiles"]).items():
            box.control(name).value = text
    return refused


def reset():
    """After the form is reset: each box puts its next tap into the hand again."""
    for box in boxes.values():
        box.choose("hand")
        box.note("")


def carry(mapping, seat):
    """A calculator's tile hand into `seat`'s box (loaded): its tiles, flags and North tiles."""
    box = boxes[seat]
    for name in TILE_KEYS:
        text = mapping.get(name, "")
        box.control(name).value = text if isinstance(text, str) else ""
    hand = Hand.read(*(mapping.get(name, "") for name in TILE_KEYS))
    if hand.count() == FULL and not hand.agari:
        box.control("agari").value = hand.typed().agari
    for flag in ASKED:
        box.control(flag).checked = mapping.get(flag) == "1"
    kita = mapping.get("kita", "")
    box.control("kita").value = kita if isinstance(kita, str) else ""


def typed(seat):
    """`seat`'s box as a calculator link's keys (what `carry` takes back): its tiles, flags and
    North tiles."""
    box = boxes[seat]
    mapping = {name: box.control(name).value for name in TILE_KEYS}
    mapping.update({flag: "1" for flag in ASKED if box.control(flag).checked})
    mapping["kita"] = box.control("kita").value
    return mapping
