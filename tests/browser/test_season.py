"""Issue 38: the season page in Chromium (SPEC §11.3). Games come in by a game link, by a season
link in the address and by an export file; the table's cells equal the command line's for the
same games; the players' CSV reads back with Python's csv (its BOM stripped) with the right
names; a cut season link and a file that is not ours are said and change nothing; screenshots at
390 px in light and dark (/tmp/shots/season-*.png)."""
import csv
import io
import pathlib

import pytest

import build
from engine.ledger import link as game_link
from engine.ledger import replay
from engine.season import link as season_link
from tests.test_season import bundle, generated_season

from .season_page import add, as_cells, cli_rows, open_season, table_of

SHOTS = pathlib.Path("/tmp/shots")
STRINGS = {lang: build.load_strings(lang) for lang in ("ko", "ja")}


@pytest.mark.parametrize("lang", ["ko", "ja"])
def test_games_by_link_season_link_and_file_give_the_command_lines_table(
        context, base_url, tmp_path, lang):
    items = generated_season(9, seed=90 + len(lang))
    by_game_link, by_season_link, by_file = items[:2], items[2:6], items[6:]
    season = season_link.encode(by_season_link, [])
    page, watch = open_season(context, f"{base_url}{lang}/season/#s={season}")
    assert page.is_visible("[data-season-incoming]")
    # nothing kept yet: the empty table points at the games offered above, not "no games"
    assert page.text_content("[data-season-empty]") == STRINGS[lang]["season"]["say"]["offered"]
    page.click("[data-season-keep]")
    page.wait_for_selector("[data-season-table] tbody tr")
    for game, _started in by_game_link:
        add(page, link=f"{base_url}{lang}/ledger/#g={game_link.encode(game)}")
        assert page.is_hidden("[data-season-add-error]")
    path = tmp_path / "other-phone.json"
    path.write_text(bundle(by_file), encoding="utf-8")
    add(page, path=path)
    # the same file again: nothing more comes in
    add(page, path=path)
    assert page.text_content("[data-season-count]").startswith(
        "대국 9개" if lang == "ko" else "対局数9")
    want = {row["name"]: as_cells(row) for row in cli_rows(tmp_path, items)}
    assert table_of(page) == want
    assert not watch.errors

    # the players' CSV, read back with Python's csv
    with page.expect_download() as waiting:
        page.click("[data-season-csv]")
    data = pathlib.Path(waiting.value.path()).read_bytes().decode("utf-8")
    assert data.startswith("\ufeff")
    read = list(csv.reader(io.StringIO(data[1:])))
    assert sorted(line[0] for line in read[1:]) == sorted(want)
    assert len(read[0]) == len(read[1])
    # numbers as a spreadsheet reads them: a minus below zero, never a plus; the places'
    # header says they are counts apart (ko #15, ja F12)
    assert not [cell for line in read[1:] for cell in line[1:] if cell.startswith("+")]
    assert STRINGS[lang]["season"]["column"]["places_csv"] in read[0]

    # every hand's CSV: a line per hand, each round named in the page's language (the
    # ledger's words, read when this file is first asked for)
    with page.expect_download() as waiting:
        page.click("[data-season-hands-csv]")
    data = pathlib.Path(waiting.value.path()).read_bytes().decode("utf-8")
    assert data.startswith("\ufeff")
    read = list(csv.reader(io.StringIO(data[1:])))
    assert len(read) == 1 + sum(len(game["hands"]) for game, _started in items)
    assert {line[0] for line in read[1:]} == {str(number + 1) for number in range(len(items))}
    assert {"동1국", "남4국"} <= {line[2] for line in read[1:]} if lang == "ko" else \
        {"東1局", "南4局"} <= {line[2] for line in read[1:]}
    # each hand's honba beside its round, as the ledger's replay counts them
    assert read[0][3] == STRINGS[lang]["season"]["hands_csv"]["honba"]
    honba = {}
    for line in read[1:]:
        honba.setdefault(line[0], []).append(int(line[3]))
    assert sorted(honba.values()) == sorted(
        [entry["honba"] for entry in replay({"rules": game["rules"], "hands": game["hands"]})["hands"]]
        for game, _started in items)
    assert not watch.errors

    # a cut season link and a file that is not ours change nothing
    add(page, link=f"{base_url}{lang}/season/#s={season[:len(season) // 2]}")
    assert page.is_visible("[data-season-add-error]")
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "someone-else"}', encoding="utf-8")
    add(page, path=bad)
    assert page.is_visible("[data-season-add-error]")
    assert table_of(page) == want


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_screenshots_at_390(browser, base_url, scheme):
    context = browser.new_context(viewport={"width": 390, "height": 844}, color_scheme=scheme)
    try:
        items = generated_season(14, seed=14)
        page, watch = open_season(context, f"{base_url}ko/season/#s="
                                  f"{season_link.encode(items, [])}")
        page.click("[data-season-keep]")
        page.wait_for_selector("[data-season-table] tbody tr")
        names = page.eval_on_selector_all("[data-season-table] tbody tr",
                                          "rows => rows.map(row => row.dataset.seasonPlayer)")
        page.select_option("[data-season-filters] [name=me]", names[1])
        page.wait_for_selector(f'tr.season-me[data-season-player="{names[1]}"]')
        # the name column stays while the others scroll sideways
        box = page.locator(".season-scroll")
        box.evaluate("box => { box.scrollLeft = 400; }")
        first = page.locator("[data-season-table] tbody tr th").first.bounding_box()
        scroller = box.bounding_box()
        assert abs(first["x"] - scroller["x"]) < 2
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.locator("#season-table-box").screenshot(path=str(SHOTS / f"season-table-{scheme}.png"))
        box.evaluate("box => { box.scrollLeft = 0; }")
        page.locator(".season-chart-box").screenshot(path=str(SHOTS / f"season-chart-{scheme}.png"))
        page.click(f'[data-season-open="{names[1]}"]')
        page.wait_for_selector("[data-season-card]:not([hidden])")
        # best and worst game once there are two games of the player's (ko B8)
        games = page.locator("[data-season-card-games] li").count()
        assert page.is_visible("[data-season-card-worst]") == (games >= 2)
        page.locator("[data-season-card]").screenshot(path=str(SHOTS / f"season-card-{scheme}.png"))
        page.screenshot(path=str(SHOTS / f"season-{scheme}.png"))
        assert not watch.errors
    finally:
        context.close()


