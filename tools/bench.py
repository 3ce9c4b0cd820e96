#!/usr/bin/env python3
"""`make bench`: how fast the built page becomes live on a phone, measured in headless Chromium.

    python tools/bench.py [--runs 5] [--site _site] [--cpu 4] [--net mobile|none] [--cold-only]
                           [--tiles-only] [--input-only] [--season-only]

The phone profile: the CPU slowed down (`Emulation.setCPUThrottlingRate`, 4x by default), a mobile
network (10 Mbit/s down, 80 ms round trip), and the site served the way GitHub Pages serves it:
under a sub-path, gzip on the fly by content type (text, JavaScript, JSON, SVG, wasm; zips and
images as they are: runtime.SENT_AS_IS), ETag revalidation, `Cache-Control: max-age=600`. Bytes
are what went over the wire.

The network is shaped by the bench's own server, not by the DevTools protocol's per-target
emulation, which leaves the service worker out (checked: with Network.emulateNetworkConditions at
200 kB/s on the page, the page fetched the 690 kB stdlib in 5.8 s, and 0.13 s when its service
worker fetched it). Here the page, its workers and the service worker's precache all fetch through
one link, so all of them share its 10 Mbit/s and pay its round trips (each response waits one
round trip before its first byte, each new connection two: TCP and TLS, as on https). The server
speaks HTTP/1.1, so Chromium opens up to six connections where GitHub Pages' HTTP/2 would use one.

Beside the site the server offers a floor that is not part of the site: a bare `loadPyodide()`
page using npm's untouched files (node_modules/pyodide: the full standard library, no snapshot).
Every figure is also shown as a ratio to that floor. Each round runs every variant once, in
rotating order, so the noise of a shared machine spreads evenly over them.

The pages run on MicroPython (the default build); `--site` may name a Pyodide build too
(`build.py --interpreter pyodide`), measured the same way.

Figures (medians):
- cold: a fresh browser profile, navigation start to <html data-engine="ready">;
- warm offline: the same profile, offline, once the service worker is installed;
- floor: the bare `loadPyodide()`, cold, fresh profile;
- input to card: on the warm page, setting a field and firing `input` until the total card shows
  the new value, with the CPU slowed down and without;
- bytes: what the server sent for a cold visit, the service worker's precache included;
- computing, on a page booted without slow-down and then slowed: a tap on a palette tile that
  completes 13 tiles, to the updated card; the hand 111222333444m55p typed in, to its card; a
  13-tile hand typed in, to its waits; the ledger's conditions panel at a game's last round,
  a riichi ticked, to every seat's answer redrawn.

`--tiles-only` measures the computing figures only, without the network shaping.

`--input-only` measures only what a tap or a keystroke costs on the calculator: input to the
updated card (CPU slowed, then not) and a palette tap to the card, on a page booted without
slow-down and then slowed with the same `Emulation.setCPUThrottlingRate` as the full run; no
cold start, no floor (stock Pyodide is neither served nor compressed), no network shaping. A
quick figure to iterate on (about a minute for 5 runs); `make bench` stays the reference.

The season (issue 38; a full run ends with it, `--season-only` measures only it): a generated
season of 500 south games (about 6,000 hands) kept on the phone, each with the summary the ledger
keeps when it saves a game, the CPU slowed: from the engine live (the mark "season:start") to
the table drawn, and a tap on a column's header to the rows sorted; then the command line's
time for the same games as one export file. `--season-first` adds the page's first open of
games kept without a summary (imported, or kept by an earlier build), each counted once.

`--cold-only` measures the cold start and the floor only (and the bytes up to the end of the
precache); with several `--site` folders it compares builds in the same rounds.
"""
import argparse
import contextlib
import gzip
import hashlib
import http.server
import json
import pathlib
import shutil
import statistics
import sys
import tempfile
import threading
import time

from playwright.sync_api import sync_playwright

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "site")]
from tests.browser.conftest import CHROMIUM, FLAGS  # noqa: E402
from tests.browser.helpers import INPUT_TO_CARD  # noqa: E402
from runtime import SENT_AS_IS  # noqa: E402

