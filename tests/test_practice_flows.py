"""The practice page's flows in plain Python (issue 36): the page's own start() and handlers
(site/practice: open_address, on_answer, on_load, on_setup; practice.draw's View) run on the
built page's HTML (tests/soup_page.py), and what they write is read back as
tests/browser/test_practice.py read it off Chromium, against engine.practice and the engine's
answer. Each test names the browser test it was; the browser keeps a right answer in each
language, one wrong answer, a set of ten with Enter, the address on a fresh profile, typed
nonsense and a hostile seed (no markup made), axe, offline, and stored progress across a reload."""
import copy
from urllib.parse import parse_qsl, urljoin

import pytest
from bs4 import BeautifulSoup

import build
import dom
import practice
from engine import calculate
from engine.practice import query_text, question
from practice import present

from .soup_page import Document, browser_hash

INITIAL = copy.deepcopy(practice.state)


def strings(lang):
    return build.load_strings(lang)


class Event:
    def __init__(self, target=None):
        self.target = target

    def preventDefault(self):
        pass


@pytest.fixture
def opened(site, monkeypatch):
    """opened(lang, hash) -> the practice page's document once start() has run on it (its event
    wiring aside: dom.proxy hands the handler back; nothing listens here)."""
    monkeypatch.setattr(dom, "proxy", lambda handler: handler)

    def open_(lang, hash_=""):
        html = (site / lang / "practice" / "index.html").read_text(encoding="utf-8")
        document = Document(html, f"http://127.0.0.1/repo/{lang}/practice/{hash_}")
        practice.page.clear()
        practice.state.clear()
        practice.state.update(copy.deepcopy(INITIAL))
        practice.start(document)
        assert document.documentElement.dataset.engine == "ready"
        return document

    yield open_
    practice.page.clear()
    practice.state.clear()
    practice.state.update(copy.deepcopy(INITIAL))


def shown_question(document):
    """The question the page shows, as {"keys", "answer"}: the keys from its hook, the answer the
    engine's (the browser test's shown_question)."""
    text = document.querySelector("[data-practice-question]").getAttribute("data-practice-keys")
    keys = dict(parse_qsl(text, keep_blank_values=True))
    return {"keys": keys, "answer": calculate(keys)}


def answer(document, shown, mode="all", right=True):
    for field in present.asked(shown, mode):
        value = present.expected(shown, field)
        document.querySelector(f'input[name="{field}"]').value = f"{value:,}" if right else str(value + 100)


def verdict(document):
    result = document.querySelector("[data-practice-result]")
    assert not result.hidden
    return result.getAttribute("data-practice-verdict")


def error_text(document, field):
    box = document.querySelector(f'[data-error="{field}"]')
    return None if box.hidden else box.textContent


@pytest.mark.parametrize("lang", ["ko", "ja"])
@pytest.mark.parametrize("seed", [11, 12, 13])
def test_a_wrong_answer_shows_wrong_and_names_each_yaku(opened, lang, seed):
    """Was tests/browser/test_practice.py::test_a_wrong_answer_shows_wrong_and_names_each_yaku
    (ko, seeds 11-13; the browser keeps seed 11): wrong, the explanation naming each yaku, the
    payments with the amount, the guide's section for what was missed."""
    words = strings(lang)
    document = opened(lang, f"#q={seed}")
    shown = shown_question(document)
    answer(document, shown, right=False)
    practice.on_answer(Event())
    assert verdict(document) == "wrong"
    explained = document.querySelector("[data-practice-explain]").textContent
    for yaku in shown["answer"]["tiles"]["yaku"]:
        name = words["yaku"][yaku["name"]].format(
            wind=words["option"]["seatwind"].get(yaku.get("wind"), ""))
        assert name in explained, (name, explained)
    payments = document.querySelector("[data-practice-payments]").textContent
    assert payments and present.amount(shown["answer"]["payments"][0]["amount"]) in payments
    assert document.querySelector('[data-practice-guide="payment"]').closest("[hidden]") is None


@pytest.mark.parametrize("hash_", ["#q=abc", "#q=-3", "#q=1000000000",
                                   "#q=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E",
                                   "#q=<img src=x onerror=alert(1)>", "#q=5&preset=nope"])
