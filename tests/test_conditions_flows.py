"""The conditions page's flows in plain Python (issue 36): the page's own handlers
(site/conditions: on_link, on_input, update) run on the built page's HTML (tests/soup_page.py),
and what they write is read back as tests/browser/test_conditions_page.py read it off Chromium,
against engine.conditions and the shared presenter. Each test names the browser test it was; the
browser keeps a link opened in each language, the live edits through real controls, one hostile
link, the keyboard and axe."""
from urllib.parse import parse_qs

import pytest

import address
import build
import conditions
import dom
from conditions import present as conditions_present
from engine.conditions import StateError, conditions as answer_of
from engine.conditions.state import read_query

from .soup_page import Document, restore

LANGS = ("ko", "ja")


def strings(lang):
    return build.load_strings(lang)


def expected(query, lang):
    """(the engine's answer, the presenter's texts) for a link's keys (the browser tests')."""
    table, seat, place, riichi = read_query(query)
    answer = answer_of(table, seat, place, riichi)
    return answer, conditions_present.view(answer, table.scores, table.dealer, strings(lang))


def opened(site, lang, query=""):
    """The conditions page of `lang` at `query`, as start() leaves it (its event wiring aside):
    the static page, its form filled from the link (boot.js), then the link read (on_link), or
    the form drawn once (update)."""
    html = (site / lang / "conditions" / "index.html").read_text(encoding="utf-8")
    document = Document(html, f"http://127.0.0.1/repo/{lang}/conditions/{query}")
    restore(document)
    conditions.page.clear()
    conditions.page.update(dom=dom.Page(document), form=document.getElementById("calc"),
                           results=document.getElementById("results"))
    conditions.page["strings"] = conditions.page["dom"].strings()
    conditions.page["link"] = address.Link(conditions.page["dom"], conditions.LINK_MS)
    if document.defaultView.location.search:
        conditions.on_link()
    else:
        conditions.update(conditions.read_form())
    return document


@pytest.fixture(autouse=True)
def _forget_the_page():
    yield
    conditions.page.clear()


class Event:
    def __init__(self, target):
        self.target = target


def set_control(document, selector, value):
    """A control changed as a user changes it (a select's choice, a field's text, a box ticked),
    then the form's input event (on_input)."""
    control = document.querySelector(selector)
    if control.getAttribute("type") == "checkbox":
        control.checked = value
    else:
        control.value = value
    conditions.on_input(Event(control))


def shown(document):
    """Every [data-need] text outside a hidden element (the browser test's `shown`)."""
    return {node.dataset.need: node.textContent for node in document.shown("[data-need]")}


def address_now(document):
    """The address once input has paused (the Link's timer fired): its query's keys."""
    conditions.page["link"].flush()
    return document.defaultView.location.href


def params(document):
    query = address_now(document).split("?", 1)[1] if "?" in address_now(document) else ""
    return {key: values[0] for key, values in parse_qs(query).items()}


def state(document):
    return document.querySelector("#results").getAttribute("data-state")


def error_box(document, field):
    return document.querySelector(f'[data-error="{field}"]')


@pytest.mark.parametrize("lang, four, three", [
    ("ko", "32,000 / 28,500 / 22,000 / 17,500", "41,000 / 35,000 / 29,000"),
    ("ja", "32000,28500,22000,17500", "41000,35000,29000")])
def test_the_default_scores_are_written_as_the_label_says(site, lang, four, three):
    """Was tests/browser/test_conditions_page.py::test_the_default_scores_are_written_as_the_label_says:
    Korean separates players with '/' (so each amount keeps its thousands separator), Japanese
    with commas; either way the default amounts stay out of the address."""
    document = opened(site, lang)
    assert document.querySelector("#f-scores").value == four
    set_control(document, "#f-players", "3")
    assert document.querySelector("#f-scores").value == three
    assert state(document) == "ok"
    assert "scores=" not in address_now(document)
    set_control(document, "#f-players", "4")
    assert document.querySelector("#f-scores").value == four


@pytest.mark.parametrize("lang", LANGS)
def test_static_page_already_shows_the_default_answer(site, lang):
    """Was tests/browser/test_conditions_page.py::test_static_page_already_shows_the_default_answer
    (which read the built file, not the browser)."""
    html = (site / lang / "conditions" / "index.html").read_text(encoding="utf-8")
    _answer, texts = expected({}, lang)
    for hook, (text, hands) in texts.items():
        assert f'data-need="{hook}">{text}<' in html
        assert f'data-need-hands="{hook}">{hands}<' in html