SUBPATH = "/repo/"
STOCK = "stock-pyodide/"  # npm's files, served beside the site for the floor
BARE = b"""<!doctype html><html><head><meta charset="utf-8"><title>floor</title></head><body>
<script type="module">
import { loadPyodide } from "./stock-pyodide/pyodide.mjs";
await loadPyodide({ indexURL: "./stock-pyodide/" });
document.documentElement.dataset.engine = "ready";
</script></body></html>"""
# Set by an init script: the moment the page marks itself live, in ms from navigation start.
WATCH_READY = """new MutationObserver((_, observer) => {
  if (document.documentElement.dataset.engine === "ready") {
    window.__readyAt = performance.now(); observer.disconnect();
  }
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-engine"] });"""
# name: (bytes per second down, round trip in seconds)
NETWORKS = {"mobile": (10_000_000 / 8, 0.080), "none": (None, 0.0)}
CHUNK = 16_384
TYPES = {".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
         ".json": "application/json", ".webmanifest": "application/manifest+json",
         ".zip": "application/zip", ".zst": "application/zstd", ".svg": "image/svg+xml", ".css": "text/css",
         ".html": "text/html; charset=utf-8", ".py": "text/x-python", ".png": "image/png",
         ".xml": "application/xml", ".txt": "text/plain"}


class Link:
    """One network link shared by every response: a round trip before each response's first byte,
    two for a new connection, and one downlink rate for all bytes (first come, first sent)."""

    def __init__(self, rate, rtt):
        self.rate, self.rtt = rate, rtt
        self.free_at = 0.0  # when the downlink has sent everything queued so far
        self.lock = threading.Lock()

    def connect(self):
        time.sleep(2 * self.rtt)

    def wait_first_byte(self):
        time.sleep(self.rtt)

    def send(self, out, data):
        if not self.rate:
            out.write(data)
            return
        for start in range(0, len(data), CHUNK):
            piece = data[start:start + CHUNK]
            with self.lock:
                self.free_at = max(self.free_at, time.monotonic()) + len(piece) / self.rate
                done_at = self.free_at
            time.sleep(max(done_at - time.monotonic(), 0))
            out.write(piece)


class Pages(http.server.BaseHTTPRequestHandler):
    """GitHub Pages, roughly: gzip on the fly by content type, ETag, max-age=600, over `link`;
    counts the bytes it sends."""
    protocol_version = "HTTP/1.1"  # keep-alive: a connection's setup is paid once
    site = stock = link = None
    sent = 0
    log = []
    packed = {}  # path -> (etag, body, encoding)
    lock = threading.Lock()

    def setup(self):
        super().setup()
        self.link.connect()

    def do_GET(self):
        path = self.path.split("?")[0]
        if not path.startswith(SUBPATH):
            return self.send_error(404)
        name = path[len(SUBPATH):]
        if name == "bench-floor.html":
            return self.reply(200, "text/html; charset=utf-8", BARE, None, "")
        base, name = (self.stock, name[len(STOCK):]) if name.startswith(STOCK) else (self.site, name)
        file = base / (name + "index.html" if name.endswith("/") or not name else name)
        if file.is_dir():
            self.link.wait_first_byte()
            self.send_response(301)
            self.send_header("Location", path + "/")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return None
        if not file.is_file():
            return self.send_error(404)
        etag, body, encoding = self.load(file)
        self.modified = self.date_time_string(int(file.stat().st_mtime))
        if (self.headers.get("If-None-Match") == etag
                or self.headers.get("If-Modified-Since") == self.modified):
            return self.reply(304, None, b"", None, etag)
        kind = TYPES.get(file.suffix, "application/octet-stream")
        return self.reply(200, kind, body, encoding, etag)

    @classmethod
    def load(cls, file):
        with cls.lock:
            if file not in cls.packed:
                data = file.read_bytes()
                etag = '"' + hashlib.sha1(data).hexdigest()[:16] + '"'
                if file.name.endswith(SENT_AS_IS):
                    cls.packed[file] = (etag, data, None)
                else:
                    cls.packed[file] = (etag, gzip.compress(data, 6), "gzip")
            return cls.packed[file]

    def reply(self, status, kind, body, encoding, etag):
        self.link.wait_first_byte()
        self.send_response(status)
        if kind:
            self.send_header("Content-Type", kind)
        if encoding:
            self.send_header("Content-Encoding", encoding)
        if etag:
            self.send_header("ETag", etag)
        if getattr(self, "modified", None):
            self.send_header("Last-Modified", self.modified)
        self.send_header("Cache-Control", "max-age=600")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.link.send(self.wfile, body)
        with self.lock:
            Pages.sent += len(body)
            Pages.log.append((self.path, status, len(body), self.headers.get("Sec-Fetch-Dest"),
                              self.headers.get("If-None-Match") or self.headers.get("If-Modified-Since"),
                              self.headers.get("Cache-Control")))

    def log_message(self, *args):
        pass


