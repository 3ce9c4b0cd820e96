"""The DOM helpers every page uses: element lookup, texts and `hidden` flags written only when they
change, field errors, clipboard and share, SVG elements. Text goes in with textContent only, never
as HTML.

A `Page` wraps the document a page's start() is given; nothing here touches a page on import, so
these modules import in plain Python (the tests, the build). The browser's side
comes from `pyscript.ffi`, which PyScript gives both interpreters (MicroPython and Pyodide).
"""

import json

SVG = "http://www.w3.org/2000/svg"
# Joins the keys and values of Storage.items and .stamps in one text each way (a NUL would cut
# a text in two on its way between MicroPython and the page); a missing value comes as MISSING.
SEP, MISSING = "\x1e", "\x1f"


class Page:
    """One page's document and window, the elements looked up so far and the texts written."""

    def __init__(self, document):
        self.document = document
        self.window = getattr(document, "defaultView", None)  # None: a box drawn without a page (tests)
        self.found = {}  # selector -> element(s), looked up once
        self.shown = {}  # slot -> the text or hidden flag last written there

    def one(self, selector):
        """The first element matching `selector`, looked up once."""
        if selector not in self.found:
            self.found[selector] = self.document.querySelector(selector)
        return self.found[selector]

    def each(self, selector, inner=()):
        """The elements matching `selector`, each with its `inner` elements, looked up once."""
        key = (selector, inner)
        if key not in self.found:
            self.found[key] = [(element,) + tuple(element.querySelector(part) for part in inner)
                               for element in self.document.querySelectorAll(selector)]
        return self.found[key]

    def put(self, slot, element, text):
        """Write a text only when it differs from the one last written to this slot."""
        if element is not None and self.shown.get(slot) != text:
            element.textContent = text
            self.shown[slot] = text

    def hide(self, slot, element, hidden):
        """Set `hidden` only when it differs from the flag last written to this slot."""
        if element is not None and self.shown.get(slot) != hidden:
            element.hidden = hidden
            self.shown[slot] = hidden

    def put_texts(self, items):
        """Each (slot, selector, text) whose text differs from the one last written to its slot,
        written to the first element matching its selector, all in one call (engineTexts in
        site/engine-start.js): one call to the page costs a phone about as much as the rest."""
        changed = [(selector, text) for slot, selector, text in items if self.shown.get(slot) != text]
        if changed:
            self.window.engineTexts(json.dumps(changed))
            for slot, _selector, text in items:
                self.shown[slot] = text

    def build(self, parent, nodes, palette=None, keep=False):
        """`parent`'s children replaced by `nodes`, built by the page in one call (engineBuild in
        site/engine-start.js): each a string (text), ("#tile", code) (a copy of that tile's
        drawing in `palette`) or (tag, {attribute: value} or None, child...). With `keep`, the
        children at either end that the same nodes built last time stay (for a parent nothing
        else changes)."""
        self.window.engineBuild(parent, json.dumps(nodes), palette, keep)

    def set_text(self, selector, text, scope=None):
        """Every element matching `selector` (inside `scope`) gets `text`."""
        for element in (scope or self.document).querySelectorAll(selector):
            element.textContent = text

    def update_text(self, selector, text, scope=None):
        """Every element matching `selector` (inside `scope`) whose text differs gets `text`: an
        element redrawn on every change keeps its text node, and a live region hears only news."""
        for element in (scope or self.document).querySelectorAll(selector):
            if element.textContent != text:
                element.textContent = text

    def say(self, selector, text, scope=None):
        """`text` into a message box, the box hidden while there is nothing to say."""
        box = (scope or self.document).querySelector(selector)
        box.textContent = text
        box.hidden = not text

    async def full_screen(self, element):
        """`element` full screen where the browser has it; a refusal leaves the page as it is."""
        if hasattr(element, "requestFullscreen"):
            try:
                await element.requestFullscreen()
            except Exception:  # noqa: BLE001 - refused: the page stays as it is
                pass

    async def wake_lock(self):
        """The screen kept awake: the browser's lock, None when it refuses one, False where it has
        none to give."""
        navigator = self.window.navigator
        if not hasattr(navigator, "wakeLock"):
            return False
        try:
            return await navigator.wakeLock.request("screen")
        except Exception:  # noqa: BLE001 - refused (a hidden page, a policy)
            return None

    async def let_go(self, lock):
        """A wake lock released and full screen left (the browser may have done either)."""
        try:
            if lock is not None and lock is not False:
                await lock.release()
            if found(self.document.fullscreenElement):
                await self.document.exitFullscreen()
        except Exception:  # noqa: BLE001 - released or left already by the browser
            pass

    def show_error(self, field, text, fallback=None):
        """`text` next to `field` (None: no error), one field at a time: only the field shown
        before is cleared (the page starts clean). `fallback`: the box of a field without one."""
        before, box = self.shown.get(("error",), (None, None))
        if before is not None and before != field:
            self.clear_field_error(before, box)
        self.shown[("error",)] = (field, None)
        if field is not None:
            box = self.one(f'[data-error="{field}"]') or (fallback and self.one(fallback))
            self.show_field_error(field, text, box)
            self.shown[("error",)] = (field, box)

    def show_field_error(self, field, text, box):
        """`text` in the field's box, the field's controls marked invalid, their <details> open."""
        box.textContent = text
        box.hidden = False
        for control in self.document.querySelectorAll(f'[name="{field}"]'):
            control.setAttribute("aria-invalid", "true")
        details = box.closest("details")
        if found(details):  # JavaScript's null may arrive as a JsNull, not None
            details.open = True

    def clear_field_error(self, field, box):
        if box is not None:
            box.hidden = True
            box.textContent = ""
        for control in self.document.querySelectorAll(f'[name="{field}"][aria-invalid]'):
            control.removeAttribute("aria-invalid")

    async def copy(self, text, done_selector, done_text):
        """`text` onto the clipboard, then `done_text` in the status element; a refused clipboard
        (no permission, insecure context) says nothing."""
        try:
            await self.window.navigator.clipboard.writeText(text)
        except Exception:
            return
        self.set_text(done_selector, done_text)

    async def share(self, data):
        """The phone's share sheet with `data` ({"url": ...} or {"text": ...}); False when there
        is none, or the user closed it, so the caller can copy instead."""
        if not hasattr(self.window.navigator, "share"):
            return False
        from pyscript.ffi import to_js  # the browser's only: a dict becomes a JavaScript object

        try:
            await self.window.navigator.share(to_js(data))
        except Exception:  # dismissed, or not allowed here
            return False
        return True

    def fill_svg(self, svg, view_box, elements):
        """Replace `svg`'s children with `elements`, (tag, {attribute: value}, text or None) each;
        a text is only ever textContent. Attributes are set in their names' order (a MicroPython
        dict keeps none)."""
        svg.replaceChildren()
        svg.setAttribute("viewBox", view_box)
        for tag, attributes, text in elements:
            node = self.document.createElementNS(SVG, tag)
            for name in sorted(attributes):
                node.setAttribute(name, attributes[name])
            if text is not None:
                node.textContent = text
            svg.appendChild(node)

    def strings(self):
        """The page's strings, from its <script type="application/json" id="strings">."""
        import json

        return json.loads(self.document.getElementById("strings").textContent)


