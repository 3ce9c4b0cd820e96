"""The calculator page: moves values between the page and the engine, nothing more.

It reads the form, asks the engine, and writes texts from `present` into the page with
textContent only. It parses no number and knows no rule.

Each input costs only what changed: elements are looked up once and kept, a text or a `hidden`
flag is written only when it differs from what this page last wrote there, and the "your hand"
row is found by one selector instead of a walk over the whole fu × han table.

The page's script calls start(document); nothing touches the page before that.
"""
import json

import address
import dom
import engine
from calculator import present
from engine import tables
from engine.query import parse, parse_value, used_keys

QUIET_MS = 600  # screen readers hear the new total once typing pauses this long
LINK_MS = 250  # the address bar is rewritten once input pauses this long
HK_KEYS = ("table", "cap", "ron_split", "tsumo_split", "unit")
CARDS = ("total", "payments", "middle", "tier", "fu")
TILE_FIELDS = ("hand", "agari", "melds", "dora", "ura")  # a tap on the tiles reports "hand"
WHO_PAYS = ("[data-who-pays] tr", ("[data-payer]", "[data-amount]", "[data-honba]"))  # rows, cells
FU_HAN = ("[data-fu-han-rows] tr[data-fu='{fu}'][data-han='{han}'],"
          " [data-fu-han-3p-rows] tr[data-fu='{fu}'][data-han='{han}']")

# han: the hand's han for the fu × han table; marked: (the fu and han whose rows are marked "your
# hand",) (None: the static page's own marks); busy: aria-busy is on; hk: the HK settings the HK
# columns show; entering: tiles are being tapped or typed (a short hand is no error until the
# user moves on); shown_for: the (rule, fumode) the cards and the result bar last showed an
# answer for (None: none shown since the tiles were being entered); done: "copied" or "shared"
# stands beside the buttons.
# page: the dom.Page start() was given, with the page's strings, its form, results and root, and
# its address.Link (link).
state = {"result": None, "values": None, "han": None, "busy": False, "marked": None, "hk": None,
         "tiles": None, "entering": False, "shown_for": None, "done": False}
page = {}


def read_form():
    """Every engine key's string in the form (a key of another mode may not be there yet) and
    the rule-set selector follow_preset reads, read in one call to the page (engineForm)."""
    found = page["dom"].found
    if "field_names" not in found:  # the keys the form holds, looked up once
        names = [name for name in engine.KEYS if dom.found(page["form"].elements.namedItem(name))]
        found["field_names"] = (names + ["preset"], ",".join(names + ["preset"]))
    names, joined = found["field_names"]
    return dict(zip(names, json.loads(page["dom"].window.engineForm(page["form"], joined))))


def link_pairs(mapping):
    """What the address bar keeps: the rule, and every used key that differs from its default."""
    return [("rule", mapping["rule"])] + [
        (name, mapping[name]) for name in used_keys(mapping)
        if name != "rule" and mapping[name] != engine.DEFAULTS[name]]


def show_error(error):
    """The error next to its field, or none."""
    page["dom"].show_error(error and error.field, error and present.error_text(error, page["strings"]))


def text_slots(view):
    """(slot, selector, text) for every text `draw` keeps in step with the result."""
    slots = [(hook, f'[data-result="{hook}"] [data-value]', view[hook]) for hook in CARDS]
    slots += [("explanation", "[data-explain]", view["explanation"]),
              ("dock_total", "[data-dock-total]", view["total"]),
              ("dock_payments", "[data-dock-payments]", view["payments"]),
              ("payments_note", "[data-payments-note]", view["payments_note"]),
              ("middle_label", "[data-middle-label]", view["middle_label"])]
    for index, texts in enumerate(view["who_pays"]):
        slots += [((part, index), f"[data-who-pays] tr:nth-child({index + 1}) [data-{part}]", text)
                  for part, text in zip(("payer", "amount", "honba"), texts)]
    for index, (_part, item, fu) in enumerate(view["fu_rows"]):
        row = f"[data-fu-rows] tr:nth-child({index + 1})"
        slots += [(("fu_item", index), row + " [data-item]", item),
                  (("fu_value", index), row + " [data-fu-value]", fu)]
    return slots