@contextlib.contextmanager
def serve(site, net, stock=True):
    """The site (and, with `stock`, npm's Pyodide for the floor) served over `net`."""
    handler = type("Handler", (Pages,), {"site": site.resolve(), "stock": ROOT / "node_modules" / "pyodide",
                                         "link": Link(*NETWORKS[net])})
    for file in [*site.resolve().rglob("*"), *(handler.stock.iterdir() if stock else ())]:
        if file.is_file():
            handler.load(file)  # compressed ahead: a first request does not wait for gzip
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}{SUBPATH}"
    finally:
        server.shutdown()


@contextlib.contextmanager
def profile(playwright, cpu):
    """A fresh on-disk profile, like a first visit on a real phone (disk HTTP cache, no worker)."""
    folder = tempfile.mkdtemp(prefix="bench-profile-")
    context = playwright.chromium.launch_persistent_context(
        folder, executable_path=CHROMIUM, args=FLAGS, headless=True)
    context.add_init_script(WATCH_READY)
    page = context.pages[0]
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu})
    page.slow_cpu = lambda rate: cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    try:
        yield context, page
    finally:
        context.close()
        shutil.rmtree(folder, ignore_errors=True)


def ready_ms(page, url):
    page.goto(url)
    page.wait_for_function("window.__readyAt !== undefined", timeout=300_000)
    return page.evaluate("window.__readyAt")


def run_page(playwright, base, cpu, cold_only=False):
    """A cold visit, input-to-card timings, then a warm visit offline through the service worker."""
    with profile(playwright, cpu) as (context, page):
        Pages.sent = 0
        cold = ready_ms(page, base + "ko/")
        # the worker takes the page once it is installed, its precache complete
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=300_000)
        page.wait_for_timeout(500)
        sent = Pages.sent
        if cold_only:
            return {"cold": cold, "bytes": sent}
        if "--log" in sys.argv:
            for row in Pages.log:
                print(*row, file=sys.stderr)
        context.set_offline(True)
        warm = ready_ms(page, base + "ko/?han=4&fu=40")
        assert page.inner_text('[data-result="total"] [data-value]') == "8,000"
        page.wait_for_timeout(1000)  # the live region's quiet time, as a player pauses
        inputs, fast = input_timings(page)
    return {"cold": cold, "warm": warm, "input": inputs, "input_fast": fast, "bytes": sent}


def input_timings(page):
    """Input to card on the page as slowed now, then not slowed: the two medians (ms)."""
    hans = ("1", "2", "3", "6", "8", "11", "13", "4")
    inputs = [page.evaluate(INPUT_TO_CARD, han) for han in hans]
    page.slow_cpu(1)
    fast = [page.evaluate(INPUT_TO_CARD, han) for han in hans]
    return statistics.median(inputs), statistics.median(fast)


