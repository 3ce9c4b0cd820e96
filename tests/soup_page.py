"""A built page's HTML as a page's modules see their document, in plain Python (issue 36): the
tests hand the page's own functions (the handlers' steps and the draws of site/conditions,
site/practice, site/ledger) this document instead of the browser's, then read back what they
wrote, as the browser tests read the page.

`Document(html, url)` parses the built page (BeautifulSoup) and answers what the site's modules
ask of a document and its elements: querySelector/All (soupsieve's CSS), closest, textContent
(text only: a text set is never parsed as markup), the boolean properties as their attributes
(hidden, disabled, open, checked, selected), a control's value (a select's from its options, a
radio group's through form.elements.namedItem), dataset, options, createElement, appendChild,
replaceChildren; and a `Window` with the address (location, history, URLSearchParams as the
browser reads and writes a query). Layout, CSS, focus and events are the browser's, and stay in
tests/browser/.
"""
import copy
import re
from urllib.parse import parse_qsl, quote, urljoin, urlsplit

import soupsieve
from bs4 import BeautifulSoup, NavigableString, Tag

BOOLEAN = ("hidden", "disabled", "open", "checked", "selected")
REFLECTED = ("id", "href", "type", "scope", "name", "title", "lang", "rel", "target", "role")
# The fragment percent-encode set of the URL standard: what a browser's location.hash escapes.
FRAGMENT_ESCAPED = set(' "<>`') | {chr(code) for code in range(0x20)} | {"\x7f"}


def browser_hash(text):
    """`text` (a fragment as typed, '#q=<img src=x>') as location.hash gives it back: the
    fragment percent-encode set and every non-ASCII character escaped as UTF-8, the rest kept."""
    return "".join(quote(char, safe="") if char in FRAGMENT_ESCAPED or ord(char) > 0x7E else char
                   for char in text)


class Params:
    """URLSearchParams as the browser reads and writes a query (application/x-www-form-urlencoded:
    `+` a space, %-escapes decoded as UTF-8, a name without `=` an empty value)."""

    def __init__(self, search=""):
        self.pairs = parse_qsl(search[1:] if search.startswith("?") else search, keep_blank_values=True)

    @classmethod
    def new(cls, search=""):
        return cls(search)

    def has(self, name):
        return any(key == name for key, _ in self.pairs)

    def get(self, name):
        return next((value for key, value in self.pairs if key == name), None)

    def set(self, name, value):
        kept = [(key, val) for key, val in self.pairs if key != name]
        self.pairs = kept + [(name, str(value))]

    def toString(self):
        return "&".join(f"{quote(key, safe='*-._').replace('%20', '+')}="
                        f"{quote(str(value), safe='*-._').replace('%20', '+')}"
                        for key, value in self.pairs)


class Location:
    def __init__(self, url):
        self.assign(url)

    def assign(self, url):
        parts = urlsplit(url)
        self.href = url
        self.origin = f"{parts.scheme}://{parts.netloc}"
        self.pathname = parts.path
        self.search = "?" + parts.query if parts.query else ""
        self.hash = "#" + parts.fragment if parts.fragment else ""


class History:
    def __init__(self, window):
        self.window, self.written, self.state = window, [], None

    def replaceState(self, state, _title, url):
        self.state = state
        self.written.append(url)
        self.window.location.assign(urljoin(self.window.location.href, url))

    pushState = replaceState


class LocalStorage:
    """window.localStorage: text values by key."""

    def __init__(self):
        self.items = {}

    def getItem(self, key):
        return self.items.get(key)

    def setItem(self, key, value):
        self.items[key] = str(value)

    def removeItem(self, key):
        self.items.pop(key, None)

    def key(self, index):
        keys = list(self.items)
        return keys[index] if 0 <= index < len(keys) else None

    @property
    def length(self):
        return len(self.items)


class Window:
    """What the pages ask of `window` here: the address, a query's reader, the timers the page's
    script keeps (engineLater: recorded, never run), a fixed Math.random."""

    URLSearchParams = Params

    def __init__(self, url, random=0.5):
        self.location = Location(url)
        self.history = History(self)
        self.later = []
        self.localStorage = LocalStorage()
        self.Math = type("Math", (), {"random": staticmethod(lambda: random)})

    def engineLater(self, name, action, ms):
        self.later.append((name, action, ms))

    def engineCall(self, target, name, *args):
        """site/engine-start.js's engineCall: [ok, value or message] of target[name](*args)."""
        try:
            found = getattr(target, name)
            return [True, found(*args) if callable(found) else found]
        except Exception as error:  # noqa: BLE001 (what the page's script catches, said back)
            return [False, f"{type(error).__name__}: {error}"]

    def addEventListener(self, *_args):
        pass


