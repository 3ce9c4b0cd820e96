"""The address bar's query string <-> a page's keys (the calculator and the conditions page)."""


def read(window, keys):
    """The page's query as {key: first value}, for `keys` only."""
    params = window.URLSearchParams.new(window.location.search)
    return {name: params.get(name) for name in keys if params.has(name)}


def query(window, pairs):
    """[(key, value)] -> the query string, in that order, encoded as URLSearchParams does."""
    params = window.URLSearchParams.new()
    for name, value in pairs:
        params.set(name, value)
    return params.toString()


def write(window, text, last):
    """Put `text` (a query string, "" for none) in the address bar unless it is `last`, the one
    put there before; returns the query now there."""
    if text != last:
        window.history.replaceState(None, "", window.location.pathname + ("?" + text if text else ""))
    return text
