"""The calculator's HK middle card in plain Python (issue 36): it names what it shows, the table
value times the point value. Was tests/browser/test_rules_without_honba.py's
test_the_hk_middle_card_is_the_amount_before_splitting; what the page shows or hides under each
rule (honba, the table rules' hints) stays there."""
import json

import pytest
from bs4 import BeautifulSoup

import build
import engine
from calculator import present
from engine.query import parse

LANGS = ("ko", "ja")
STRINGS = {lang: build.load_strings(lang) for lang in LANGS}


def page_strings(site, lang):
    """The strings the calculator page binds (its #strings)."""
    html = BeautifulSoup((site / lang / "index.html").read_text(encoding="utf-8"), "html.parser")
    return json.loads(html.find(id="strings").string)


@pytest.mark.parametrize("lang", LANGS)
def test_the_hk_middle_card_is_the_amount_before_splitting(site, lang):
    # The form as the browser test set it: the defaults, Hong Kong rules, 2 fan, a point value of
    # 2.5; the page reads it (engine.query.parse), calculates and draws its view (site/calculator).
    mapping = {**engine.DEFAULTS, "rule": "hk", "fan": "2", "unit": "2.5"}
    view = present.view(engine.calculate_values(parse(mapping)), page_strings(site, lang))
    label = view["middle_label"]
    assert label == STRINGS[lang]["card"]["middle_hk"]
    # the table value of 2 fan is 4; times the point value 2.5 is what the card shows
    glossary = {"ko": ("환산 점수", "1점의 값"), "ja": ("表の点数", "レート")}[lang]
    assert all(word in label for word in glossary)
    assert view["middle"] == "10"
