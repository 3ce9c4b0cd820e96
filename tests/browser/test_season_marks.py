"""Issue 38's leftovers, in Chromium: two copies of one game that disagree are both kept and marked
on the page (said, listed, and marked in a player's card); the season file goes to the phone's
share sheet as a File (navigator.share stubbed) or, where the browser shares no files, is saved
as a download; nothing new added is said as such; a date range that runs backwards is said next
to its field; an alias with an empty name or to the same name is refused and said. And the page
reads the summaries the shelf keeps (the fingerprints the page works out in JavaScript equal
Python's), counts a stale one again, and shows the command line's table."""
import json
import re

import pytest

from engine.ledger.envelope import BUNDLE, VERSION, envelope
from engine.ledger.games import open_shelf
from engine.ledger.storage import GAME, SUMMARY, MemoryStorage
from tests.test_season import NOW, bundle, generated_season, played_game

from .conftest import READY
from .season_page import add, as_cells, cli_rows, open_season, table_of

# navigator.share and canShare stubbed before the page's scripts: what share() is given is kept
# (the file's name, type and text), and canShare answers as window.__canShare says.
SHARE_STUB = """(() => {
  window.__shared = null;
  window.__canShare = true;
  navigator.canShare = data => window.__canShare && Array.isArray(data.files);
  navigator.share = async data => {
    const file = data.files[0];
    window.__shared = {name: file.name, type: file.type, text: await file.text(),
                       isFile: file instanceof File};
  };
})();"""


def words(lang):
    import tomllib

    from tests.conftest import ROOT

    return tomllib.loads((ROOT / "content" / lang / "strings.toml").read_text("utf-8"))["season"]


def disagreeing():
    """Two copies of one game (one uid) whose hands part after the second hand."""
    game = played_game(21)
    other = dict(game, hands=game["hands"][:2] + played_game(22)["hands"][:3])
    return game, other


@pytest.mark.parametrize("lang", ["ko", "ja"])
def test_two_disagreeing_copies_are_both_kept_and_marked(context, base_url, tmp_path, lang):
    game, other = disagreeing()
    page, watch = open_season(context, f"{base_url}{lang}/season/")
    page.check("[data-season-filters] [name=progress]")  # these games are not over yet
    path = tmp_path / "two.json"
    path.write_text(bundle([(game, NOW), (other, NOW), (played_game(23), NOW)]), "utf-8")
    add(page, path=path)
    says = words(lang)
    assert page.is_visible("[data-season-conflicts]")
    assert page.text_content("[data-season-conflicts]") == says["say"]["conflicts"].format(n=2)
    marked = page.eval_on_selector_all("[data-season-conflict-list] li", """items => items.map(
        item => [item.dataset.seasonConflict, item.textContent])""")
    assert [uid for uid, _text in marked] == [game["uid"]] * 2
    hands = sorted(int(re.search(r"(\d+)[국局]", text).group(1)) for _uid, text in marked)
    assert hands == sorted([len(game["hands"]), len(other["hands"])])
    mark = says["card"]["marked"].format(line="", mark=says["say"]["conflict_mark"])  # (…) / （…）
    assert all(text.endswith(mark) for _uid, text in marked)
    # both copies count: Ann played three games
    assert table_of(page)["Ann"]["games"] == "3"
    page.click('[data-season-open="Ann"]')
    page.wait_for_selector("[data-season-card]:not([hidden])")
    lines = page.eval_on_selector_all("[data-season-card-games] li", """items => items.map(
        item => [item.dataset.seasonConflict || "", item.textContent])""")
    assert sorted(uid for uid, _text in lines) == ["", game["uid"], game["uid"]]
    assert sum(text.endswith(mark) for _uid, text in lines) == 2
    assert not watch.errors


def test_the_season_file_goes_to_the_share_sheet_as_a_file(context, base_url):
    context.add_init_script(SHARE_STUB)
    items = generated_season(3, seed=5)
    page, watch = open_season(context, f"{base_url}ko/season/")
    add(page, link=bundle(items))  # an export file's text goes in where a link does
    page.click("[data-season-file]")
    page.wait_for_function("() => window.__shared !== null")
    shared = page.evaluate("() => window.__shared")
    assert shared["isFile"] and shared["name"] == "season.json"
    assert shared["type"] == "application/json"
    data = json.loads(shared["text"])
    assert data["format"] == BUNDLE and data["version"] == VERSION
    assert sorted(item["uid"] for item in data["games"]) == sorted(g["uid"] for g, _s in items)
    assert page.text_content("[data-season-link-note]") == words("ko")["export"]["shared"]

    # A browser that shares no files: the same file is saved as a download.
    page.evaluate("() => { window.__canShare = false; window.__shared = null; }")
    with page.expect_download() as waiting:
        page.click("[data-season-file]")
    download = waiting.value
    assert download.suggested_filename == "season.json"
    with open(download.path(), encoding="utf-8") as file:
        saved = json.loads(file.read())
    assert [(item["uid"], item["record"]) for item in saved["games"]] == [
        (item["uid"], item["record"]) for item in data["games"]]
    assert page.evaluate("() => window.__shared") is None
    assert not watch.errors


