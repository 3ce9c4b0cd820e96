"""The browser glue: moves values between the page and the engine, nothing more.

It reads the form, asks the engine, and writes texts from `present` into the page with
textContent only. It parses no number and knows no rule.

Each input costs only what changed: elements are looked up once and kept, a text or a `hidden`
flag is written only when it differs from what this glue last wrote there, and the "your hand"
row is found by one selector instead of a walk over the whole fu × han table.
"""
import json

import engine
import present
from engine import tables
from engine.query import parse, parse_value, used_keys
from pyodide.ffi import create_proxy
from pyscript import document, window

STRINGS = json.loads(document.getElementById("strings").textContent)
FORM = document.getElementById("calc")
RESULTS = document.getElementById("results")
ROOT = document.documentElement
QUIET_MS = 600  # screen readers hear the new total once typing pauses this long
HK_KEYS = ("table", "cap", "ron_split", "tsumo_split", "unit")
CARDS = ("total", "payments", "middle", "tier", "fu")
WHO_PAYS = ("[data-who-pays] tr", ("[data-payer]", "[data-amount]", "[data-honba]"))  # rows, cells
FU_HAN = ("[data-fu-han-rows] tr[data-fu='{fu}'][data-han='{han}'],"
          " [data-fu-han-3p-rows] tr[data-fu='{fu}'][data-han='{han}']")

# han: the hand's han for the fu × han table; marked: the rows marked "your hand" (None: the
# static page's own marks, not looked up yet); error: the field whose error shows; hk: the HK
# settings the HK columns show; link: the query last put in the address bar.
state = {"result": None, "han": None, "timer": None, "marked": None, "error": None,
         "hk": None, "link": None, "tiles": None}
found = {}  # selector -> element(s), looked up once
shown = {}  # slot -> the text or hidden flag last written there


def one(selector):
    if selector not in found:
        found[selector] = document.querySelector(selector)
    return found[selector]


def each(selector, inner=()):
    """The elements matching `selector`, each with its `inner` elements, looked up once."""
    key = (selector, inner)
    if key not in found:
        found[key] = [(element, *(element.querySelector(part) for part in inner))
                      for element in document.querySelectorAll(selector)]
    return found[key]


def put(slot, element, text):
    """Write a text only when it differs from the one last written to this slot."""
    if element is not None and shown.get(slot) != text:
        element.textContent = text
        shown[slot] = text


def hide(slot, element, hidden):
    if shown.get(slot) != hidden:
        element.hidden = hidden
        shown[slot] = hidden


def fields():
    """(name, form control, is a checkbox) for every engine key the form holds, looked up once."""
    if "fields" not in found:
        found["fields"] = []
        for name in engine.KEYS:
            field = FORM.elements.namedItem(name)
            if field is not None:
                found["fields"].append((name, field, getattr(field, "type", None) == "checkbox"))
    return found["fields"]


def read_form():
    return {name: ("1" if field.checked else "0") if checkbox else field.value
            for name, field, checkbox in fields()}


def read_link():
    """The page's query as {key: first value}, for keys of the vocabulary only."""
    params = window.URLSearchParams.new(window.location.search)
    return {name: params.get(name) for name in engine.KEYS if params.has(name)}


def write_link(mapping):
    """Keep the address bar in step: the rule, and every used key that differs from its default."""
    params = window.URLSearchParams.new()
    params.set("rule", mapping["rule"])
    for name in used_keys(mapping):
        if name != "rule" and mapping[name] != engine.DEFAULTS[name]:
            params.set(name, mapping[name])
    query = params.toString()
    if query != state["link"]:
        window.history.replaceState(None, "", window.location.pathname + "?" + query)
        state["link"] = query


def set_text(selector, text):
    element = document.querySelector(selector)
    if element is not None:
        element.textContent = text


def show_error(error):
    """Show one field's error; only the field shown before is cleared (the page starts clean)."""
    field = None if error is None else error.field
    if state["error"] is not None and state["error"] != field:
        clear_error(state["error"])
    state["error"] = field
    if error is None:
        return
    box = one(f'[data-error="{field}"]')
    box.textContent = present.error_text(error, STRINGS)
    box.hidden = False
    for control in document.querySelectorAll(f'[name="{field}"]'):
        control.setAttribute("aria-invalid", "true")
    details = box.closest("details")
    if details is not None:
        details.open = True


def clear_error(field):
    box = one(f'[data-error="{field}"]')
    box.hidden = True
    box.textContent = ""
    for control in document.querySelectorAll(f'[name="{field}"][aria-invalid]'):
        control.removeAttribute("aria-invalid")