def test_a_header_tap_sorts_its_column_and_a_name_stays_text_in_the_chart(context, base_url):
    """One listener for the header row sorts by the column tapped, that header alone marked
    (aria-sort), the other back to "none"; the chart's one write keeps a typed name as text
    (its path's data-player is the name, no element made of it)."""
    hostile = '<b>"&amp;\'x'  # a seat's name keeps twelve characters at most
    items = generated_season(6, seed=61)
    items = [(dict(game, names=[hostile] + game["names"][1:]), started)
             for game, started in items]
    page, watch = open_season(context, f"{base_url}ko/season/#s={season_link.encode(items, [])}")
    page.click("[data-season-keep]")
    page.wait_for_selector("[data-season-table] tbody tr")

    def column(field):
        return page.eval_on_selector_all(
            f'[data-season-table] tbody td[data-season="{field}"]',
            "cells => cells.map(cell => Number(cell.dataset.value))")

    def sorts():
        return page.eval_on_selector_all(
            "[data-season-sort]", "heads => Object.fromEntries(heads.map(head => "
            "[head.dataset.seasonSort, head.getAttribute('aria-sort')]))")

    marked = sorts()
    assert marked["points"] == "descending"
    assert {value for field, value in marked.items() if field != "points"} == {"none"}
    page.click('[data-season-sort="games"] button')
    page.wait_for_function("document.querySelector('[data-season-sort=\"games\"]')"
                           ".getAttribute('aria-sort') === 'descending'")
    assert column("games") == sorted(column("games"), reverse=True)
    page.click('[data-season-sort="games"] button')
    page.wait_for_function("document.querySelector('[data-season-sort=\"games\"]')"
                           ".getAttribute('aria-sort') === 'ascending'")
    assert column("games") == sorted(column("games"))
    marked = sorts()
    assert {value for field, value in marked.items() if field != "games"} == {"none"}

    players = page.eval_on_selector_all("[data-season-chart] path[data-player]",
                                        "paths => paths.map(path => path.dataset.player)")
    assert hostile in players
    assert sorted(players) == sorted(page.eval_on_selector_all(
        "[data-season-table] tbody tr", "rows => rows.map(row => row.dataset.seasonPlayer)"))
    assert page.locator("[data-season-chart] b").count() == 0
    assert page.locator("[data-season-legend] b, [data-season-table] b").count() == 0
    assert not watch.errors
