"""The season page driven as a player drives it, for the browser tests: open it, add a link or a
file, read the table's cells; and the command line's table for the same games, as cells."""
import json
import subprocess
import sys

from tests.conftest import ROOT
from tests.test_season import bundle

from .conftest import READY, Watch

KEYS = ("games", "hands", "places", "points", "busts", "chombo", "wins", "tsumo", "win_value",
        "deal_ins", "deal_in_value", "riichi", "draws", "draw_tenpai", "yakuman")


def open_season(context, url):
    page = context.new_page()
    watch = Watch(page)
    page.goto(url)
    page.wait_for_selector(READY, timeout=90_000)
    return page, watch


def add(page, link=None, path=None):
    """A link or a file through data-season-add; waits for the page's answer."""
    page.evaluate("() => { document.querySelector('[data-season-add-done]').textContent = '';"
                  " document.querySelector('[data-season-add-error]').hidden = true; }")
    if not page.locator("#season-add").evaluate("box => box.open"):
        page.click("#season-add summary")
    if link is not None:
        page.fill("[data-season-add] [name=link]", link)
    if path is not None:
        page.set_input_files("[data-season-add] [name=file]", str(path))
    page.click("[data-season-add] button[type=submit]")
    page.wait_for_function(
        "() => document.querySelector('[data-season-add-done]').textContent !== '' ||"
        " !document.querySelector('[data-season-add-error]').hidden")


def table_of(page):
    """{name: {count: value}} as the page's cells hold them (data-value)."""
    return page.evaluate("""() => Object.fromEntries(Array.from(
        document.querySelectorAll('[data-season-table] tbody tr')).map(row => [
            row.dataset.seasonPlayer, Object.fromEntries(Array.from(
                row.querySelectorAll('td[data-season][data-value]')).map(cell => [
                    cell.dataset.season, cell.dataset.value]))]))""")


def cli_rows(tmp_path, items):
    path = tmp_path / "all.json"
    path.write_text(bundle(items), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "engine.season", str(path)], cwd=ROOT,
                          capture_output=True, text=True, timeout=120, check=True)
    return json.loads(done.stdout)["tables"][0]["rows"]


def as_cells(row):
    cells = {}
    for key in KEYS:
        if key == "places":
            cells[key] = " ".join(str(count) for count in row[key])
        elif key == "points":
            tenths = round(row[key] * 10)
            cells[key] = f"{'-' if tenths < 0 else ''}{abs(tenths) // 10}.{abs(tenths) % 10}"
        else:
            cells[key] = str(row[key])
    return cells