@pytest.mark.parametrize("lang", LANGS)
def test_a_link_is_the_situation(site, lang):
    """The values of tests/browser/test_conditions_page.py::test_a_link_is_the_situation (which
    stays, one boot per language): the link's answer, written by on_link."""
    query = {"scores": "35000,25200,20000,19800", "dealer": "3", "seat": "1", "place": "1",
             "kiriage": "1"}
    document = opened(site, lang, "?" + "&".join(f"{k}={v}" for k, v in query.items()))
    answer, texts = expected(query, lang)
    assert shown(document) == {hook: text for hook, (text, _h) in texts.items()}
    assert document.querySelector("#results").getAttribute("data-need-seat") == "1"
    assert state(document) == "ok"
    # the published example: 5,200 direct, 2,000·4,000 tsumo under kiriage
    assert answer["routes"][0]["need"]["points"] == 5200


def test_live_edits_and_the_url_follows(site):
    """Was tests/browser/test_conditions_page.py::test_live_edits_and_the_url_follows (the browser
    keeps its first part, the edits through real controls): the seat choices' winds, a seat
    asked, three players' errors and the fourth seat's row gone."""
    document = opened(site, "ko")
    set_control(document, "#f-scores", "30000,26500,22000,21500")
    set_control(document, "#f-dealer", "3")
    set_control(document, "#f-riichi", True)
    query = {"scores": "30000,26500,22000,21500", "dealer": "3", "riichi": "1"}
    _answer, texts = expected(query, "ko")
    assert shown(document) == {hook: text for hook, (text, _h) in texts.items()}
    assert shown(document)["draw-noten"] == "리치하면 유국 때는 텐파이예요"
    assert params(document) == query
    # each seat's choice says its wind in this hand: seat 4 deals
    options = [option.textContent for option in document.querySelector("#f-seat").options]
    assert options == ["자리 1(기가 · 남가)", "자리 2(서가)", "자리 3(북가)", "자리 4(동가)"]
    set_control(document, "#f-seat", "0")
    assert document.querySelector("#results").getAttribute("data-need-seat") == "0"
    assert "seat=0" in address_now(document)
    # three players: the fourth seat's row goes, the scores take three values
    set_control(document, "#f-players", "3")
    assert state(document) == "stale"
    assert not error_box(document, "scores").hidden
    set_control(document, "#f-scores", "41000,35000,29000")
    assert not error_box(document, "dealer").hidden  # seat 4 deals: no such seat now
    assert error_box(document, "scores").hidden
    set_control(document, "#f-dealer", "2")
    assert state(document) == "ok"
    assert document.querySelector('[data-need-row="ron-3"]').hidden


@pytest.mark.parametrize("lang", LANGS)
def test_three_players_are_said_as_three(site, lang):
    """Was tests/browser/test_conditions_page.py::test_three_players_are_said_as_three: the
    target menu names each place once (last is third, so "not last" is second), and a dealer on
    the fourth seat is told the three seats there are, as the menu names them."""
    words = strings(lang)["conditions"]
    document = opened(site, lang, "?dealer=3&place=2")
    options = document.querySelector("#f-place").options
    four = [words["place"]["1"], words["place"]["2"], words["place"]["last"]]
    assert [option.textContent for option in options] == four
    set_control(document, "#f-players", "3")
    texts = [option.textContent for option in options]
    assert texts == [words["place"]["1"], words["place"]["last"], words["place"]["3"]]
    assert len(set(texts)) == 3 and options.item(2).disabled
    seats = [words["seat"]["label"].format(n=n) for n in (1, 3)]
    assert error_box(document, "dealer").textContent.strip() == words["error"]["out_of_range_dealer"].format(
        label=words["label"]["dealer"], low=seats[0], high=seats[1])
    set_control(document, "#f-dealer", "0")
    assert state(document) == "ok"
    assert "players=3" in address_now(document)
    set_control(document, "#f-players", "4")
    assert [option.textContent for option in options] == four


@pytest.mark.parametrize("lang", LANGS)
def test_hostile_link_and_bad_input(site, lang):
    """Was tests/browser/test_conditions_page.py::test_hostile_link_and_bad_input in both
    languages (the browser keeps one, for the markup never made): the message, the stale state,
    the last good answer kept while a field is wrong."""
    document = opened(site, lang, "?scores=<img src=x onerror=alert(1)>&seat=1")
    assert document.querySelectorAll("main img") == []
    error = error_box(document, "scores")
    assert not error.hidden and "<img" not in error.textContent
    with pytest.raises(StateError) as refused:
        read_query({"scores": "<img src=x onerror=alert(1)>", "seat": "1"})
    assert error.textContent == conditions_present.error_text(refused.value, strings(lang))
    assert state(document) == "invalid"  # no answer of the user's own yet: the example is none
    assert document.querySelector("#f-scores").getAttribute("aria-invalid") == "true"
    set_control(document, "#f-scores", "32000,28500,22000,17500")
    assert state(document) == "ok"
    before = shown(document)
    for field, value in (("#f-honba", "-1"), ("#f-scores", "32000.5,28500,22000,17500")):
        set_control(document, field, value)
        assert state(document) == "stale"
        assert shown(document) == before  # the last good answer stays, marked stale
        name = field[3:]
        assert not error_box(document, name).hidden
        set_control(document, field, "0" if name == "honba" else "32000,28500,22000,17500")
