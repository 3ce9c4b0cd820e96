"""Hong Kong, MCR and NMJL have no honba, no riichi sticks and no kiriage: the calculator says
nothing of them under those rules (issue 33; reviews ko A5–A6, ja U1). The HK middle card, which
names what it shows (the table value times the point value), is checked in plain Python:
tests/test_rules_without_honba.py."""
import pytest

import build


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