# In the page: tap a palette tile that completes the 13 tiles shown; the ms until the total card
# holds the win's value (the tap's handling is synchronous); then the winning tile goes back out.
TAP_TO_CARD = """tile => {
  const results = document.querySelector("#results");
  const total = document.querySelector('[data-result="total"] [data-value]');
  const button = document.querySelector(`[data-tiles-palette] [data-tile="${tile}"]`);
  const before = total.textContent;
  const started = performance.now();
  button.click();
  const ms = performance.now() - started;
  if (results.dataset.view !== "value" || results.dataset.state !== "ok") throw new Error("no card");
  const shown = total.textContent;
  document.querySelector("[data-tiles-hand] .tile-agari").click();
  return [ms, before, shown];
}"""
# In the page: type a hand into the hand field and fire `input`; the ms until its card shows.
TYPE_TO_CARD = """hand => {
  const results = document.querySelector("#results");
  const field = document.querySelector("#f-hand");
  const agari = document.querySelector("#f-agari");
  agari.value = "";
  const started = performance.now();
  field.value = hand;
  field.dispatchEvent(new Event("input", { bubbles: true }));
  const ms = performance.now() - started;
  if (results.dataset.view !== "value" || results.dataset.state !== "ok") throw new Error("no card");
  const total = document.querySelector('[data-result="total"] [data-value]').textContent;
  field.value = "123m456p789s1155z";  // back to 13 tiles waiting
  field.dispatchEvent(new Event("input", { bubbles: true }));
  return [ms, total];
}"""
# In the page: type a 13-tile hand; the ms until its waits are listed.
TYPE_TO_WAITS = """hand => {
  const field = document.querySelector("#f-hand");
  const waits = document.querySelector("[data-tiles-waits]");
  const agari = document.querySelector("#f-agari");
  for (const emptied of [agari, field]) {
    emptied.value = "";
    emptied.dispatchEvent(new Event("input", { bubbles: true }));
  }
  const started = performance.now();
  field.value = hand;
  field.dispatchEvent(new Event("input", { bubbles: true }));
  const ms = performance.now() - started;
  if (document.querySelector("[data-tiles-waits-box]").hidden) throw new Error("no waits");
  return [ms, waits.children.length];
}"""
# In the ledger at a game's last round: tick riichi in the conditions panel (or untick it); the ms
# until every seat's answer is redrawn.
TICK_TO_PANEL = """() => {
  const box = document.querySelector("[data-need-riichi]");
  const seats = document.querySelector("[data-need-seats]");
  const before = seats.textContent;
  const started = performance.now();
  box.click();
  const ms = performance.now() - started;
  if (seats.textContent === before) throw new Error("the panel did not change");
  return ms;
}"""
# An east-only game up to its last round (tests/browser/test_ledger_conditions.py's).
LAST_ROUND = {"rules": {"preset": "tenhou", "length": "east"}, "hands": [
    {"result": "ron", "from": 2, "winners": [{"seat": 1, "han": 3, "fu": 40}], "riichi": [1]},
    {"result": "tsumo", "winners": [{"seat": 3, "han": 1, "fu": 30}], "riichi": []},
    {"result": "draw", "tenpai": [0], "riichi": []},
]}
WAITING = "123m456p789s1155z"  # East seat, East round: 1z (double East) or 5z (White)
THIRTEEN = "1112345678999m"  # nine gates: waits on all nine, many readings each
HEAVY = "111222333444m55p"  # many readings: four triplets, or sequences, or a mix


def palette_taps(page, base, cpu):
    """A palette tap to its card on the WAITING hand, the page booted unslowed then slowed: the
    median (ms)."""
    ready_ms(page, base + f"ko/?rule=riichi&fumode=tiles&hand={WAITING}&seatwind=E&roundwind=E")
    page.wait_for_timeout(1000)
    page.slow_cpu(cpu)
    taps = [page.evaluate(TAP_TO_CARD, tile) for tile in ("1z", "5z") * 4]
    assert {shown for _ms, _before, shown in taps} == {"3,900", "2,000"}, taps
    return statistics.median(ms for ms, *_ in taps)


def run_tiles(playwright, base, cpu, _cold_only=False):
    with profile(playwright, 1) as (_context, page):
        tap = palette_taps(page, base, cpu)
        typed = [page.evaluate(TYPE_TO_CARD, HEAVY) for _ in range(4)]
        waits = [page.evaluate(TYPE_TO_WAITS, THIRTEEN) for _ in range(4)]
        page.slow_cpu(1)
        ledger = page.context.new_page()
        ready_ms(ledger, base + "ko/ledger/")
        ledger.fill("[data-ledger-import]", json.dumps(LAST_ROUND))
        ledger.click("[data-ledger-import-go]")
        ledger.wait_for_selector("[data-need-panel][open]")
        ledger.wait_for_timeout(1000)
        context_cdp = page.context.new_cdp_session(ledger)
        context_cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu})
        panel = [ledger.evaluate(TICK_TO_PANEL) for _ in range(6)]
    assert {total for _ms, total in typed} == {"48,000"}, typed  # a dealer's suuankou
    assert len({count for _ms, count in waits}) == 1, waits
    return {"tap": tap,
            "heavy": statistics.median(ms for ms, _ in typed),
            "waits": statistics.median(ms for ms, _ in waits),
            "panel": statistics.median(panel)}