def text_slots(view):
    """(slot, element, text) for every text `draw` keeps in step with the result, fu rows aside."""
    slots = [(hook, one(f'[data-result="{hook}"] [data-value]'), view[hook]) for hook in CARDS]
    slots += [("explanation", one("[data-explain]"), view["explanation"]),
              ("dock_total", one("[data-dock-total]"), view["total"]),
              ("dock_payments", one("[data-dock-payments]"), view["payments"]),
              ("middle_label", one("[data-middle-label]"), view["middle_label"])]
    rows = each(*WHO_PAYS)
    for index, ((_row, *cells), texts) in enumerate(zip(rows, view["who_pays"])):
        slots += [((part, index), cell, text)
                  for part, cell, text in zip(("payer", "amount", "honba"), cells, texts)]
    return slots


def payer_rows(view):
    """(slot, row, hidden) for each row of the who-pays table: three-player riichi hides the third."""
    rows = each(*WHO_PAYS)
    return [(("payer_row", index), row, index >= len(view["who_pays"]))
            for index, (row, *_cells) in enumerate(rows)]


def draw(result):
    view = present.view(result, STRINGS)
    for slot, element, text in text_slots(view):
        put(slot, element, text)
    draw_notices(view["notices"])
    for slot, row, hidden in payer_rows(view):
        hide(slot, row, hidden)
    if view["fu_rows"]:
        rows = each("[data-fu-rows] tr", ("[data-item]", "[data-fu-value]"))
        for index, ((_row, item, fu), (_part, item_text, fu_text)) in enumerate(zip(rows, view["fu_rows"])):
            put(("fu_item", index), item, item_text)
            put(("fu_value", index), fu, fu_text)
    mark_your_hand(result)


def draw_notices(notices):
    if shown.get("notices") == notices:
        return
    box = one("[data-notices]")
    box.replaceChildren()
    for text in notices:
        item = document.createElement("li")
        item.textContent = text
        box.appendChild(item)
    one("[data-notices-box]").hidden = not notices
    shown["notices"] = notices


def mark_your_hand(result):
    mine = None
    if result["rule"] == "riichi" and "fu" in result:  # a yakuman has no fu
        mine = (str(result["fu"]), str(state["han"]))
    if state["marked"] is not None and state["marked"][0] == mine:
        return
    if state["marked"] is None:  # the static page marks the default hand's rows
        old = list(document.querySelectorAll("[data-fu-han-rows] tr.mine,"
                                              " [data-fu-han-3p-rows] tr.mine"))
    else:
        old = state["marked"][1]
    new = [] if mine is None else list(document.querySelectorAll(FU_HAN.format(fu=mine[0],
                                                                               han=mine[1])))
    for row in old:
        row.classList.remove("mine")
        row.querySelector("[data-your-hand]").hidden = True
    for row in new:
        row.classList.add("mine")
        row.querySelector("[data-your-hand]").hidden = False
    state["marked"] = (mine, new)


def draw_hk_columns(mapping):
    """The two live columns of the HK table follow the HK settings, whatever rule is chosen."""
    try:
        values = {name: parse_value(name, mapping[name]) for name in HK_KEYS}
    except engine.InputError:
        return
    settings = tuple(values.values())
    if settings == state["hk"]:
        return
    state["hk"] = settings
    rows = each("[data-hk-rows] tr", ("[data-hk-tsumo]", "[data-hk-ron]"))
    for index, ((_row, tsumo, ron), (tsumo_text, ron_text)) in enumerate(
            zip(rows, present.hk_cells(tables.hk_rows(**values)))):
        put(("hk_tsumo", index), tsumo, tsumo_text)
        put(("hk_ron", index), ron, ron_text)


def announce_later():
    """aria-busy holds the live region's announcement until typing pauses."""
    RESULTS.setAttribute("aria-busy", "true")
    if state["timer"] is not None:
        window.clearTimeout(state["timer"])
    state["timer"] = window.setTimeout(done_proxy, QUIET_MS)


def announce_now():
    state["timer"] = None
    RESULTS.setAttribute("aria-busy", "false")


def update(mapping):
    try:
        values = parse(mapping)
        result = engine.calculate_values(values)  # tiles are read here, and may be refused
    except engine.InputError as error:
        show_error(error)
        RESULTS.dataset.state = "stale"
        return
    show_error(None)
    state["han"] = result["tiles"].get("han") if "tiles" in result else values.get("han")
    waiting = "total" not in result  # 13 tiles: the waits, no value
    RESULTS.dataset.view = "waits" if waiting else "value"
    if not waiting:
        state["result"] = result
        draw(result)
    if state["tiles"] is not None:
        state["tiles"].draw(result)
    RESULTS.dataset.state = "ok"