class Dataset:
    """element.dataset: camelCase names as data-kebab-case attributes; None when absent."""

    def __init__(self, node):
        object.__setattr__(self, "_tag", node.tag)

    @staticmethod
    def _attribute(name):
        return "data-" + re.sub(r"[A-Z]", lambda found: "-" + found.group().lower(), name)

    def __getattr__(self, name):
        return self._tag.get(self._attribute(name))

    def __setattr__(self, name, value):
        self._tag[self._attribute(name)] = str(value)


class ClassList:
    def __init__(self, node):
        self.tag = node.tag

    def names(self):
        return (self.tag.get("class") or "").split()

    def add(self, *names):
        self.tag["class"] = " ".join(dict.fromkeys([*self.names(), *names]))

    def remove(self, *names):
        self.tag["class"] = " ".join(n for n in self.names() if n not in names)

    def contains(self, name):
        return name in self.names()

    def toggle(self, name, force=None):
        on = not self.contains(name) if force is None else force
        (self.add if on else self.remove)(name)
        return on


class Options(list):
    def item(self, index):
        return self[index] if 0 <= index < len(self) else None

    @property
    def length(self):
        return len(self)


class RadioGroup:
    """form.elements.namedItem(name) of a radio group (RadioNodeList): its value is the checked
    radio's; setting it checks the radio of that value."""

    def __init__(self, radios):
        self.radios = radios

    @property
    def value(self):
        return next((radio.value for radio in self.radios if radio.checked), "")

    @value.setter
    def value(self, value):
        for radio in self.radios:
            radio.checked = radio.value == value


class Elements:
    def __init__(self, form):
        self.form = form

    def namedItem(self, name):
        found = [node for node in self.form.querySelectorAll("input, select, textarea")
                 if node.tag.get("name") == name]
        if not found:
            return None
        if found[0].tag.get("type") == "radio":
            return RadioGroup(found)
        return found[0]


