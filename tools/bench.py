#!/usr/bin/env python3
"""`make bench`: how fast the built page becomes live on a phone, measured in headless Chromium.

    python tools/bench.py [--runs 5] [--site _site] [--cpu 4]

The phone profile: the CPU slowed down (`Emulation.setCPUThrottlingRate`, 4x by default), and the
site served the way GitHub Pages serves it: under a sub-path, gzip on the fly for everything but
images, ETag revalidation, `Cache-Control: max-age=600`. Bytes are what went over the wire.

Beside the site the server offers a floor that is not part of the site: a bare `loadPyodide()`
page using npm's untouched files (node_modules/pyodide: the full standard library, no snapshot).
Every figure is also shown as a ratio to that floor. Each round runs every variant once, in
rotating order, so the noise of a shared machine spreads evenly over them.

Figures (medians):
- cold: a fresh browser profile, navigation start to <html data-engine="ready">;
- warm offline: the same profile, offline, once the service worker is installed and the engine's
  memory image is stored (the page says data-engine-start="snapshot");
- floor: the bare `loadPyodide()`, cold, fresh profile;
- input to card: on the warm page, setting a field and firing `input` until the total card shows
  the new value, with the CPU slowed down and without;
- bytes: what the server sent for a cold visit, the precache and the image's making included.
"""
import argparse
import contextlib
import gzip
import hashlib
import http.server
import pathlib
import shutil
import statistics
import sys
import tempfile
import threading

from playwright.sync_api import sync_playwright

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]
from browser.conftest import CHROMIUM, FLAGS  # noqa: E402
from browser.helpers import INPUT_TO_CARD  # noqa: E402

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
UNCOMPRESSED = (".png", ".ico", ".jpg", ".webp", ".woff2")  # GitHub Pages sends these as they are
TYPES = {".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
         ".json": "application/json", ".webmanifest": "application/manifest+json",
         ".zip": "application/zip", ".svg": "image/svg+xml", ".css": "text/css",
         ".html": "text/html; charset=utf-8", ".py": "text/x-python", ".png": "image/png",
         ".xml": "application/xml", ".txt": "text/plain"}


class Pages(http.server.BaseHTTPRequestHandler):
    """GitHub Pages, roughly: gzip on the fly, ETag, max-age=600; counts the bytes it sends."""
    site = stock = None
    sent = 0
    log = []
    packed = {}  # path -> (etag, body, encoding)
    lock = threading.Lock()

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
            self.send_response(301)
            self.send_header("Location", path + "/")
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

    def load(self, file):
        with self.lock:
            if file not in self.packed:
                data = file.read_bytes()
                etag = '"' + hashlib.sha1(data).hexdigest()[:16] + '"'
                if file.suffix in UNCOMPRESSED:
                    self.packed[file] = (etag, data, None)
                else:
                    self.packed[file] = (etag, gzip.compress(data, 6), "gzip")
            return self.packed[file]

    def reply(self, status, kind, body, encoding, etag):
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
        self.wfile.write(body)
        with self.lock:
            Pages.sent += len(body)
            Pages.log.append((self.path, status, len(body), self.headers.get("Sec-Fetch-Dest"),
                              self.headers.get("If-None-Match") or self.headers.get("If-Modified-Since"),
                              self.headers.get("Cache-Control")))

    def log_message(self, *args):
        pass


@contextlib.contextmanager
def serve(site):
    handler = type("Handler", (Pages,), {"site": site.resolve(), "stock": ROOT / "node_modules" / "pyodide"})
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