def run_floor(playwright, base, cpu, cold_only=False):
    with profile(playwright, cpu) as (_context, page):
        return {"floor": ready_ms(page, base + "bench-floor.html")}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--site", type=pathlib.Path, action="append",
                        help="a built site (default _site); several: compared in the same rounds")
    parser.add_argument("--log", action="store_true", help="list every response of a cold visit")
    parser.add_argument("--cpu", type=float, default=4, help="CPU slow-down factor (1: none)")
    parser.add_argument("--net", choices=NETWORKS, default="mobile",
                        help="mobile: 10 Mbit/s down, 80 ms round trip; none: no shaping")
    parser.add_argument("--cold-only", action="store_true",
                        help="the cold start and the floor only, no image, warm start or input")
    parser.add_argument("--tiles-only", action="store_true",
                        help="the computing figures only: tiles, waits, the ledger's panel")
    parser.add_argument("--input-only", action="store_true",
                        help="input to card and a palette tap only: no cold start, no floor")
    parser.add_argument("--season-only", action="store_true",
                        help="the season page with 500 games kept, and its command line")
    parser.add_argument("--season-first", action="store_true",
                        help="with --season-only: also the first open of games without summaries")
    args = parser.parse_args(argv)
    sites = args.site or [ROOT / "_site"]
    if args.tiles_only:
        return bench_tiles(sites[0], args)
    if args.input_only:
        return bench_input(sites, args)
    if args.season_only:
        return bench_season(sites[0], args)
    results = [{} for _ in sites]
    floors = []
    with contextlib.ExitStack() as stack, sync_playwright() as playwright:
        bases = [stack.enter_context(serve(site, args.net)) for site in sites]
        run_floor(playwright, bases[0], args.cpu)  # warm-up: the first Chromium start pays extra
        for round_ in range(args.runs):
            runs = [(run_floor, 0, None), *((run_page, i, results[i]) for i in range(len(sites)))]
            if not args.cold_only:
                runs += [(run_tiles, i, results[i]) for i in range(len(sites))]
            shift = round_ % len(runs)  # rotating order: the noise spreads over every variant
            for run, index, into in runs[shift:] + runs[:shift]:
                figures = run(playwright, bases[index], args.cpu, args.cold_only)
                if into is None:
                    floors.append(figures["floor"])
                    continue
                for key, value in figures.items():
                    into.setdefault(key, []).append(value)
            print(f"round {round_ + 1}/{args.runs}", file=sys.stderr, flush=True)

    rate, rtt = NETWORKS[args.net]
    network = (f"{rate * 8 / 1e6:g} Mbit/s down, {rtt * 1000:g} ms round trip" if rate
               else "no network shaping")
    print(f"\nphone profile: CPU {args.cpu:g}x slower, {network}, gzip by content type (zips and "
          f"images as they are), served under {SUBPATH}")
    floor = statistics.median(floors)
    print(f"\n{'median of ' + str(args.runs) + ' runs':44} {'value':>10} {'/ floor':>8}   range")
    label = "floor: bare loadPyodide(), npm's files"
    print(f"{label:44} {floor:>7.0f} ms {'1.00x':>8}   "
          f"{min(floors):.0f}–{max(floors):.0f}")
    for site, figures in zip(sites, results, strict=True):
        if len(sites) > 1:
            print(f"\n{site}")
        report(figures, floor, args.cpu)
    if not args.cold_only:
        bench_season(sites[0], args)


def bench_tiles(site, args):
    figures = {}
    with serve(site, "none") as base, sync_playwright() as playwright:
        for round_ in range(args.runs):
            for key, value in run_tiles(playwright, base, args.cpu).items():
                figures.setdefault(key, []).append(value)
            print(f"round {round_ + 1}/{args.runs}", file=sys.stderr, flush=True)
    print(f"\nCPU {args.cpu:g}x slower, medians of {args.runs} runs (each a median)")
    report_computing(figures)


