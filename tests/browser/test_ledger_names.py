"""Names and corrections on the ledger page (SPEC §10.1, §10.3): each seat's wind in this hand
beside its name, and earlier hands changed or deleted in place, checked against the engine's replay
of the record the page stores."""
import pytest

from engine import ledger

from .test_ledger import add, board, cli, fill, open_ledger, start, stored_current, words

HANDS = [
    {"result": "ron", "from": 2, "winners": [{"seat": 1, "han": 3, "fu": 40}], "riichi": []},
    {"result": "tsumo", "winners": [{"seat": 1, "han": 2, "fu": 30}], "riichi": []},
    {"result": "draw", "tenpai": [0, 2], "riichi": []},
]


def stored(page):
    return stored_current(page)["record"]


def scores(page):
    return board(page)["scores"]


@pytest.mark.parametrize("lang", ["ko", "ja"])
def test_winds_follow_the_dealer_and_corrections_replay(context, base_url, lang):
    said = words(lang)
    page, watch = open_ledger(context, base_url, lang)
    start(page)
    block = page.locator('[data-ledger-seat="1"]')
    assert said["seat_wind"]["1"] in block.inner_text()
    fill(page, HANDS[0])
    add(page)
    # Seat 1 won as a non-dealer: the deal moved to it, so it is East now, seat 0 is North.
    assert said["seat_wind"]["0"] in block.inner_text()
    assert said["seat"]["1"] in block.inner_text()
    assert said["seat_wind"]["3"] in page.inner_text('[data-ledger-seat="0"]')
    for hand in HANDS[1:]:
        fill(page, hand)
        add(page)
    # The dealer (seat 1) was noten at the draw: seat 2 deals, seat 1 is North.
    assert said["seat_wind"]["3"] in block.inner_text()
    record = stored(page)
    assert scores(page) == cli({"rules": record["rules"], "hands": record["hands"]})["next"]["scores"]

    # Delete the first hand: the game replays from there, as the engine does.
    page.click('[data-ledger-delete="0"]')
    page.wait_for_function("document.querySelectorAll('[data-ledger-history] tr').length === 2")
    record = stored(page)
    assert [h["result"] for h in record["hands"]] == ["tsumo", "draw"]
    assert scores(page) == ledger.replay(record)["next"]["scores"]
    # One tap undoes the change.
    page.click("[data-ledger-undo]")
    page.wait_for_function("document.querySelectorAll('[data-ledger-history] tr').length === 3")
    assert [h["result"] for h in stored(page)["hands"]] == ["ron", "tsumo", "draw"]

    # Edit the second hand into a bigger tsumo.
    page.click('[data-ledger-edit="1"]')
    assert page.is_checked("#lh-result-tsumo") and page.is_checked("#lh-winner-1")
    page.select_option("#lh-han-1", "4")
    page.click("[data-ledger-add]")
    page.wait_for_function("document.querySelector('[data-ledger-editing]').hidden")
    record = stored(page)
    assert record["hands"][1]["winners"][0]["han"] == 4
    assert len(record["hands"]) == 3
    assert scores(page) == ledger.replay(record)["next"]["scores"]

    # An edit that busts a seat before the third hand is refused and changes nothing.
    before, shown = stored(page), scores(page)
    history = page.inner_text("[data-ledger-history]")
    page.click('[data-ledger-edit="0"]')
    page.select_option("#lh-yakuman-1", "2")
    page.click("[data-ledger-add]")
    message = page.locator('#ledger-hand [data-ledger-error="hand"]')
    message.wait_for(state="visible")
    assert said["named"]["ends_before"].format(n=2, round=said["board"]["round"].format(
        wind=said["wind"]["E"], number=2)) == message.inner_text().strip()
    assert stored(page) == before and scores(page) == shown
    assert page.inner_text("[data-ledger-history]") == history
    watch.clean()