def test_a_seed_that_is_not_ours(opened, hash_):
    """Was tests/browser/test_practice.py::test_a_seed_that_is_not_ours (the browser keeps the
    raw <img>, for the markup never made): the message next to the set's number, and a new set.
    The address as the browser's location.hash hands it over (escaped)."""
    document = opened("ko", browser_hash(hash_))
    assert error_text(document, "seed") == strings("ko")["practice"]["error"]["not_ours"]
    assert document.querySelector("[data-practice-question]").getAttribute("data-practice-keys")
    assert document.querySelectorAll("img") == []


def test_a_typed_seed_opens_its_set_or_says_why_not(opened):
    """Was tests/browser/test_practice.py::test_a_typed_seed_opens_its_set_or_says_why_not: a
    seed that is not a number is said; a full-width one opens its set and writes the address."""
    document = opened("ko", "#q=1")
    document.querySelector("#f-seed").value = "열둘"
    practice.on_load(Event())
    assert error_text(document, "seed") == strings("ko")["practice"]["error"]["seed_bad"]
    document.querySelector("#f-seed").value = "４２"
    practice.on_load(Event())
    assert document.defaultView.location.hash == "#q=42"
    assert document.querySelector("[data-practice-question]").getAttribute("data-practice-keys") == \
        query_text(question(42, 0)["keys"])
    assert error_text(document, "seed") is None


def test_the_preset_and_honba_change_the_rules_and_the_address(opened):
    """Was tests/browser/test_practice.py::test_the_preset_and_honba_change_the_rules_and_the_address."""
    document = opened("ko", "#q=3")
    preset = document.querySelector("#f-preset")
    preset.value = "mleague"
    practice.on_setup(Event(preset))
    assert document.defaultView.location.hash == "#q=3&preset=mleague"
    keys = dict(parse_qsl(document.querySelector("[data-practice-question]").getAttribute(
        "data-practice-keys"), keep_blank_values=True))
    assert keys["kiriage"] == "1" and keys["dwind4"] == "0"
    honba = document.querySelector("#f-honba")
    honba.checked = False
    practice.on_setup(Event(honba))
    assert document.defaultView.location.hash == "#q=3&preset=mleague&honba=0"
    keys = dict(parse_qsl(document.querySelector("[data-practice-question]").getAttribute(
        "data-practice-keys"), keep_blank_values=True))
    assert keys["honba"] == "0"
    assert query_text(keys) == query_text(question(3, 0, "mleague", False)["keys"])


def test_a_limit_hand_asks_no_fu(opened):
    """Was tests/browser/test_practice.py::test_a_limit_hand_asks_no_fu."""
    seed = next(s for s in range(200) if present.limit_hand(question(s, 0))
                and not question(s, 0)["answer"]["tiles"]["yakuman"])
    document = opened("ko", f"#q={seed}")
    assert not document.querySelector('[data-practice-field="han"]').hidden
    assert document.querySelector('[data-practice-field="fu"]').hidden


@pytest.mark.parametrize("lang", ["ko", "ja"])
def test_the_calculator_links_to_practice(site, lang):
    """Was tests/browser/test_practice.py::test_the_calculator_links_to_practice (ko): the
    calculator's link leads to this language's practice page (which boots in the browser tests
    above)."""
    html = (site / lang / "index.html").read_text(encoding="utf-8")
    link = BeautifulSoup(html, "html.parser").select_one("[data-practice-link]")
    assert urljoin(f"http://127.0.0.1/repo/{lang}/", link["href"]) == f"http://127.0.0.1/repo/{lang}/practice/"
    assert (site / lang / "practice" / "index.html").is_file()


@pytest.mark.parametrize("lang", ["ko", "ja"])
def test_not_a_number_and_empty_get_a_message(opened, lang):
    """The values of tests/browser/test_practice.py::test_not_a_number_and_empty_get_a_message
    (which stays in Korean, for the markup never made), in both languages: each field's message,
    no result until every field reads; then right, the message gone."""
    words = strings(lang)["practice"]["error"]
    document = opened(lang, "#q=5")
    shown = shown_question(document)
    fields = present.asked(shown, "all")
    document.querySelector(f'input[name="{fields[0]}"]').value = "<b>세</b>"
    practice.on_answer(Event())
    assert error_text(document, fields[0]) == words["not_a_number"]
    assert error_text(document, fields[-1]) == words["empty"]
    assert document.querySelector("[data-practice-result]").hidden
    assert document.querySelectorAll("b") == []  # nothing typed becomes markup
    answer(document, shown)
    practice.on_answer(Event())
    assert verdict(document) == "right" and error_text(document, fields[0]) is None
