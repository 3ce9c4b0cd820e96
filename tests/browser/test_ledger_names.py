"""Names and corrections on the ledger page (SPEC §10.1, §10.3): each seat's wind in this hand
beside its name, and earlier hands changed or deleted in place, checked against the engine's replay
of the record the page stores."""
import pytest

from engine import ledger

from .ledger_page import add, board, cli, fill, open_ledger, start, stored_current, words

HANDS = [
    {"result": "ron", "from": 2, "winners": [{"seat": 1, "han": 3, "fu": 40}], "riichi": []},
    {"result": "tsumo", "winners": [{"seat": 1, "han": 2, "fu": 30}], "riichi": []},
    {"result": "draw", "tenpai": [0, 2], "riichi": []},
]


# Two to four characters each (SPEC §10.1): on a phone's board each stays whole, its wind beside it.
NAMES = {"ko": ["민수", "지영", "박서준", "김하늘별"], "ja": ["翔太", "さくら", "たかはし", "美咲"]}
# Each shown seat's name and wind against its card: the wind shown whole inside the card (not
# cut off or pushed out by the marks), the name not shortened.
FITS = """() => [...document.querySelectorAll('[data-ledger-seat]')].filter(s => s.offsetParent).map(s => {
  const card = s.querySelector('[data-ledger-ref]').getBoundingClientRect();
  const wind = s.querySelector('[data-ledger-wind]'), box = wind.getBoundingClientRect();
  const line = wind.parentElement.getBoundingClientRect(), name = s.querySelector('[data-ledger-name]');
  const inside = r => box.left >= r.left - .5 && box.right <= r.right + .5
                      && box.top >= r.top - .5 && box.bottom <= r.bottom + .5;
  return {wind: wind.textContent, whole: box.width > 0 && inside(card) && inside(line),
          name: name.scrollWidth <= name.clientWidth};
})"""


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


@pytest.mark.parametrize("lang", ["ko", "ja"])
def test_the_wind_stands_whole_beside_the_name_on_a_phone(context, base_url, lang):
    said = words(lang)
    page, watch = open_ledger(context, base_url, lang)
    for seat, name in enumerate(NAMES[lang]):
        page.fill(f"#lr-name-{seat}", name)
    start(page)
    # East 1: seat 0 carries the first dealer's mark and the dealer's. After a draw the dealer
    # was noten: seat 1 deals, seat 0 (North) keeps the first dealer's mark.
    noten = {"result": "draw", "tenpai": [2], "riichi": []}
    for played, dealer in (((), 0), ((noten,), 1)):
        for hand in played:
            fill(page, hand)
            add(page)
        winds = [said["seat_wind"][str((seat - dealer) % 4)] for seat in range(4)]
        for width in (360, 390, 412):
            page.set_viewport_size({"width": width, "height": 844})
            seats = page.evaluate(FITS)
            assert [seat["wind"] for seat in seats] == winds
            assert all(seat["whole"] and seat["name"] for seat in seats), (width, seats)
            for seat in range(4):
                assert page.locator(f'[data-ledger-wind="{seat}"]').is_visible()
    watch.clean()
