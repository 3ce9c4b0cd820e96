"""Every site/ module imports in plain Python without a page, and touches none when imported
(STYLE.md point 12): the tests and the build import them so. The page helpers of site/dom.py and
site/address.py, and the presenters, run here on small fake elements."""
import asyncio
import builtins
import concurrent.futures
import importlib
import pathlib
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
SITE = ROOT / "site"
BROWSER_ONLY = ("js", "pyscript", "pyodide", "polyscript", "_pyscript")


def site_modules():
    """The modules a page runs: every one under site/ but the build's (runtime.files.BUILD_ONLY)."""
    from runtime.files import BUILD_ONLY

    names = []
    for path in sorted(SITE.rglob("*.py")):
        if path.relative_to(SITE).as_posix() in BUILD_ONLY:
            continue
        parts = path.relative_to(SITE).with_suffix("").parts
        names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def test_every_site_module_is_found():
    names = site_modules()
    for name in ("dom", "address", "calculator", "calculator.present", "ledger", "ledger.store",
                 "ledger.present", "conditions", "conditions.present"):
        assert name in names
    assert len(names) >= 19


def test_every_site_module_imports_without_a_page(monkeypatch):
    """Fresh imports of every site/ module, with the browser's modules made unimportable: an
    import of js, pyscript or pyodide at module level (or anything run at import that needs
    them) fails here."""
    real_import = builtins.__import__
    refused = []

    def guarded(name, *args, **kwargs):
        if name.split(".")[0] in BROWSER_ONLY:
            refused.append(name)
            raise ImportError(f"{name} imported while importing the site's modules")
        return real_import(name, *args, **kwargs)

    for name in list(sys.modules):
        if name.split(".")[0] in {*(n.split(".")[0] for n in site_modules()), *BROWSER_ONLY}:
            monkeypatch.delitem(sys.modules, name)
    monkeypatch.setattr(builtins, "__import__", guarded)
    for name in site_modules():
        importlib.import_module(name)
    assert refused == []
    monkeypatch.setattr(builtins, "__import__", real_import)


# ---------------------------------------------------------------- fake page

class FakeClassList(set):
    def add(self, name):
        super().add(name)


class FakeElement:
    """What dom.py reads and writes of an element, and a count of every text written."""

    def __init__(self, name="", children=(), document=None):
        self.name, self.children, self.attributes = name, list(children), {}
        self.textContent, self.hidden, self.open = "", False, False
        self.writes = 0
        self.parent_details = None
        self.document = document

    def __setattr__(self, key, value):
        if key == "textContent" and "writes" in self.__dict__:
            self.__dict__["writes"] += 1
        super().__setattr__(key, value)

    def setAttribute(self, name, value):
        self.attributes[name] = value

    def removeAttribute(self, name):
        self.attributes.pop(name, None)

    def closest(self, selector):
        return self.parent_details

    def querySelector(self, selector):
        return next((c for c in self.children if c.name == selector), None)

    def querySelectorAll(self, selector):
        return [c for c in self.children if c.name == selector]

    def replaceChildren(self):
        self.children = []

    def appendChild(self, node):
        self.children.append(node)


class FakeDocument(FakeElement):
    def __init__(self, elements, window):
        super().__init__("document", elements)
        self.defaultView = window
        self.created = []

    def querySelector(self, selector):
        return next((e for e in self.children if e.name == selector), None)

    def querySelectorAll(self, selector):
        return [e for e in self.children if e.name == selector]

    def createElementNS(self, namespace, tag):
        node = FakeElement(tag)
        node.namespace = namespace
        self.created.append(node)
        return node

    def getElementById(self, name):
        return self.querySelector("#" + name)


class FakeParams:
    def __init__(self, search=""):
        self.pairs = [tuple(p.split("=", 1)) for p in search.lstrip("?").split("&") if p]

    @classmethod
    def new(cls, search=""):
        return cls(search)

    def has(self, name):
        return any(k == name for k, _ in self.pairs)

    def get(self, name):
        return next(v for k, v in self.pairs if k == name)

    def set(self, name, value):
        self.pairs = [(k, v) for k, v in self.pairs if k != name] + [(name, value)]

    def toString(self):
        return "&".join(f"{k}={v}" for k, v in self.pairs)


class FakeWindow:
    def __init__(self, search=""):
        self.URLSearchParams = FakeParams
        self.location = type("Location", (), {"search": search, "pathname": "/ko/"})()
        self.replaced = []
        self.history = type("History", (), {"replaceState": lambda _s, _a, _b, url:
                                            self.replaced.append(url)})()
        self.copied = []
        window = self

        class Clipboard:
            async def writeText(self, text):
                window.copied.append(text)

        self.navigator = type("Navigator", (), {"clipboard": Clipboard()})()


def fake_page(*elements, search=""):
    import dom

    window = FakeWindow(search)
    return dom.Page(FakeDocument(list(elements), window))


def test_put_and_hide_write_only_what_changed():
    total = FakeElement("[data-total]")
    page = fake_page(total)
    assert page.one("[data-total]") is total and page.one("[data-total]") is total
    for text in ("8,000", "8,000", "12,000", "12,000"):
        page.put("total", total, text)
    assert total.textContent == "12,000" and total.writes == 2
    page.hide("total", total, True)
    assert total.hidden is True
    total.hidden = False  # written by someone else: the slot still remembers True
    page.hide("total", total, True)
    assert total.hidden is False
    page.put("missing", None, "no element, no error")


