"""Screenshots of the built pages at phone and desktop width.

    python tools/screenshot.py [--full] URL OUTDIR [QUERY...]
"""
import pathlib
import sys

from playwright.sync_api import sync_playwright

FULL = False
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]


def main(base, outdir, queries):
    out = pathlib.Path(outdir)
    out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS)
        for lang in ("ko", "ja"):
            for width in (390, 1280):
                for query in queries or [""]:
                    page = browser.new_page(viewport={"width": width, "height": 900})
                    page.goto(f"{base}{lang}/{query}")
                    try:
                        page.wait_for_selector("html[data-engine=ready]", timeout=30000)
                    except Exception:
                        print("not ready:", lang, width, query)
                    name = f"{lang}-{width}{query.replace('?', '-').replace('&', '-').replace('=', '')}.png"
                    page.screenshot(path=str(out / name), full_page=FULL)
                    page.close()
        browser.close()


if __name__ == "__main__":
    args = sys.argv[1:]
    if "--full" in args:
        args.remove("--full")
        FULL = True
    main(args[0], args[1], args[2:])