def payer_rows(view):
    """(slot, row, hidden) for each row of the who-pays table: three-player riichi hides the third."""
    rows = page["dom"].each(*WHO_PAYS)
    return [(("payer_row", index), found[0], index >= len(view["who_pays"]))
            for index, found in enumerate(rows)]  # the row, then its cells


def draw(result):
    view = present.view(result, page["strings"])
    page["dom"].put_texts(text_slots(view))
    draw_notices(view["notices"])
    for slot, row, hidden in payer_rows(view):
        page["dom"].hide(slot, row, hidden)
    mark_your_hand(result)


def draw_notices(notices):
    shown = page["dom"].shown
    if shown.get("notices") == notices:
        return
    page["dom"].build(page["dom"].one("[data-notices]"), [("li", None, text) for text in notices])
    page["dom"].one("[data-notices-box]").hidden = not notices
    shown["notices"] = notices


def mark_your_hand(result):
    """The fu × han rows of this hand tagged "your hand" (the static page tags the default
    hand's); none while the tiles show waits or are still being entered."""
    mine = None
    if result is not None and result["rule"] == "riichi" and "fu" in result:  # a yakuman has no fu
        mine = (str(result["fu"]), str(state["han"]))
    if state["marked"] is not None and state["marked"][0] == mine:
        return
    wanted = "" if mine is None else FU_HAN.format(fu=mine[0], han=mine[1])
    page["dom"].window.engineMark("[data-fu-han-rows] tr.mine, [data-fu-han-3p-rows] tr.mine", wanted)
    state["marked"] = (mine,)


def draw_hk_columns(mapping):
    """The two live columns of the HK table follow the HK settings, whatever rule is chosen."""
    try:
        values = {name: parse_value(name, mapping[name]) for name in HK_KEYS}
    except engine.InputError:
        return
    settings = tuple(values[name] for name in HK_KEYS)
    if settings == state["hk"]:
        return
    state["hk"] = settings
    rows = page["dom"].each("[data-hk-rows] tr", ("[data-hk-tsumo]", "[data-hk-ron]"))
    for index, ((_row, tsumo, ron), (tsumo_text, ron_text)) in enumerate(
            zip(rows, present.hk_cells(tables.hk_rows(**values)))):
        page["dom"].put(("hk_tsumo", index), tsumo, tsumo_text)
        page["dom"].put(("hk_ron", index), ron, ron_text)


def announce_later():
    """aria-busy holds the live region's announcement until typing pauses."""
    if not state["busy"]:
        page["results"].setAttribute("aria-busy", "true")
        state["busy"] = True
    page["dom"].window.engineLater("quiet", page["proxies"]["done"], QUIET_MS)


def announce_now():
    state["busy"] = False
    page["results"].setAttribute("aria-busy", "false")
    dom.collect_now()  # input has paused: the garbage of the taps before goes now


def still_entering(error, mapping):
    """A hand by tiles not yet entered is no error: empty, or short of 13 tiles while the user
    is still tapping or typing it. The error shows once they change anything else, or from a
    link; never on a mere move of focus, whose layout shift would swallow the tap that made it."""
    if mapping.get("fumode") != "tiles" or error.field != "hand" or state["tiles"] is None:
        return False
    if error.code == "empty":
        return True
    return error.code == "tile_count" and state["entering"] and state["tiles"].hand().count() < 13


def mark(name, value):
    """The results' data-NAME (the CSS and the tests read it) set only when it changes: after the
    start, this page is its only writer."""
    slot = ("data", name)
    if page["dom"].shown.get(slot) != value:
        page["results"].setAttribute("data-" + name, value)
        page["dom"].shown[slot] = value


