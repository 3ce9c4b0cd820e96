"""Every page fits a phone's width, and the calculator's answer stays on screen while tiles are
tapped (issue 33, F1 and F5), in Chromium's phone emulation: the page's own viewport, touch.

Once a page lays out wider than the phone, Chromium zooms it out to fit: the layout viewport
grows (427 × 925 at 390 × 844, once) and the fixed result bar sits below the screen.
"""
import io

import pytest
from PIL import Image

import build

from .conftest import READY

LANGS = ("ko", "ja")
STRINGS = {lang: build.load_strings(lang) for lang in LANGS}
WIDTHS = (360, 390, 412)
# Pages the build is known to write; the test also takes any other page it finds.
KNOWN = {"", "ko/", "ja/", "ko/ledger/", "ja/ledger/", "ko/conditions/", "ja/conditions/"}
# A closed ron by tiles: tanyao, pinfu, a red five (3 han 30 fu); the 14th tile is the winner.
TAPS = ("2m", "3m", "4m", "0p", "6p", "7p", "5s", "5s", "3s", "4s", "5s", "6s", "7s", "8s")
ACCENT = (0x1F, 0x5F, 0x4A)  # --accent in the light scheme: the result bar's background
RECT = "el => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }"


def phone(browser, width, height, **options):
    return browser.new_context(viewport={"width": width, "height": height}, is_mobile=True,
                               has_touch=True, device_scale_factor=1, **options)


def built_pages(site_root):
    """Every page the build wrote, as a path under the site's root ("" for the root itself)."""
    root = site_root / "repo"
    folders = (path.parent.relative_to(root).as_posix() for path in root.glob("**/index.html"))
    return sorted("" if folder == "." else folder + "/" for folder in folders)


def width_of(page):
    return page.evaluate("[document.documentElement.scrollWidth, innerWidth]")


def open_live(page, url):
    page.goto(url)
    if page.locator("html[data-engine]").count():  # a page with the engine: once it is live
        page.wait_for_selector(READY, timeout=60_000)


def test_no_page_is_wider_than_the_phone(browser, base_url, site_root):
    pages = built_pages(site_root)
    assert set(pages) >= KNOWN, pages
    context = phone(browser, 390, 844)
    page = context.new_page()
    wide = {}
    for path in pages:
        open_live(page, base_url + path)
        for width in WIDTHS:
            page.set_viewport_size({"width": width, "height": 844})
            scroll_width, inner_width = width_of(page)
            if scroll_width > width or inner_width != width:
                wide[f"{path or '/'} at {width}"] = (scroll_width, inner_width)
    context.close()
    assert wide == {}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("query", ["?rule=riichi&fumode=tiles&hand=234m067p55s345s67s&agari=8s",
                                   "?rule=riichi&fumode=tiles&hand=1112345678999m",
                                   "?rule=hk", "?rule=mcr", "?rule=nmjl",
                                   "?rule=riichi&players=3&fumode=count"])
def test_the_calculator_fits_the_phone_in_every_mode(browser, base_url, lang, query):
    context = phone(browser, 360, 640)
    page = context.new_page()
    open_live(page, f"{base_url}{lang}/{query}")
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 640})
        assert width_of(page) == [width, width], (query, width)
    context.close()


def rect(page, selector):
    return page.locator(selector).first.evaluate(RECT)


@pytest.mark.parametrize("lang", LANGS)
def test_the_result_bar_and_the_hand_stay_on_screen_while_tiles_are_tapped(browser, base_url, lang):
    context = phone(browser, 390, 844, color_scheme="light")
    page = context.new_page()
    open_live(page, f"{base_url}{lang}/?rule=riichi&fumode=tiles")
    for count, tile in enumerate(TAPS, start=1):
        page.tap(f'[data-tiles-palette] [data-tile="{tile}"]')
        page.wait_for_function(f"document.querySelector('[data-tiles-count]').textContent"
                               f".startsWith('{count}/')")
        assert width_of(page) == [390, 390]
        left, top, right, bottom = rect(page, ".dock")
        assert (left, right) == (0, 390) and 0 < top < bottom <= 844, (tile, top, bottom)
        _l, hand_top, _r, hand_bottom = rect(page, "[data-tiles-hand]")
        assert hand_top >= 0 and hand_bottom <= top, (tile, hand_top, hand_bottom)  # above the bar
    total = page.locator('[data-result="total"] [data-value]').inner_text().strip()
    assert total == "3,900"
    assert page.locator("[data-dock-total]").inner_text().strip() == total
    # the screen itself: the bar's colour along the bottom of the picture, the total in it
    shot = Image.open(io.BytesIO(page.screenshot())).convert("RGB")
    assert shot.size == (390, 844)
    for x in (5, 195, 385):
        assert shot.getpixel((x, 840)) == ACCENT, x
    assert page.locator("[data-dock-total]").is_visible()
    context.close()


@pytest.mark.parametrize("lang", LANGS)
def test_the_hand_strip_sticks_above_the_palette(browser, base_url, lang):
    context = phone(browser, 390, 844)
    page = context.new_page()
    open_live(page, f"{base_url}{lang}/?rule=riichi&fumode=tiles&hand=234m067p55s345s67s")
    # scrolled so the palette starts at the top of the screen: the strip has come along
    page.locator("[data-tiles-palette]").evaluate(
        "el => window.scrollBy(0, el.getBoundingClientRect().top)")
    _l, strip_top, _r, strip_bottom = rect(page, "[data-tiles-strip]")
    assert strip_top == 0 and strip_bottom < 844 / 4
    assert page.locator('[data-tiles-hand] [data-held="2m"]').is_visible()
    # and there is a place where the strip, the whole palette and the bar are all on screen
    page.locator("[data-tiles-palette]").evaluate(
        "el => window.scrollBy(0, el.getBoundingClientRect().bottom"
        " - document.querySelector('.dock').getBoundingClientRect().top + 4)")
    _l, strip_top, _r, strip_bottom = rect(page, "[data-tiles-strip]")
    _l, palette_top, _r, palette_bottom = rect(page, "[data-tiles-palette]")
    _l, dock_top, _r, dock_bottom = rect(page, ".dock")
    assert 0 <= strip_top < strip_bottom <= palette_top < palette_bottom <= dock_top < dock_bottom <= 844
    context.close()


@pytest.mark.parametrize("width", [360, 390])
def test_each_suit_of_the_palette_is_one_row(browser, base_url, width):
    context = phone(browser, width, 640)
    page = context.new_page()
    open_live(page, f"{base_url}ko/?rule=riichi&fumode=tiles")
    suits = page.locator("[data-tiles-palette] .tiles-suit").evaluate_all(
        "suits => suits.map(suit => [...suit.children].map(tile => {"
        " const r = tile.getBoundingClientRect(); return [r.top, r.width, r.height]; }))")
    assert [len(suit) for suit in suits] == [10, 10, 10, 7]
    for suit in suits:
        assert len({top for top, _w, _h in suit}) == 1  # one row
        for _top, tile_width, tile_height in suit:
            assert tile_width >= 28 and tile_height >= 44  # a fingertip's height, 24 px and more
    context.close()
