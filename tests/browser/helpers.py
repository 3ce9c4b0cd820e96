"""Reading and driving the calculator page the way a user does."""
import build
from engine import DEFAULTS, KEYS

from .conftest import READY, Watch  # READY: one hook for every page (the tests take it from here too)

AXE = build.NODE / "axe-core" / "axe.min.js"  # axe-core from npm, injected by the audits


def open_ready(context, url, timeout=60_000):
    """A new page at `url`, watched, once its engine is live: (page, watch)."""
    page = context.new_page()
    watch = Watch(page)
    page.goto(url)
    page.wait_for_selector(READY, timeout=timeout)
    return page, watch
# In the page: set the han field, fire `input`, return the ms until the total card changed.
INPUT_TO_CARD = """han => {
  const field = document.querySelector("#f-han");
  const total = document.querySelector('[data-result="total"] [data-value]');
  const before = total.textContent;
  const started = performance.now();
  field.value = han;
  field.dispatchEvent(new Event("input", { bubbles: true }));
  if (total.textContent === before) throw new Error("the card did not change");
  return performance.now() - started;
}"""


def shipped_scripts(site_root, lang):
    """How many <script> elements the built page itself ships: any more in the live page were injected."""
    html = (site_root / "repo" / lang / "index.html").read_text(encoding="utf-8")
    return html.count("<script")


def shipped_media(site_root, lang):
    """How many img, svg, iframe, object and embed elements the built page itself ships (the tile
    palette's drawn tiles): any more in the live page were injected."""
    html = (site_root / "repo" / lang / "index.html").read_text(encoding="utf-8")
    return sum(html.count(f"<{tag}") for tag in ("img", "svg", "iframe", "object", "embed"))


def card(page, hook):
    return page.locator(f'[data-result="{hook}"] [data-value]').inner_text().strip()


def cards(page):
    return {hook: card(page, hook) for hook in ("total", "payments", "middle")}


def set_control(page, name, value):
    key = KEYS[name]
    if key.kind == "flag":
        page.set_checked(f"#f-{name}", value == "1")
    elif page.locator(f"#f-{name}-{value}").count():
        page.check(f"#f-{name}-{value}")
    elif page.locator(f"select#f-{name}").count():
        page.select_option(f"#f-{name}", value)
    else:
        page.fill(f"#f-{name}", value)


def set_state(page, **keys):
    """Put the form in the state of DEFAULTS overridden by `keys`, rule first, like a user would."""
    wanted = {**DEFAULTS, **{k: str(v) for k, v in keys.items()}}
    set_control(page, "rule", wanted["rule"])
    if wanted["rule"] == "riichi":
        set_control(page, "fumode", wanted["fumode"])
    page.locator("#table-rules").evaluate("d => d.open = true")
    for name, value in wanted.items():
        if name in ("rule", "fumode"):
            continue
        if page.locator(f'[name="{name}"]').first.is_visible():
            set_control(page, name, value)
    page.wait_for_function("document.querySelector('#results').dataset.state !== 'pending'")


def visible_error(page, name):
    box = page.locator(f'[data-error="{name}"]')
    return box.inner_text().strip() if box.is_visible() else ""


def address(page):
    """The calculator's (or the conditions page's) address once it has caught up with the form:
    it is rewritten when input pauses (site/address.py Link), so wait for no pending write, then
    read it."""
    page.wait_for_selector("html:not([data-link=pending])", state="attached")
    return page.evaluate("location.href")


def paid(strings, amounts):
    """The payments card of a ron or of equal shares, from its plain amounts in the who-pays
    order ("3,900 / 0 / 0": discarder first): the payers named, as players read it (the discarder
    alone, "방총한 사람 3,900"; equal shares, "각자 4"; the other two alike, "다른 사람 각 8";
    otherwise each payer who pays)."""
    parts = amounts.split(" / ")
    named = strings["card"]["payer"].format
    if len(set(parts)) == 1:
        return named(payer=strings["payer"]["each"], a=parts[0])
    if len(parts) == 3 and parts[1] == parts[2] != "0":  # the other two alike: "다른 사람 각 8"
        return strings["joiner"]["payments"].join(
            [named(payer=strings["payer"]["discarder"], a=parts[0]),
             strings["card"]["others"].format(a=parts[1])])
    payers = ["discarder"] + ["other"] * (len(parts) - 1)
    return strings["joiner"]["payments"].join(
        named(payer=strings["payer"][payer], a=amount)
        for payer, amount in zip(payers, parts) if amount != "0")


def shown_text(locator):
    """`locator`'s text as shown, once it is on screen: the guide and the big fu-han tables are
    laid out only near the viewport (style.css: content-visibility), and until then their text
    reads as empty."""
    locator.scroll_into_view_if_needed()
    locator.page.wait_for_function("element => element.innerText.trim() !== ''", arg=locator.element_handle())
    return locator.inner_text()