def answer_kind(mapping):
    return (mapping.get("rule"), mapping.get("fumode"))


def clear_done():
    """"Copied" or "shared" is said of the result it copied: the next change takes it away."""
    if state["done"]:
        page["dom"].set_text("[data-done]", "")
        state["done"] = False


def update(mapping):
    try:
        values = parse(mapping)
        result = engine.calculate_values(values)  # tiles are read here, and may be refused
    except engine.InputError as error:
        if still_entering(error, mapping):  # the cards and the tables wait for the hand
            show_error(None)
            mark("view", "value")
            mark("state", "incomplete")
            state["tiles"].draw(None)
            mark_your_hand(None)
            state["shown_for"] = None
            return
        show_error(error)
        # The last answer stays, struck through, only if it was an answer to this rule and mode:
        # a han/fu result is no "last correct input" of a hand by tiles.
        mark("state", "stale" if state["shown_for"] == answer_kind(mapping) else "invalid")
        return
    show_error(None)
    state["shown_for"] = answer_kind(mapping)
    state["han"] = result["tiles"].get("han") if "tiles" in result else values.get("han")
    waiting = "total" not in result  # 13 tiles: the waits, no value
    mark("view", "waits" if waiting else "value")
    if waiting:  # no hand has won: nothing in the tables is this hand's (CSS hides them)
        mark_your_hand(None)
        waits = present.dock_waits(result["tiles"], page["strings"])
        page["dom"].put("dock_waits", page["dom"].one("[data-dock-waits]"), waits)
    else:
        state["result"], state["values"] = result, values
        mark("fu", "yes" if "fu" in result else "none")  # a yakuman has none
        draw(result)
    if state["tiles"] is not None:
        state["tiles"].draw(result)
    mark("state", "ok")


def apply_preset():
    """The rule-set selector writes its values into the table-rule controls."""
    players = page["form"].elements.namedItem("players").value
    preset = page["form"].elements.namedItem("preset").value
    for name, value in dict(present.preset_keys(preset, players),
                            **present.preset_tile_keys(preset)).items():
        field = page["form"].elements.namedItem(name)
        if getattr(field, "type", None) == "checkbox":
            field.checked = value == "1"
        else:
            field.value = value


def follow_preset(mapping):
    """Once a table rule no longer agrees with the chosen rule set, the selector says "custom"."""
    preset = page["dom"].found.get("preset")
    if preset is None:
        preset = page["dom"].found["preset"] = page["form"].elements.namedItem("preset")
    chosen = mapping.get("preset")
    if chosen is None:  # a form without the preset among the fields read
        chosen = preset.value
    if chosen != "custom" and not present.preset_matches(chosen, mapping):
        preset.value = "custom"


def on_input(event=None):
    recompute(getattr(event.target, "name", None) if event is not None else None)


def with_tiles(mapping, typed=False):
    """Under fumode=tiles: the shown tiles follow the fields, and the flags that cannot apply
    go to the engine as off."""
    box = state["tiles"]
    if box is None or mapping.get("fumode") != "tiles" or mapping.get("rule") != "riichi":
        if box is not None:
            box.draw(None)
        return mapping
    hand = box.sync(typed=typed, values=mapping)
    return box.adjust(dict(mapping, agari=box.control("agari").value), hand)


def recompute(name=None):
    """Every input, and every tap on a tile, ends here: `name` is the field that changed."""
    state["entering"] = name in TILE_FIELDS
    clear_done()
    if name == "preset":
        apply_preset()
    mapping = with_tiles(read_form(), typed=name == "hand")
    follow_preset(mapping)
    announce_later()
    update(mapping)
    draw_hk_columns(mapping)
    draw_double_wind(mapping)
    page["link"].later(link_pairs(mapping))


def draw_double_wind(mapping):
    """The double-wind pair's option says the fu the table rules count: 2, or 4 with dwind4."""
    option = page["dom"].one("[name=pair] option[value=double]")
    fu = 4 if mapping.get("dwind4") == "1" else 2
    page["dom"].put("pair_double", option, page["strings"]["fu_item"]["pair_double"].format(fu=fu))


