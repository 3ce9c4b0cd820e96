#!/usr/bin/env python3
"""`make bench`: how fast the built page becomes live, measured in headless Chromium.

    python tools/bench.py [--runs 5] [--site _site]

Serves the built site on 127.0.0.1 under a sub-path, with one extra page that is not part of the
site: a bare `loadPyodide()` page using the same self-hosted files, unpacking the same engine
archive and running one calculation (the floor PyScript is compared with). Each round runs every
variant once, in rotating order, so the noise of a shared machine spreads evenly over them.

Figures (medians):
- cold: a fresh browser profile, navigation start to <html data-engine="ready">;
- warm: the same profile navigating again once the service worker controls it;
- bare: the floor, cold; and the page's ratio to it;
- input to card: setting a field and firing `input` until the total card shows the new value;
- bytes: what the server sent for a cold visit (the service worker's precache included).
"""
import argparse
import contextlib
import functools
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
BARE = b"""<!doctype html><html><head><meta charset="utf-8"><title>bare</title></head><body>
<script type="module">
import { loadPyodide } from "./runtime/pyodide/pyodide.mjs";
const pyodide = await loadPyodide({ indexURL: "./runtime/pyodide/" });
const zip = await (await fetch("./app/app.zip")).arrayBuffer();
pyodide.unpackArchive(zip, "zip");
pyodide.runPython("import engine; engine.calculate({})");
document.documentElement.dataset.engine = "ready";
</script></body></html>"""
# Set by an init script: the moment the page marks itself live, in ms from navigation start.
WATCH_READY = """new MutationObserver((_, observer) => {
  if (document.documentElement.dataset.engine === "ready") {
    window.__readyAt = performance.now(); observer.disconnect();
  }
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-engine"] });"""



class Counting(http.server.SimpleHTTPRequestHandler):
    sent = 0
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript"}

    def do_GET(self):
        if self.path.split("?")[0] == SUBPATH + "bench-bare.html":
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(BARE)))
            self.end_headers()
            self.wfile.write(BARE)
            return
        super().do_GET()

    def copyfile(self, source, outputfile):
        data = source.read()
        Counting.sent += len(data)
        outputfile.write(data)

    def log_message(self, *args):
        pass


@contextlib.contextmanager
def serve(site):
    root = pathlib.Path(tempfile.mkdtemp(prefix="bench-"))
    (root / SUBPATH.strip("/")).symlink_to(site.resolve())
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0),
                                             functools.partial(Counting, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}{SUBPATH}"
    finally:
        server.shutdown()
        shutil.rmtree(root)


@contextlib.contextmanager
def profile(playwright):
    """A fresh on-disk profile, like a first visit on a real phone (disk HTTP cache, no worker)."""
    folder = tempfile.mkdtemp(prefix="bench-profile-")
    context = playwright.chromium.launch_persistent_context(
        folder, executable_path=CHROMIUM, args=FLAGS, headless=True)
    context.add_init_script(WATCH_READY)
    try:
        yield context
    finally:
        context.close()
        shutil.rmtree(folder, ignore_errors=True)


def ready_ms(page, url):
    page.goto(url)
    page.wait_for_function("window.__readyAt !== undefined", timeout=120_000)
    return page.evaluate("window.__readyAt")


def run_page(playwright, base):
    """One cold visit, input-to-card timings, then one warm visit through the service worker."""
    with profile(playwright) as context:
        page = context.pages[0]
        Counting.sent = 0
        cold = ready_ms(page, base + "ko/")
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
        page.wait_for_timeout(500)
        sent = Counting.sent
        inputs = [page.evaluate(INPUT_TO_CARD, han) for han in ("4", "5", "6", "2", "3", "1")]
        warm = ready_ms(page, base + "ko/?han=4&fu=40")
        assert page.inner_text('[data-result="total"] [data-value]') == "8,000"
    return {"cold": cold, "warm": warm, "input": statistics.median(inputs), "bytes": sent}


def run_bare(playwright, base):
    with profile(playwright) as context:
        return {"bare": ready_ms(context.pages[0], base + "bench-bare.html")}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--site", type=pathlib.Path, default=ROOT / "_site")
    args = parser.parse_args(argv)
    results = {"cold": [], "warm": [], "input": [], "bytes": [], "bare": []}
    with serve(args.site) as base, sync_playwright() as playwright:
        run_bare(playwright, base)  # warm-up: the first Chromium start pays extra
        for round_ in range(args.runs):
            order = (run_page, run_bare) if round_ % 2 == 0 else (run_bare, run_page)
            for run in order:
                for key, value in run(playwright, base).items():
                    results[key].append(value)
            print(f"round {round_ + 1}/{args.runs}", file=sys.stderr, flush=True)

    median = {key: statistics.median(values) for key, values in results.items()}
    spread = {key: (min(values), max(values)) for key, values in results.items()}
    rows = [
        ("cold: navigation to data-engine=ready", f"{median['cold']:.0f} ms", spread["cold"]),
        ("warm: same, service worker installed", f"{median['warm']:.0f} ms", spread["warm"]),
        ("bare loadPyodide() floor, cold", f"{median['bare']:.0f} ms", spread["bare"]),
        ("ratio cold / bare (aim <= 1.10)", f"{median['cold'] / median['bare']:.2f}", None),
        ("ratio warm / cold (aim <= 0.70)", f"{median['warm'] / median['cold']:.2f}", None),
        ("input to updated card", f"{median['input']:.1f} ms", spread["input"]),
        ("bytes sent on a cold visit", f"{median['bytes'] / 1_048_576:.2f} MiB", None),
    ]
    print(f"\n{'median of ' + str(args.runs) + ' runs':42} {'value':>10}   range")
    for label, value, span in rows:
        extra = f"{span[0]:.0f}–{span[1]:.0f}" if span and span[0] > 2 else (
            f"{span[0]:.1f}–{span[1]:.1f}" if span else "")
        print(f"{label:42} {value:>10}   {extra}")


if __name__ == "__main__":
    main()