@pytest.mark.parametrize("lang", ["ko", "ja"])
def test_nothing_new_a_backwards_range_and_bad_aliases_are_said(context, base_url, tmp_path,
                                                                lang):
    says = words(lang)
    page, watch = open_season(context, f"{base_url}{lang}/season/")
    path = tmp_path / "one.json"
    path.write_text(bundle(generated_season(2, seed=8)), "utf-8")
    add(page, path=path)
    assert page.text_content("[data-season-add-done]") == says["add"]["added"].format(n=2)
    add(page, path=path)
    done = page.text_content("[data-season-add-done]")
    assert done.startswith(says["add"]["none_new"])
    assert says["add"]["already"].format(n=2) in done

    # a date range that runs backwards: said next to the date, not as "no games"
    page.fill("[data-season-filters] [name=from]", "2026-05-01")
    page.fill("[data-season-filters] [name=to]", "2026-02-01")
    page.dispatch_event("[data-season-filters] [name=to]", "change")
    box = page.locator('[data-error="to"]')
    box.wait_for(state="visible")
    assert box.text_content() == says["filter"]["backwards"]
    assert page.get_attribute("[data-season-filters] [name=to]", "aria-invalid") == "true"
    assert page.is_hidden("[data-season-empty]")
    assert page.locator("[data-season-table] tbody tr").count() == 0
    page.fill("[data-season-filters] [name=from]", "2026-01-01")  # the games' days
    page.fill("[data-season-filters] [name=to]", "2026-12-31")
    page.dispatch_event("[data-season-filters] [name=to]", "change")
    box.wait_for(state="hidden")
    # games kept, but no member has played 99 of them: the filters are said, not "no games yet"
    page.fill("[data-season-filters] [name=min]", "99")
    page.dispatch_event("[data-season-filters] [name=min]", "change")
    page.locator("[data-season-empty]").wait_for(state="visible")
    assert page.text_content("[data-season-empty]") == says["say"]["filtered"]
    page.fill("[data-season-filters] [name=min]", "0")
    page.dispatch_event("[data-season-filters] [name=min]", "change")
    page.locator("[data-season-empty]").wait_for(state="hidden")
    assert page.locator("[data-season-table] tbody tr").count() > 0

    # aliases: an empty name, then a name joined to itself (folded the same), are refused
    page.click(".season-aliases summary")
    page.fill("[data-season-alias-form] [name=first]", "Ann")
    page.click("[data-season-alias-form] button[type=submit]")
    assert page.text_content('[data-error="second"]') == says["alias"]["empty"]
    page.fill("[data-season-alias-form] [name=second]", " ANN ")
    page.click("[data-season-alias-form] button[type=submit]")
    assert page.is_hidden('[data-error="first"]')
    assert page.text_content('[data-error="second"]') == says["alias"]["same"]
    assert page.locator("[data-season-aliases] li").count() == 0
    page.fill("[data-season-alias-form] [name=second]", "Anna")
    page.click("[data-season-alias-form] button[type=submit]")
    page.wait_for_selector("[data-season-aliases] li")
    assert page.is_hidden('[data-error="second"]')
    assert not watch.errors


def test_the_page_reads_the_kept_summaries_and_counts_a_stale_one_again(context, base_url,
                                                                        tmp_path):
    items = generated_season(12, seed=12)
    storage = MemoryStorage()
    shelf = open_shelf(storage, NOW)
    ids = [shelf.add(game, started, current=False) for game, started in items]
    # one game changed behind its summary (an earlier build's page, another tab)
    changed = dict(items[4][0], hands=items[4][0]["hands"][:5])
    storage.setItem(GAME + ids[4], envelope(changed, ids[4], items[4][1], NOW))
    page, _watch = open_season(context, f"{base_url}ko/season/")
    page.evaluate("""items => { localStorage.clear();
        for (const [key, text] of items) localStorage.setItem(key, text); }""",
                  list(storage.items.items()))
    page.reload()
    page.wait_for_selector(READY)
    page.check("[data-season-filters] [name=progress]")  # the changed game is not over
    after = page.evaluate("""() => Object.fromEntries(Object.keys(localStorage)
        .filter(key => key.startsWith('mahjong-ledger.summary.'))
        .map(key => [key, localStorage.getItem(key)]))""")
    # read as kept (JavaScript's fingerprints equal Python's), but the stale one counted again
    assert {key for key in after if after[key] != storage.items[key]} == {SUMMARY + ids[4]}
    assert json.loads(after[SUMMARY + ids[4]])["hands"] == 5
    wanted = [(changed if number == 4 else game, started)
              for number, (game, started) in enumerate(items)]
    want = {row["name"]: as_cells(row) for row in cli_rows(tmp_path, wanted)}
    assert table_of(page) == want


@pytest.mark.parametrize("lang", ["ko", "ja"])
def test_a_game_with_no_named_seat_is_said_to_count_no_member(context, base_url, lang):
    """Seats left A, B, C… are no one's: a season of such a game says so, not "change the
    filters" (fourth readers: ko A1, ja B5)."""
    from engine.season import link as season_link

    game, started = generated_season(1, seed=7)[0]
    unnamed = dict(game, names=[])
    page, watch = open_season(context, f"{base_url}{lang}/season/#s="
                                       f"{season_link.encode([(unnamed, started)], [])}")
    page.click("[data-season-keep]")
    page.locator("[data-season-empty]").wait_for(state="visible")
    assert page.text_content("[data-season-empty]") == words(lang)["say"]["unnamed"]
    assert not watch.errors