def found(node):
    """Whether a lookup found an element: JavaScript's null arrives as None or as a JsNull."""
    return node is not None and type(node).__name__ != "JsNull"


# MicroPython's browser build (PyScript's variant: a heap that grows in parts) collects its whole
# heap when a call from the page returns after 16 KB were allocated since the last collection:
# on the calculator, at the end of nearly every tap and keystroke, most of one (measured, CPU
# slowed 4x). A page that calls `collect_less` lets GC_THRESHOLD go first, and collects while its
# input pauses (`collect_now`). With the page's 1 MB heap about 300 KB in use, 512 KB more still
# fit: a run of taps collects before the heap is full, so it does not grow for them (a single
# call that allocates more than the rest, as a nine-gates hand's waits at about 700 KB, may grow
# it once, to 2 MB).
GC_THRESHOLD = 512 * 1024


def collect_less(threshold=GC_THRESHOLD):
    """Garbage collected once `threshold` bytes were allocated, not 16 KB; where the interpreter
    has such a threshold (MicroPython's gc.threshold; CPython's collector counts objects, and is
    left as it is). Whether it was set."""
    import gc

    if not hasattr(gc, "threshold"):
        return False
    gc.threshold(threshold)
    return True


def collect_now():
    """A collection while the page waits for input (MicroPython's browser build makes it once
    the call from the page returns); nothing under CPython."""
    import gc

    if hasattr(gc, "threshold"):
        gc.collect()


def proxy(handler):
    """A JavaScript-callable handler (kept by the caller for as long as the page listens)."""
    from pyscript.ffi import create_proxy  # the browser's only

    return create_proxy(handler)


