"""The address bar's query string <-> a page's keys (the calculator and the conditions page)."""


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