def run_input(playwright, base, cpu):
    """Input to card (slowed, then not) and palette taps, on pages booted without slow-down."""
    with profile(playwright, 1) as (_context, page):
        ready_ms(page, base + "ko/?han=4&fu=40")
        assert page.inner_text('[data-result="total"] [data-value]') == "8,000"
        page.wait_for_timeout(1000)
        page.slow_cpu(cpu)
        inputs, fast = input_timings(page)
        page.evaluate("() => { delete window.__readyAt; }")
        tap = palette_taps(page, base, cpu)
    return {"input": inputs, "input_fast": fast, "tap": tap}


def bench_input(sites, args):
    """--input-only: each round measures every site once, in rotating order (several --site
    folders are compared in the same rounds, as with --cold-only)."""
    figures = [{} for _ in sites]
    with contextlib.ExitStack() as stack, sync_playwright() as playwright:
        bases = [stack.enter_context(serve(site, "none", stock=False)) for site in sites]
        for round_ in range(args.runs):
            order = list(range(len(sites)))
            shift = round_ % len(order)
            for index in order[shift:] + order[:shift]:
                for key, value in run_input(playwright, bases[index], args.cpu).items():
                    figures[index].setdefault(key, []).append(value)
            print(f"round {round_ + 1}/{args.runs}", file=sys.stderr, flush=True)
    print(f"\nCPU {args.cpu:g}x slower, medians of {args.runs} runs (each a median)")
    rows = (("input", f"input to updated card, CPU {args.cpu:g}x slower", 16),
            ("input_fast", "input to updated card, CPU not slowed", None),
            ("tap", "a palette tap to the updated card", 40))
    for site, found in zip(sites, figures, strict=True):
        if len(sites) > 1:
            print(f"\n{site}")
        for key, label, goal in rows:
            values = found[key]
            print(f"{label:44} {statistics.median(values):>7.1f} ms {'':>8}   "
                  f"{min(values):.1f}–{max(values):.1f}" + (f"  (goal <= {goal} ms)" if goal else ""))


# ---------------------------------------------------------------- the season (issue 38)

SEASON_GAMES = 500
# In the season page: a tap on a column's header; the ms until the rows are in its order.
TAP_TO_SORT = """field => {
  const body = document.querySelector("[data-season-table] tbody");
  const before = Array.from(body.rows).map(row => row.dataset.seasonPlayer).join();
  const started = performance.now();
  document.querySelector(`[data-season-sort="${field}"] button`).click();
  const ms = performance.now() - started;
  const after = Array.from(body.rows).map(row => row.dataset.seasonPlayer).join();
  return [ms, before !== after || body.rows.length < 2];
}"""
# The ms from the page's mark "season:start" (the engine live) to <html data-engine="ready">,
# which the page sets once the table, the chart and the filters are drawn.
LIVE_TO_TABLE = """() => window.__readyAt -
  performance.getEntriesByName("season:start")[0].startTime"""


def season_storage(summaries=True):
    """The storage a phone holds after keeping a generated season of SEASON_GAMES south games
    (tests/test_season.py's), as [key, text] pairs; without summaries: as an import or an
    earlier build leaves them."""
    from engine.ledger.games import open_shelf
    from engine.ledger.storage import SUMMARY, MemoryStorage
    from tests.test_season import generated_season

    storage = MemoryStorage()
    shelf = open_shelf(storage, "2026-12-31T10:00:00.000Z")
    items = generated_season(SEASON_GAMES)
    for game, started in items:
        shelf.add(game, started, current=False)
    kept = [[key, text] for key, text in storage.items.items()
            if summaries or not key.startswith(SUMMARY)]
    return kept, items


def run_season(playwright, base, cpu, kept):
    with profile(playwright, 1) as (_context, page):
        ready_ms(page, base + "ko/season/")
        page.evaluate("""items => { localStorage.clear();
            for (const [key, text] of items) localStorage.setItem(key, text); }""", kept)
        page.slow_cpu(cpu)
        page.evaluate("() => { delete window.__readyAt; }")
        ready_ms(page, base + "ko/season/?again")
        table = page.evaluate(LIVE_TO_TABLE)
        rows = page.eval_on_selector_all("[data-season-table] tbody tr", "rows => rows.length")
        sorts = [page.evaluate(TAP_TO_SORT, field)
                 for field in ("avg_place", "win_rate", "avg_place", "points", "deal_in_rate")]
    assert rows > 1 and all(changed for _ms, changed in sorts), (rows, sorts)
    return {"table": table, "sort": statistics.median(ms for ms, _ in sorts)}