def test_field_errors_show_and_clear_next_to_the_field():
    box, han = FakeElement('[data-error="han"]'), FakeElement('[name="han"]')
    details = FakeElement("details")
    box.parent_details = details
    page = fake_page(box, han)
    page.show_field_error("han", "<b>1–13</b>", box)
    assert (box.textContent, box.hidden, details.open) == ("<b>1–13</b>", False, True)
    assert han.attributes == {"aria-invalid": "true"}
    page.clear_field_error("han", box)
    assert (box.textContent, box.hidden) == ("", True)


def test_fill_svg_makes_svg_nodes_with_text_only():
    svg = FakeElement("svg", [FakeElement("old")])
    page = fake_page(svg)
    page.fill_svg(svg, "0 0 10 10", [("path", {"d": "M0 0h1"}, None), ("text", {"x": "1"}, "<i>")])
    assert svg.attributes == {"viewBox": "0 0 10 10"}
    assert [(n.name, n.namespace, n.attributes, n.textContent) for n in svg.children] == [
        ("path", "http://www.w3.org/2000/svg", {"d": "M0 0h1"}, ""),
        ("text", "http://www.w3.org/2000/svg", {"x": "1"}, "<i>")]


def run_alone(coroutine):
    """Run a coroutine on a loop of its own thread: Playwright's sync API keeps a loop running in
    this one once a browser test has run earlier in the session."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def test_copy_says_done_and_share_without_a_sheet_is_false():
    done = FakeElement("[data-done]")
    page = fake_page(done)
    run_alone(page.copy("5,600 points", "[data-done]", "copied"))
    assert page.window.copied == ["5,600 points"] and done.textContent == "copied"
    assert run_alone(page.share({"url": "x"})) is False  # no navigator.share here


def test_address_reads_only_the_keys_and_writes_only_a_change():
    import address

    window = FakeWindow("?han=3&bogus=1&fu=30")
    assert address.read(window, ("rule", "han", "fu")) == {"han": "3", "fu": "30"}
    pairs = [("rule", "riichi"), ("han", "4")]
    assert address.write(window, pairs, None) == "rule=riichi&han=4"
    assert address.write(window, pairs, "rule=riichi&han=4") == "rule=riichi&han=4"
    assert address.write(window, [], "rule=riichi&han=4") == ""
    assert window.replaced == ["/ko/?rule=riichi&han=4", "/ko/"]


def test_the_address_follows_once_input_pauses():
    """address.Link (the calculator's and the conditions page's): a run of inputs leaves one
    write pending (<html data-link=pending>, the timer restarted each time), written once when
    the timer fires or a link is followed; an address from outside drops what was pending."""
    import address
    import dom

    class Root:
        def __init__(self):
            self.dataset = type("Dataset", (), {})()

    window = FakeWindow()
    timers = []
    window.engineLater = lambda name, action, ms: timers.append((name, action, ms))
    document = FakeDocument([], window)
    document.documentElement = Root()
    link = address.Link(dom.Page(document), 250)
    link.proxy = "flush"  # what listen() makes with pyscript (the page's, not here)
    link.later([("rule", "riichi"), ("han", "4")])
    link.later([("rule", "riichi"), ("han", "5")])
    assert document.documentElement.dataset.link == "pending" and window.replaced == []
    assert timers == [("link", "flush", 250)] * 2
    link.leaving(type("Event", (), {"target": None})())  # a tap on nothing: still pending
    assert window.replaced == []
    link.flush()
    assert window.replaced == ["/ko/?rule=riichi&han=5"] and link.last == "rule=riichi&han=5"
    assert document.documentElement.dataset.link == "written" and timers[-1] == ("link", None, 0)
    link.flush()  # nothing pending: nothing written again
    link.later([("rule", "riichi"), ("han", "6")])
    link.outside()  # a link opened, or the back button: the pending write is dropped
    assert window.replaced == ["/ko/?rule=riichi&han=5"] and link.last is None
    assert document.documentElement.dataset.link == "written"


def test_one_field_error_at_a_time():
    han, fu = FakeElement('[data-error="han"]'), FakeElement('[data-error="fu"]')
    scores = FakeElement('[data-error="scores"]')
    page = fake_page(han, fu, scores)
    page.show_error("han", "1–13")
    page.show_error("fu", "20–110")
    assert (han.hidden, han.textContent, fu.hidden, fu.textContent) == (True, "", False, "20–110")
    page.show_error("score1", "not a number", '[data-error="scores"]')  # no box of its own
    assert (fu.hidden, scores.hidden, scores.textContent) == (True, False, "not a number")
    page.show_error(None, "")
    assert scores.hidden is True


@pytest.mark.parametrize(("mapping", "pairs"), [
    ({"rule": "riichi", "han": "3", "fu": "30"}, [("rule", "riichi"), ("fu", "30"), ("han", "3")]),
    ({"rule": "hk", "fan": "0", "han": "5"}, [("rule", "hk"), ("fan", "0")]),
])
def test_the_calculators_link_keeps_the_used_keys_off_their_defaults(mapping, pairs):
    """han=5 is no key of the HK rule; the default fu (30) of riichi stays in the link only when
    it differs from engine.DEFAULTS."""
    import calculator
    import engine

    full = {**engine.DEFAULTS, **mapping}
    expected = [(k, v) for k, v in pairs if k == "rule" or v != engine.DEFAULTS[k]]
    assert sorted(calculator.link_pairs(full)) == sorted(expected)


def test_the_conditions_link_drops_the_defaults():
    import conditions
    from engine.conditions.state import DEFAULT_SCORES, QUERY_DEFAULTS

    mapping = dict(QUERY_DEFAULTS)
    assert conditions.link_pairs(mapping) == []
    mapping.update(players="3", scores=DEFAULT_SCORES[3])
    assert conditions.link_pairs(mapping) == [("players", "3")]