async def copy_total(_event):
    result = state["result"]
    if result is None or page["results"].dataset.view == "waits":
        return
    strings = page["strings"]
    line = present.copy_line(result, state["values"], strings)
    await page["dom"].copy(line, "[data-done]", strings["card"]["copied"])
    state["done"] = True


async def share_link(_event):
    """The share sheet with the page's address, else the address onto the clipboard."""
    page["link"].flush()
    url = page["dom"].window.location.href
    if not await page["dom"].share({"url": url, "title": page["dom"].document.title}):
        await page["dom"].copy(url, "[data-done]", page["strings"]["card"]["shared"])
        state["done"] = True


def on_link(_event=None):
    # A link's values the form could not hold (an unknown option) still reach the engine, so the
    # field shows its error instead of a silent default.
    state["entering"] = False
    clear_done()
    page["link"].outside()  # the next input rewrites the address, not one pending from before
    form = read_form()
    follow_preset(form)
    update(with_tiles(dict(form, **address.read(page["dom"].window, engine.KEYS))))
    draw_hk_columns(form)


def start_static():
    """A plain address with the form at its defaults: the static page already shows this answer.

    Nothing is redrawn; the engine's result is kept (for "copy") and the texts the page shows
    are remembered as written, so the first input changes only what differs from them.
    """
    form = read_form()
    if page["dom"].window.location.search or any(form[name] != engine.DEFAULTS[name] for name in form
                                                  if name in engine.DEFAULTS):
        return False
    values = parse(form)
    state["han"] = values.get("han")
    state["result"], state["values"] = engine.calculate_values(values), values
    state["shown_for"] = answer_kind(form)
    state["hk"] = tuple(parse_value(name, form[name]) for name in HK_KEYS)
    view = present.view(state["result"], page["strings"])
    shown = page["dom"].shown
    shown.update({slot: text for slot, _element, text in text_slots(view)})
    shown.update({slot: hidden for slot, _row, hidden in payer_rows(view)})
    shown["notices"] = view["notices"]
    return True


def start(document):
    """Wire the page's form and buttons to the engine; called by the page's script."""
    page.update(dom=dom.Page(document), form=document.getElementById("calc"),
                results=document.getElementById("results"))
    page["strings"] = page["dom"].strings()
    state.update(shown_for=None, done=False)
    link = page["link"] = address.Link(page["dom"], LINK_MS)
    link.listen()
    # Kept in `page` for as long as the page listens.
    proxies = page["proxies"] = {name: dom.proxy(handler) for name, handler in {
        "done": announce_now, "input": on_input, "link": on_link, "copy": copy_total,
        "share": share_link, "leaving": link.leaving}.items()}
    mount_tiles(document)
    if not start_static():
        on_link()
    window = page["dom"].window
    window.addEventListener("popstate", proxies["link"])  # boot.js has put the link into the form
    # the ledger link and share read the address: a tap on them writes it first (engineLeaving
    # calls Python for those taps only)
    window.engineLeaving(address.LEAVING, proxies["leaving"])
    page["form"].addEventListener("input", proxies["input"])
    document.querySelector("[data-copy]").addEventListener("click", proxies["copy"])
    document.querySelector("[data-share]").addEventListener("click", proxies["share"])
    page["results"].setAttribute("aria-busy", "false")
    dom.collect_less()  # a tap no longer ends in a collection of the whole heap
    document.documentElement.dataset.engine = "ready"


def mount_tiles(document):
    """The tile box in the hand block (fumode=tiles): taps rewrite the tile fields and recompute."""
    from tiles.box import TileBox

    box = TileBox(document, document.querySelector("[data-tiles]"),
                  page["form"].elements.namedItem, page["strings"], page["results"])
    box.listen(recompute)
    state["tiles"] = box
