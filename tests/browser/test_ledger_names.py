"""Names on the ledger page (SPEC §10.1) in Chromium: each seat's wind in this hand stands whole
beside its name on a phone's board. The winds following the dealer and the corrections of earlier
hands (SPEC §10.3) against the engine's replay are checked in plain Python
(tests/test_ledger_flows.py::test_winds_follow_the_dealer_and_corrections_replay); a correction
through the history's own buttons is in tests/browser/test_ledger.py's game through the form."""
import pytest

from .ledger_page import add, fill, open_ledger, start, words


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