class Node:
    """One element, as the site's modules use it."""

    def __init__(self, tag, document):
        object.__setattr__(self, "tag", tag)
        object.__setattr__(self, "document", document)

    # lookups

    def querySelector(self, selector):
        return self.document.wrap(self.tag.select_one(selector))

    def querySelectorAll(self, selector):
        return [self.document.wrap(tag) for tag in self.tag.select(selector)]

    def closest(self, selector):
        tag = self.tag
        while isinstance(tag, Tag) and not isinstance(tag, BeautifulSoup):
            if soupsieve.match(selector, tag):
                return self.document.wrap(tag)
            tag = tag.parent
        return None

    # attributes

    def getAttribute(self, name):
        return self.tag.get(name)

    def setAttribute(self, name, value):
        self.tag[name] = str(value)

    def removeAttribute(self, name):
        if name in self.tag.attrs:
            del self.tag[name]

    def hasAttribute(self, name):
        return self.tag.has_attr(name)

    def getAttributeNames(self):
        return list(self.tag.attrs)

    @property
    def dataset(self):
        return Dataset(self)

    @property
    def classList(self):
        return ClassList(self)

    @property
    def className(self):
        return self.tag.get("class") or ""

    @className.setter
    def className(self, value):
        self.tag["class"] = value

    # text: only ever a text node

    @property
    def textContent(self):
        return self.tag.get_text()

    @textContent.setter
    def textContent(self, text):
        self.tag.clear()
        if text:
            self.tag.append(NavigableString(str(text)))

    # controls

    @property
    def options(self):
        return Options(self.querySelectorAll("option"))

    @property
    def elements(self):
        return Elements(self)

    @property
    def value(self):
        if self.tag.name == "select":
            if self.tag.has_attr("data-soup-none"):
                return ""
            options = self.options
            chosen = [option for option in options if option.selected]
            return (chosen[-1] if chosen else options[0]).value if options else ""
        if self.tag.name == "option":
            return self.tag.get("value", self.tag.get_text())
        if self.tag.name == "textarea":
            return self.tag.get_text()
        default = "on" if self.tag.get("type") in ("checkbox", "radio") else ""
        return self.tag.get("value", default)

    @value.setter
    def value(self, value):
        value = str(value)
        if self.tag.name == "select":
            matched = False
            for option in self.options:
                option.selected = option.value == value and not matched
                matched = matched or option.selected
            if matched:
                self.removeAttribute("data-soup-none")
            else:
                self.tag["data-soup-none"] = ""  # as a browser: no option of that value, no value
        elif self.tag.name == "textarea":
            self.textContent = value
        else:
            self.tag["value"] = value

    # what the browser does by itself: nothing here

    def focus(self, *_args):
        pass

    def blur(self):
        pass

    def scrollIntoView(self, *_args):
        pass

    def addEventListener(self, *_args):
        pass

    def removeEventListener(self, *_args):
        pass

    # children

    def appendChild(self, node):
        self.tag.append(node.tag)
        return node

    def replaceChildren(self, *nodes):
        self.tag.clear()
        for node in nodes:
            self.tag.append(node.tag)

    def cloneNode(self, deep=False):
        if deep:
            copied = copy.copy(self.tag)
        else:
            copied = self.document.soup.new_tag(self.tag.name, attrs=dict(self.tag.attrs))
        return self.document.wrap(copied)

    def remove(self):
        self.tag.extract()

    # the boolean and reflected properties

    def __getattr__(self, name):
        if name in BOOLEAN:
            return self.tag.has_attr(name)
        if name in REFLECTED:
            return self.tag.get(name, "")
        raise AttributeError(name)

    def __setattr__(self, name, value):
        if name in BOOLEAN:
            if value:
                self.tag[name] = ""
            else:
                self.removeAttribute(name)
            if name == "selected" and value and self.tag.name == "option":
                select = self.tag.find_parent("select")
                if select is not None and select.has_attr("data-soup-none"):
                    del select["data-soup-none"]
        elif name in REFLECTED:
            self.tag[name] = str(value)
        elif isinstance(getattr(type(self), name, None), property):
            object.__setattr__(self, name, value)
        else:
            raise AttributeError(f"the fake document does not take element.{name}")

    def __eq__(self, other):
        return isinstance(other, Node) and other.tag is self.tag

    def __hash__(self):
        return id(self.tag)


class Document(Node):
    """The built page at `url` (its address: search and hash as the browser's location holds
    them)."""

    def __init__(self, html, url):
        soup = BeautifulSoup(html, "html.parser", multi_valued_attributes=None)
        object.__setattr__(self, "soup", soup)
        object.__setattr__(self, "defaultView", Window(url))
        super().__init__(soup, self)

    def wrap(self, tag):
        return None if tag is None else Node(tag, self)

    @property
    def documentElement(self):
        return self.wrap(self.soup.html)

    def getElementById(self, ident):
        return self.wrap(self.soup.find(id=ident))

    def createElement(self, name):
        return self.wrap(self.soup.new_tag(name))

    def createElementNS(self, _namespace, name):
        return self.createElement(name)

    def shown(self, selector):
        """The elements matching `selector` with no [hidden] element around them (themselves
        included): those a reader can see, as far as the HTML says."""
        return [node for node in self.querySelectorAll(selector) if node.closest("[hidden]") is None]


def restore(document, form_id="calc"):
    """What site/static/assets/boot.js's restore() does before Python runs, on the pages whose
    form it fills from the link (the calculator's and the conditions page's #calc): the first
    value of each of the link's keys placed in the control of that name (a value the control
    cannot hold leaves it empty: no radio checked, no option chosen), and the table rules opened
    when one of their controls then differs from the page's own."""
    form = document.getElementById(form_id)
    rules = document.getElementById("table-rules")
    before = {node.tag.get("id"): (node.value, node.checked) for node in rules.querySelectorAll("[name]")} \
        if rules is not None else {}
    seen = set()
    for name, value in Params(document.defaultView.location.search).pairs:
        if name in seen:
            continue
        seen.add(name)
        field = form.elements.namedItem(name)
        if field is None:
            continue
        if isinstance(field, RadioGroup):
            field.value = value
        elif field.getAttribute("type") == "checkbox":
            if value in ("1", "0"):
                field.checked = value == "1"
        else:
            field.value = value
    if rules is not None and any((node.value, node.checked) != before[node.tag.get("id")]
                                 for node in rules.querySelectorAll("[name]")):
        rules.open = True