def run_page(playwright, base, cpu):
    """A cold visit, input-to-card timings, then a warm visit offline through the service worker."""
    with profile(playwright, cpu) as (context, page):
        Pages.sent = 0
        cold = ready_ms(page, base + "ko/")
        assert page.get_attribute("html", "data-engine-start") == "fresh"
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=300_000)
        page.wait_for_function("document.documentElement.dataset.engineImage", timeout=300_000)
        image = page.get_attribute("html", "data-engine-image")
        page.wait_for_timeout(500)
        sent = Pages.sent
        if "--log" in sys.argv:
            for row in Pages.log:
                print(*row, file=sys.stderr)
        context.set_offline(True)
        warm = ready_ms(page, base + "ko/?han=4&fu=40")
        start = page.get_attribute("html", "data-engine-start")
        assert page.inner_text('[data-result="total"] [data-value]') == "8,000"
        page.wait_for_timeout(1000)  # the live region's quiet time, as a player pauses
        hans = ("1", "2", "3", "6", "8", "11", "13", "4")
        inputs = [page.evaluate(INPUT_TO_CARD, han) for han in hans]
        page.slow_cpu(1)
        fast = [page.evaluate(INPUT_TO_CARD, han) for han in hans]
    return {"cold": cold, "warm": warm, "input": statistics.median(inputs),
            "input_fast": statistics.median(fast), "bytes": sent,
            "starts": f"{image}/{start}"}


def run_floor(playwright, base, cpu):
    with profile(playwright, cpu) as (_context, page):
        return {"floor": ready_ms(page, base + "bench-floor.html")}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--site", type=pathlib.Path, default=ROOT / "_site")
    parser.add_argument("--log", action="store_true", help="list every response of a cold visit")
    parser.add_argument("--cpu", type=float, default=4, help="CPU slow-down factor (1: none)")
    args = parser.parse_args(argv)
    results = {"cold": [], "warm": [], "input": [], "input_fast": [], "bytes": [], "floor": [],
               "starts": []}
    with serve(args.site) as base, sync_playwright() as playwright:
        run_floor(playwright, base, args.cpu)  # warm-up: the first Chromium start pays extra
        for round_ in range(args.runs):
            order = (run_page, run_floor) if round_ % 2 == 0 else (run_floor, run_page)
            for run in order:
                for key, value in run(playwright, base, args.cpu).items():
                    results[key].append(value)
            print(f"round {round_ + 1}/{args.runs}", file=sys.stderr, flush=True)

    median = {key: statistics.median(values) for key, values in results.items() if key != "starts"}
    spread = {key: (min(values), max(values)) for key, values in results.items() if key != "starts"}
    floor = median["floor"]
    print(f"\nphone profile: CPU {args.cpu:g}x slower, gzip on the wire, served under {SUBPATH}")
    print(f"image made / warm start, per run: {', '.join(results['starts'])}")
    print(f"\n{'median of ' + str(args.runs) + ' runs':44} {'value':>10} {'/ floor':>8}   range")
    rows = [
        ("floor: bare loadPyodide(), npm's files", "floor", "ms", None),
        ("cold: first visit to data-engine=ready", "cold", "ms", 1.0),
        ("warm: offline, installed, to ready", "warm", "ms", 0.25),
    ]
    for label, key, unit, goal in rows:
        ratio = f"{median[key] / floor:.2f}x"
        aim = f"  (goal <= {goal}x)" if goal else ""
        print(f"{label:44} {median[key]:>7.0f} {unit} {ratio:>8}   "
              f"{spread[key][0]:.0f}–{spread[key][1]:.0f}{aim}")
    for key, label in (("input", f"input to updated card, CPU {args.cpu:g}x slower"),
                       ("input_fast", "input to updated card, CPU not slowed")):
        print(f"{label:44} {median[key]:>7.1f} ms {'':>8}   "
              f"{spread[key][0]:.1f}–{spread[key][1]:.1f}  (goal <= 16 ms)")
    print(f"{'bytes on the wire, cold visit (gzip)':44} {median['bytes'] / 1_048_576:>6.2f} MiB"
          f" {'':>8}   {spread['bytes'][0] / 1_048_576:.2f}–{spread['bytes'][1] / 1_048_576:.2f}"
          "  (goal <= 4.5 MiB)")


if __name__ == "__main__":
    main()
