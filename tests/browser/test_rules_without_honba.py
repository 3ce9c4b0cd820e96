"""Hong Kong, MCR and NMJL have no honba, no riichi sticks and no kiriage: the calculator says
nothing of them under those rules (issue 33; reviews ko A5–A6, ja U1), and the HK middle card
names what it shows, the table value times the point value."""
import pytest

import build

from .helpers import card, set_state

LANGS = ("ko", "ja")
STRINGS = {lang: build.load_strings(lang) for lang in LANGS}
HONBA = "[data-who-pays] [data-honba], #who-pays thead th:nth-child(3)"
HINTS = {"riichi": "table_rules_hint", "hk": "table_rules_hint_hk", "nmjl": "table_rules_hint_nmjl"}



def visible_hints(page):
    hints = page.locator("#table-rules .summary-hint")
    return [hints.nth(i).inner_text().strip() for i in range(hints.count()) if hints.nth(i).is_visible()]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("rule", ["riichi", "hk", "mcr", "nmjl"])
def test_honba_is_said_only_under_riichi(open_page, lang, rule):
    words = STRINGS[lang]["block"]
    page, watch = open_page(lang, f"?rule={rule}")
    cells = page.locator(HONBA)
    visible = [cells.nth(i).is_visible() for i in range(cells.count())]
    assert visible == [rule == "riichi"] * 4  # the heading and the three payers' cells
    if rule == "mcr":  # no table rules at all
        assert page.locator("#table-rules").is_hidden()
    else:
        assert visible_hints(page) == [words[HINTS[rule]]]
    if rule != "riichi":
        for word in {"ko": ("본장", "공탁", "절상만관"), "ja": ("本場", "供託", "切り上げ")}[lang]:
            assert word not in " ".join(visible_hints(page))
    watch.clean()


@pytest.mark.parametrize("lang", LANGS)
def test_the_hk_middle_card_is_the_amount_before_splitting(open_page, lang):
    page, watch = open_page(lang)
    set_state(page, rule="hk", fan="2")
    page.fill("#f-unit", "2.5")
    label = page.locator("[data-middle-label]").inner_text().strip()
    assert label == STRINGS[lang]["card"]["middle_hk"]
    # the table value of 2 fan is 4; times the point value 2.5 is what the card shows
    glossary = {"ko": ("환산 점수", "1점의 값"), "ja": ("表の点数", "レート")}[lang]
    assert all(word in label for word in glossary)
    assert card(page, "middle") == "10"
    watch.clean()
