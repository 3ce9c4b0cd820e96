"""The address bar's query string <-> a page's keys (the calculator and the conditions page),
and `Link`, which keeps the address in step with a page's inputs once they pause."""
import dom

LEAVING = "a[href], [data-share]"  # what reads the address: a link, the share button


def read(window, keys):
    """The page's query as {key: first value}, for `keys` only."""
    params = window.URLSearchParams.new(window.location.search)
    return {name: params.get(name) for name in keys if params.has(name)}


def write(window, pairs, last):
    """Put the query of `pairs` ([(key, value)], in that order, encoded as URLSearchParams does)
    in the address bar unless it is `last`, the query put there before; returns the query now
    there ("" for none: the bare path)."""
    params = window.URLSearchParams.new()
    for name, value in pairs:
        params.set(name, value)
    text = params.toString()
    if text != last:
        window.history.replaceState(None, "", window.location.pathname + ("?" + text if text else ""))
    return text


class Link:
    """A page's address following its inputs once they pause (`ms`): history.replaceState costs
    more than the rest of a tap, so a run of taps writes the address once. The page's
    ``<html data-link>`` says "pending" while a write waits and "written" once it is done or
    dropped (the tests wait on it). `page` is the page's dom.Page; ``listen()`` wires the timer's
    callback and writes what is pending when the page is left."""

    def __init__(self, page, ms):
        self.page, self.ms = page, ms
        self.last = None  # the query last put in the address bar
        self.pending = None  # the pairs still to put there once input pauses
        self.proxy = None  # the timer's callback, kept for as long as the page listens

    def listen(self):
        self.proxy = dom.proxy(self.flush)
        self.page.window.addEventListener("pagehide", self.proxy)

    def later(self, pairs):
        """Put `pairs` in the address once input pauses."""
        if self.pending is None:
            self.page.document.documentElement.dataset.link = "pending"
        self.pending = pairs
        self.page.window.engineLater("link", self.proxy, self.ms)

    def settle(self, written):
        """No address pending any more: written now (`written`), or dropped."""
        if self.pending is not None:
            self.page.window.engineLater("link", None, 0)
            if written:
                self.last = write(self.page.window, self.pending, self.last)
            self.pending = None
            self.page.document.documentElement.dataset.link = "written"

    def flush(self, _event=None):
        """Write the pending address now: when its time comes, and before anything reads it."""
        self.settle(written=True)

    def outside(self):
        """The address came from outside (a link, the back button): an address still pending
        from before is dropped, and the next input rewrites it."""
        self.last = None
        self.settle(written=False)

    def leaving(self, event):
        """Capture phase, before a link's or the share button's own script reads the address: a
        pending address is written first. Taps elsewhere leave it pending."""
        if self.pending is None:  # most events: nothing to write, no lookup
            return
        closest = getattr(getattr(event, "target", None), "closest", None)
        if closest is not None and dom.found(closest(LEAVING)):
            self.flush()
