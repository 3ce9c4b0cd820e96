"""The browser glue: moves values between the page and the engine, nothing more.

It reads the form, asks the engine, and writes texts from `present` into the page with
textContent only. It parses no number and knows no rule.
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

state = {"result": None, "han": None, "timer": None}


def read_form():
    mapping = {}
    for name in engine.KEYS:
        field = FORM.elements.namedItem(name)
        if field is None:
            continue
        if getattr(field, "type", None) == "checkbox":
            mapping[name] = "1" if field.checked else "0"
        else:
            mapping[name] = field.value
    return mapping


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
    url = window.location.pathname + "?" + params.toString()
    window.history.replaceState(None, "", url)


def set_text(selector, text, scope=document):
    element = scope.querySelector(selector)
    if element is not None:
        element.textContent = text


def show_error(error):
    for element in document.querySelectorAll("[data-error]"):
        element.hidden = True
        element.textContent = ""
    for element in document.querySelectorAll("[aria-invalid]"):
        element.removeAttribute("aria-invalid")
    if error is None:
        return
    box = document.querySelector(f'[data-error="{error.field}"]')
    box.textContent = present.error_text(error, STRINGS)
    box.hidden = False
    for field in document.querySelectorAll(f'[name="{error.field}"]'):
        field.setAttribute("aria-invalid", "true")
    details = box.closest("details")
    if details is not None:
        details.open = True


def draw(result):
    view = present.view(result, STRINGS)
    for hook in ("total", "payments", "middle", "tier", "fu"):
        set_text(f'[data-result="{hook}"] [data-value]', view[hook])
    set_text("[data-explain]", view["explanation"])
    set_text("[data-dock-total]", view["total"])
    set_text("[data-dock-payments]", view["payments"])
    set_text("[data-middle-label]", view["middle_label"])
    notices = document.querySelector("[data-notices]")
    notices.replaceChildren()
    for text in view["notices"]:
        item = document.createElement("li")
        item.textContent = text
        notices.appendChild(item)
    document.querySelector("[data-notices-box]").hidden = not view["notices"]
    rows = list(document.querySelectorAll("[data-who-pays] tr"))
    for index, row in enumerate(rows):  # three-player riichi has two payers: the third row hides
        row.hidden = index >= len(view["who_pays"])
    for row, (payer, amount, honba) in zip(rows, view["who_pays"]):
        set_text("[data-payer]", payer, row)
        set_text("[data-amount]", amount, row)
        set_text("[data-honba]", honba, row)
    if view["fu_rows"]:
        for row, (_part, item, fu) in zip(document.querySelectorAll("[data-fu-rows] tr"),
                                          view["fu_rows"]):
            set_text("[data-item]", item, row)
            set_text("[data-fu-value]", fu, row)
    mark_your_hand(result)


def mark_your_hand(result):
    han = state["han"]
    for row in document.querySelectorAll("[data-fu-han-rows] tr, [data-fu-han-3p-rows] tr"):
        mine = (result["rule"] == "riichi" and "fu" in result  # a yakuman has no fu
                and row.dataset.fu == str(result["fu"]) and row.dataset.han == str(han))
        row.classList.toggle("mine", mine)
        row.querySelector("[data-your-hand]").hidden = not mine


def draw_hk_columns(mapping):
    """The two live columns of the HK table follow the HK settings, whatever rule is chosen."""
    try:
        values = {name: parse_value(name, mapping[name])
                  for name in ("table", "cap", "ron_split", "tsumo_split", "unit")}
    except engine.InputError:
        return
    rows = tables.hk_rows(**values)
    for row, (tsumo, ron) in zip(document.querySelectorAll("[data-hk-rows] tr"),
                                 present.hk_cells(rows)):
        set_text("[data-hk-tsumo]", tsumo, row)
        set_text("[data-hk-ron]", ron, row)


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
    except engine.InputError as error:
        show_error(error)
        RESULTS.dataset.state = "stale"
        return
    show_error(None)
    result = engine.calculate_values(values)
    state["han"] = values.get("han")
    state["result"] = result
    draw(result)
    RESULTS.dataset.state = "ok"


def apply_preset():
    """The rule-set selector writes its values into the table-rule controls."""
    players = FORM.elements.namedItem("players").value
    for name, value in present.preset_keys(FORM.elements.namedItem("preset").value, players).items():
        FORM.elements.namedItem(name).checked = value == "1"


def follow_preset(mapping):
    """Once a table rule no longer agrees with the chosen rule set, the selector says "custom"."""
    preset = FORM.elements.namedItem("preset")
    if preset.value != "custom" and not present.preset_matches(preset.value, mapping):
        preset.value = "custom"


def on_input(event=None):
    if event is not None and getattr(event.target, "name", None) == "preset":
        apply_preset()
    mapping = read_form()
    follow_preset(mapping)
    announce_later()
    update(mapping)
    draw_hk_columns(mapping)
    write_link(mapping)


async def copy_total(_event):
    result = state["result"]
    if result is None:
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
    form = read_form()
    follow_preset(form)
    update({**form, **read_link()})
    draw_hk_columns(form)


# Module globals keep the proxies alive for as long as the page listens.
done_proxy = create_proxy(announce_now)
input_proxy = create_proxy(on_input)
link_proxy = create_proxy(on_link)
copy_proxy = create_proxy(copy_total)
share_proxy = create_proxy(share_link)


def start():
    on_link()
    window.addEventListener("popstate", link_proxy)  # boot.js has put the link into the form
    FORM.addEventListener("input", input_proxy)
    document.querySelector("[data-copy]").addEventListener("click", copy_proxy)
    document.querySelector("[data-share]").addEventListener("click", share_proxy)
    RESULTS.setAttribute("aria-busy", "false")
    ROOT.dataset.engine = "ready"


start()