def apply_preset():
    """The rule-set selector writes its values into the table-rule controls."""
    players = FORM.elements.namedItem("players").value
    preset = FORM.elements.namedItem("preset").value
    for name, value in {**present.preset_keys(preset, players),
                        **present.preset_tile_keys(preset)}.items():
        field = FORM.elements.namedItem(name)
        if getattr(field, "type", None) == "checkbox":
            field.checked = value == "1"
        else:
            field.value = value


def follow_preset(mapping):
    """Once a table rule no longer agrees with the chosen rule set, the selector says "custom"."""
    preset = FORM.elements.namedItem("preset")
    if preset.value != "custom" and not present.preset_matches(preset.value, mapping):
        preset.value = "custom"


def on_input(event=None):
    name = getattr(event.target, "name", None) if event is not None else None
    recompute(name)


def with_tiles(mapping, typed=False):
    """Under fumode=tiles: the shown tiles follow the fields, and the flags that cannot apply
    go to the engine as off."""
    box = state["tiles"]
    if box is None or mapping.get("fumode") != "tiles" or mapping.get("rule") != "riichi":
        if box is not None:
            box.draw(None)
        return mapping
    hand = box.sync(typed=typed)
    mapping = {**mapping, "agari": box.field("agari").value}
    return box.adjust(mapping, hand)


def recompute(name=None):
    """Every input, and every tap on a tile, ends here: `name` is the field that changed."""
    if name == "preset":
        apply_preset()
    mapping = with_tiles(read_form(), typed=name == "hand")
    follow_preset(mapping)
    announce_later()
    update(mapping)
    draw_hk_columns(mapping)
    write_link(mapping)


async def copy_total(_event):
    result = state["result"]
    if result is None or RESULTS.dataset.view == "waits":
        return
    view = present.view(result, STRINGS)
    rule = STRINGS["option"]["rule"][result["rule"]]
    line = f'{view["total"]}{STRINGS["card"]["points_unit"]} — {rule}. {view["explanation"]}'
    await copy(line, STRINGS["card"]["copied"])


async def share_link(_event):
    url = window.location.href
    if hasattr(window.navigator, "share"):
        try:
            await window.navigator.share(window.Object.fromEntries([["url", url],
                                                                    ["title", document.title]]))
            return
        except Exception:  # the user closed the share sheet, or it is not allowed here
            pass
    await copy(url, STRINGS["card"]["shared"])


async def copy(text, done):
    try:
        await window.navigator.clipboard.writeText(text)
    except Exception:  # clipboard refused (no permission, insecure context)
        return
    set_text("[data-done]", done)


def on_link(_event=None):
    # A link's values the form could not hold (an unknown option) still reach the engine, so the
    # field shows its error instead of a silent default.
    state["link"] = None  # the address came from outside: the next input rewrites it
    form = read_form()
    follow_preset(form)
    update(with_tiles({**form, **read_link()}))
    draw_hk_columns(form)


def start_static():
    """A plain address with the form at its defaults: the static page already shows this answer.

    Nothing is redrawn; the engine's result is kept (for "copy") and the texts the page shows
    are remembered as written, so the first input changes only what differs from them.
    """
    form = read_form()
    if window.location.search or any(form[name] != engine.DEFAULTS[name] for name in form):
        return False
    values = parse(form)
    state["han"] = values.get("han")
    state["result"] = engine.calculate_values(values)
    state["hk"] = tuple(parse_value(name, form[name]) for name in HK_KEYS)
    view = present.view(state["result"], STRINGS)
    shown.update({slot: text for slot, _element, text in text_slots(view)})
    shown.update({slot: hidden for slot, _row, hidden in payer_rows(view)})
    shown["notices"] = view["notices"]
    return True


# Module globals keep the proxies alive for as long as the page listens.
done_proxy = create_proxy(announce_now)
input_proxy = create_proxy(on_input)
link_proxy = create_proxy(on_link)
copy_proxy = create_proxy(copy_total)
share_proxy = create_proxy(share_link)


def mount_tiles():
    """The tile box in the hand block (fumode=tiles): taps rewrite the tile fields and recompute."""
    from tiles.box import TileBox

    box = TileBox(document, one("[data-tiles]"), FORM.elements.namedItem, STRINGS, RESULTS)
    box.listen(recompute)
    state["tiles"] = box


def start():
    mount_tiles()
    if not start_static():
        on_link()
    window.addEventListener("popstate", link_proxy)  # boot.js has put the link into the form
    FORM.addEventListener("input", input_proxy)
    document.querySelector("[data-copy]").addEventListener("click", copy_proxy)
    document.querySelector("[data-share]").addEventListener("click", share_proxy)
    RESULTS.setAttribute("aria-busy", "false")
    ROOT.dataset.engine = "ready"


start()