def season_cli(items):
    """The command line's CPU time (user and system) and wall time for the season as one file."""
    import resource
    import subprocess

    from tests.test_season import bundle

    with tempfile.TemporaryDirectory() as folder:
        path = pathlib.Path(folder) / "season.json"
        path.write_text(bundle(items), encoding="utf-8")
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        began = time.perf_counter()
        subprocess.run([sys.executable, "-m", "engine.season", str(path)], cwd=ROOT, check=True,
                       capture_output=True)
        wall = time.perf_counter() - began
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, wall


def bench_season(site, args):
    kept, items = season_storage()
    hands = sum(len(game["hands"]) for game, _started in items)
    figures = {}
    with serve(site, "none") as base, sync_playwright() as playwright:
        for round_ in range(args.runs):
            for key, value in run_season(playwright, base, args.cpu, kept).items():
                figures.setdefault(key, []).append(value)
            print(f"round {round_ + 1}/{args.runs}", file=sys.stderr, flush=True)
        if args.season_first:
            bare, _items = season_storage(summaries=False)
            figures["first"] = [run_season(playwright, base, args.cpu, bare)["table"]]
    cpu, wall = season_cli(items)
    print(f"\nseason: {len(items)} south games, {hands} hands kept; CPU {args.cpu:g}x slower, "
          f"medians of {args.runs} runs")
    rows = (("table", "engine live to the table drawn", 1000),
            ("sort", "a header tapped to the rows sorted", 100),
            ("first", "first open, no summaries kept (once)", None))
    for key, label, goal in rows:
        if key in figures:
            values = figures[key]
            print(f"{label:44} {statistics.median(values):>7.0f} ms {'':>8}   "
                  f"{min(values):.0f}–{max(values):.0f}" + (f"  (goal <= {goal} ms)" if goal else ""))
    print(f"{'command line, the same games in one file':44} {cpu:>7.2f} s CPU, {wall:.2f} s "
          "on the clock  (goal < 5 s)")


COMPUTING = (("tap", "a palette tap to the updated card", 40),
             ("heavy", f"{HEAVY} typed, to its card", 100),
             ("waits", f"{THIRTEEN} typed, to its waits", 300),
             ("panel", "ledger's conditions panel, riichi ticked", 300))


def report_computing(figures):
    for key, label, goal in COMPUTING:
        if key in figures:
            values = figures[key]
            print(f"{label:44} {statistics.median(values):>7.1f} ms {'':>8}   "
                  f"{min(values):.1f}–{max(values):.1f}  (goal <= {goal} ms)")


def report(results, floor, cpu):
    median = {key: statistics.median(values) for key, values in results.items()}
    spread = {key: (min(values), max(values)) for key, values in results.items()}
    rows = [("cold: first visit to data-engine=ready", "cold", 0.12),
            ("warm: offline, installed, to ready", "warm", 0.06)]
    for label, key, goal in rows:
        if key in median:
            print(f"{label:44} {median[key]:>7.0f} ms {median[key] / floor:>7.2f}x   "
                  f"{spread[key][0]:.0f}–{spread[key][1]:.0f}  (goal <= {goal}x)")
    for key, label in (("input", f"input to updated card, CPU {cpu:g}x slower"),
                       ("input_fast", "input to updated card, CPU not slowed")):
        if key in median:
            print(f"{label:44} {median[key]:>7.1f} ms {'':>8}   "
                  f"{spread[key][0]:.1f}–{spread[key][1]:.1f}  (goal <= 16 ms)")
    what = "cold visit to the end of the precache" if "warm" not in median else "cold visit"
    print(f"{'bytes on the wire, ' + what:44} {median['bytes'] / 1_048_576:>6.2f} MiB"
          f" {'':>8}   {spread['bytes'][0] / 1_048_576:.2f}–{spread['bytes'][1] / 1_048_576:.2f}"
          "  (goal <= 1.0 MiB)")
    report_computing(results)


if __name__ == "__main__":
    main()