class Handlers:
    """A page's event handlers, each named with its event and its elements where it is defined
    (``@handlers.on("click", "[data-ledger-undo]")``; ``"window"`` and ``"document"`` name those),
    and bound when the page starts (``bind``), one proxy per handler kept while the page listens.

    >>> handlers = Handlers()
    >>> @handlers.on("click", "[data-x]")
    ... def on_x(event):
    ...     return event
    >>> handlers.wanted == [("click", "[data-x]", on_x)]
    True
    """

    def __init__(self):
        self.wanted = []
        self.bound = []

    def on(self, event, selector):
        def add(handler):
            self.wanted.append((event, selector, handler))
            return handler
        return add

    def bind(self, document, window):
        for event, selector, handler in self.wanted:
            hook = proxy(handler)
            self.bound.append(hook)
            if selector == "window":
                targets = [window]
            elif selector == "document":
                targets = [document]
            else:
                targets = document.querySelectorAll(selector)
            for target in targets:
                target.addEventListener(event, hook)


def later(coroutine):
    """Run `coroutine` on the page's event loop, after the handler that starts it returns
    (asyncio.create_task: MicroPython's asyncio has no ensure_future)."""
    import asyncio

    return asyncio.create_task(coroutine)


class JsCallError(Exception):
    """A JavaScript call that threw: its message is the error's "Name: message"."""


def js_call(window, target, name, *args):
    """`target[name](*args)` (or the property `target[name]`), an error it throws raised here as
    JsCallError. MicroPython 1.27 cannot catch in Python what a JavaScript call throws (it
    escapes the handler whole): engineCall (site/engine-start.js, inline in each page) catches it
    in JavaScript and answers [ok, value or message]."""
    answer = window.engineCall(target, name, *args)
    if not answer[0]:
        raise JsCallError(answer[1])
    return answer[1]


class Storage:
    """The page's localStorage, every call through js_call: a storage that refuses (full, or
    site data blocked) raises JsCallError under both interpreters, as engine.ledger.games and
    the draft expect of a storage."""

    def __init__(self, window, storage):
        self.window, self.storage = window, storage

    def getItem(self, key):
        value = self._call("getItem", key)
        return value if isinstance(value, str) else None

    def setItem(self, key, value):
        self._call("setItem", key, value)

    def removeItem(self, key):
        self._call("removeItem", key)

    def key(self, index):
        value = self._call("key", index)
        return value if isinstance(value, str) else None

    def items(self, keys):
        """The values under `keys` (None where there is none), in one call (engineItems) instead
        of one per key; values holding SEP are read again one by one."""
        if not keys:
            return []
        values = js_call(self.window, self.window, "engineItems", self.storage, SEP.join(keys))
        values = values.split(SEP) if isinstance(values, str) else []
        if len(values) != len(keys):
            return [self.getItem(key) for key in keys]
        return [None if value == MISSING else value for value in values]

    def stamps(self, keys):
        """The fingerprint of the value under each of `keys` (engine.ledger.summary.fingerprint),
        "" where there is none, worked out by the page in one call (engineStamps): the values
        stay in the browser."""
        if not keys:
            return []
        stamps = js_call(self.window, self.window, "engineStamps", self.storage, SEP.join(keys))
        stamps = stamps.split(SEP) if isinstance(stamps, str) else []
        return stamps if len(stamps) == len(keys) else [""] * len(keys)

    def keys(self):
        """Every key, in one call (engineKeys) instead of one per key (engine.ledger.storage's
        stored_keys); one at a time where the window cannot list them so (the tests' window)."""
        try:
            return json.loads(js_call(self.window, self.window, "engineKeys", self.storage))
        except Exception:  # noqa: BLE001 (read again key by key: a refusal is raised there)
            return [self.key(index) for index in range(self.length)]

    @property
    def length(self):
        return self._call("length")

    def _call(self, name, *args):
        return js_call(self.window, self.storage, name, *args)


def local_storage(window):
    """The window's localStorage as a Storage, or None where the browser refuses it (site data
    blocked: reading the property, or the first read, throws)."""
    try:
        storage = Storage(window, js_call(window, window, "localStorage"))
        if not found(storage.storage):
            return None
        storage.length  # noqa: B018 - a blocked storage throws on its first use
    except JsCallError:
        return None
    return storage


def random_bytes(window, count):
    """`count` random bytes from the browser's crypto.getRandomValues (a game's uid: SPEC
    §11.1); MicroPython's own ``random`` may start from the same seed on every phone. Where the
    call throws, the time and Python's random stand in."""
    try:
        array = js_call(window, window.crypto, "getRandomValues", window.Uint8Array.new(count))
        drawn = bytes(int(array[index]) & 0xFF for index in range(count))
        if len(drawn) == count:
            return drawn
    except Exception:  # noqa: BLE001 (JsCallError, or a JS array Python cannot read)
        pass
    import random
    import time

    random.seed(int(time.time() * 1000) ^ random.getrandbits(30))
    return bytes(random.getrandbits(8) for _index in range(count))
