"""The term sheet (content/terms.toml, from ../shared/TERMS.md) held against the built pages: every
text a reader meets on the calculator, ledger and other pages of both languages (visible text, title,
aria-label, placeholder, alt, the meta description, and every UI, error and hint string, as embedded
in the pages and as written in content/*/strings.toml) uses no variant the sheet rules out, except
once in the glossary as "also called"; Korean has no 「」 and no 합니다체 endings (the guide,
and the UI strings around it, speak 해요체);
every round name carries its counter (동2국, 東2局); a non-dealer tsumo is two amounts, never three
(1,000·2,000); every amount of 1,000 or more has its thousands separator; a page's question
headings take one form (해요체 "…나요?", です・ます "…ですか？").

Besides the built pages, the texts the browser puts together are checked too: the payments card,
the ledger's places, yakuman names and pasted standings, and the conditions lines, each made by
the presenter the page runs (present, ledger_present, conditions_present).

A failure names the page or file, the place (a string's key, an attribute, the guide), the text
around the word, the word and the sheet's word to use instead."""
import json
import re
import tomllib
from datetime import date

import pytest
from bs4 import BeautifulSoup

import build
from calculator import present
from conditions import present as conditions_present
from engine import calculate
from engine.conditions import Table, every_seat, read_rules
from engine.ledger import end, rules_from
from ledger import present as ledger_present
from ledger import summary as ledger_summary

LANGS = ("ko", "ja")
PAGES = ("index.html", "ledger/index.html")  # at least these; any other page of the language too
ATTRIBUTES = ("title", "aria-label", "placeholder", "alt")
SHEET = tomllib.loads((build.CONTENT / "terms.toml").read_text(encoding="utf-8"))
ALSO_CALLED = {"ko": ("라고도", "이라고도"), "ja": ("とも言う", "とも呼ぶ", "とも呼ばれる")}


def banned(lang):
    """(compiled pattern, the variant as the sheet writes it, the word to use) for one language."""
    rules = []
    for concept in SHEET["concept"]:
        word = concept[lang]
        rules += [(re.compile(re.escape(v)), v, word) for v in concept.get(f"{lang}_not", ())]
        rules += [(re.compile(p), p, word) for p in concept.get(f"{lang}_not_re", ())]
    return rules


def pages(site, lang):
    """Every built page of one language (the calculator, the ledger, and any page added since)."""
    found = sorted(str(path.relative_to(site / lang)) for path in (site / lang).rglob("index.html"))
    assert set(PAGES) <= set(found), found
    return found


def walk(table, path=""):
    for key, value in table.items():
        if isinstance(value, dict):
            yield from walk(value, f"{path}{key}.")
        else:
            yield f"{path}{key}", value


@pytest.fixture(scope="module")
def texts(site):
    """lang -> [(where, text, in_glossary, in_guide)] for every text of the built pages and the
    strings files."""
    found = {}
    for lang in LANGS:
        items = []
        for name in pages(site, lang):
            page = f"{lang}/{name}"
            soup = BeautifulSoup((site / lang / name).read_text(encoding="utf-8"), "html.parser")
            for script in soup.find_all("script", type="application/json"):
                for key, value in walk(json.loads(script.string)):
                    items.append((f"{page} strings JSON {key}", value, False, False))
            for script in soup.find_all("script", type="application/ld+json"):
                items.append((f"{page} FAQ data", script.string, False, False))
            for element in soup.find_all(True):
                for attribute in ATTRIBUTES:
                    if element.get(attribute):
                        items.append((f"{page} [{attribute}] of <{element.name}>", element[attribute],
                                      False, False))
            description = soup.find("meta", attrs={"name": "description"})
            items.append((f"{page} meta description", description["content"], False, False))
            for section in soup.select(".guide-section"):
                glossary = section.get("id") == "guide-glossary"
                for block in section.find_all(["p", "li", "tr", "h2", "h3", "blockquote"]):
                    if block.find(["p", "li", "tr"]):  # only the innermost blocks
                        continue
                    items.append((f"{page} guide #{section['id']}", block.get_text(" ", strip=True),
                                  glossary, True))
                section.decompose()
            for junk in soup.find_all(["script", "style"]):
                junk.decompose()
            items.append((f"{page} visible text", soup.get_text("\n", strip=True), False, False))
        strings = tomllib.loads((build.CONTENT / lang / "strings.toml").read_text(encoding="utf-8"))
        items += [(f"content/{lang}/strings.toml {key}", value, False, False)
                  for key, value in walk(strings)]
        items += [(f"run time: {where}", text, False, False) for where, text in runtime_texts(lang)]
        found[lang] = items
    return found


def runtime_texts(lang):
    """[(where, text)] for the texts the pages assemble at run time, from their presenters."""
    strings = build.load_strings(lang)
    words = strings["ledger"]
    items = []
    for mapping in ({"win": "tsumo"}, {"win": "tsumo", "players": "3"}, {"win": "tsumo", "honba": "2"},
                    {"win": "tsumo", "yakuman": "2"}, {"win": "tsumo", "seat": "dealer"}):
        items.append((f"payments card {mapping}", present.payments_text(calculate(mapping), strings)))
    items += [(f"ledger yakuman option {k}", words["yakuman"][str(k)]) for k in range(1, 7)]
    for preset, hands in (("mleague", []), ("tenhou", [
            {"result": "ron", "from": 2, "winners": [{"seat": 1, "han": 3, "fu": 30}], "riichi": []}])):
        record = {"rules": rules_from({"preset": preset}), "hands": hands}
        final = end(record)["final"]  # M-League with no hand: four players share first place
        items.append((f"pasted standings ({preset})",
                      ledger_summary.standings_text(words, record, final, date(2026, 12, 2))))
        items += [(f"final standings row ({preset}) seat {seat}",
                   " ".join(ledger_present.final_cells(words, record, final, seat)))
                  for seat in range(4)]
    for ties in ("seat", "split"):
        rules = {**read_rules(None), "ties": ties}
        table = Table(scores=(32000, 28500, 28500, 11000), dealer=0, honba=1, sticks=1, rules=rules)
        for answer in every_seat(table, 1, 0):
            where = f"conditions lines (ties={ties}) seat {answer['seat']}"
            texts = conditions_present.view(answer, table.scores, table.dealer, strings)
            items += [(where, " / ".join(pair)) for pair in texts.values()]
            items.append((where, conditions_present.rank_text(answer, table.scores, strings, ties)))
            items.append((where, conditions_present.ledger_summary(
                answer, table.scores, "A", texts["tsumo"][0], strings, ties)))
    return items


def around(text, match):
    start, end = max(match.start() - 25, 0), match.end() + 25
    return " ".join(text[start:end].split())


@pytest.mark.parametrize("lang", LANGS)
def test_no_variant_the_sheet_rules_out(texts, lang):
    # both languages' variants: a page names the other language's page in its own words too
    problems, in_glossary = [], {}
    for where, text, glossary, _guide in texts[lang]:
        for pattern, variant, word in banned("ko") + banned("ja"):
            for match in pattern.finditer(text):
                if glossary and any(mark in text for mark in ALSO_CALLED[lang]):
                    in_glossary.setdefault(variant, []).append(where)
                    continue
                problems.append(f"{where}: «{around(text, match)}» has {variant!r}; the sheet's word: {word}")
    for variant, places in in_glossary.items():
        if len(places) > 1:
            problems.append(f"{places[0]}: {variant!r} is named {len(places)} times; once, as 'also called'")
    assert not problems, "\n".join(problems)


def test_korean_uses_korean_quotation_marks(texts):
    problems = [f"{where}: «{around(text, m)}» has {m[0]!r}; Korean quotes are ‘…’ or \"…\""
                for where, text, _g, _guide in texts["ko"]
                for mark in SHEET["style"]["ko_quotes_not"] for m in re.finditer(mark, text)]
    assert not problems, "\n".join(problems)


def hamnida(text):
    """The 합니다체 endings in a text: a syllable closed by ㅂ, then 니다 or 니까 (합니다, 있습니다)."""
    return [m for m in re.finditer(r"([가-힣])니[다까]", text) if (ord(m[1]) - 0xAC00) % 28 == 17]


def test_hamnida_finds_the_formal_endings_only():
    assert [m[0] for m in hamnida("계산합니다. 있습니까? 돼요. 그렇습니다")] == ["합니다", "습니까", "습니다"]
    assert not hamnida("아니다, 나니다, 계산해요, 보니다")


def test_korean_is_haeyo_throughout(texts):
    # the sheet asks it of the guide; the labels, hints, notices and errors around it speak the
    # same 해요체, so that one page does not switch speech levels between a hint and the guide
    problems = [f"{where}: «{around(text, m)}» ends in {m[0]!r}; the pages speak 해요체 (…해요, …예요)"
                for where, text, _g, _guide in texts["ko"] for m in hamnida(text)]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", LANGS)
def test_round_names_carry_their_counter(texts, lang):
    pattern = re.compile(SHEET["style"][f"{lang}_round_re"])
    problems = [f"{where}: «{around(text, m)}» names round {m[0]!r} without its counter (동2국, 東2局)"
                for where, text, _g, _guide in texts[lang] for m in pattern.finditer(text)]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang,names", [("ko", ["동2국", "남4국", "서1국"]),
                                        ("ja", ["東2局", "南4局", "西1局"])])
def test_the_ledgers_round_names_are_made_with_the_counter(lang, names):
    # the names the ledger writes at run time (board, history, the next hand's line)
    words = build.load_strings(lang)["ledger"]
    assert [ledger_present.round_text(words, code) for code in ("E2", "S4", "W1")] == names


def test_final_points_are_soten_in_japanese():
    # 持ち点 meant both the start and the final score: the sheet names them 配給原点 and 素点
    ledger = build.load_strings("ja")["ledger"]
    assert ledger["final"]["points"] == "素点" and "配給原点" in ledger["rule"]["start"]
    assert "持ち点" not in ledger["final"]["note"] + ledger["rule"]["start"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_sheet_catches_what_it_names(lang):
    # each pattern of the sheet matches the variant it was written for (a test that can fail)
    samples = {"ko": ["친 2,000 / 자 1,000", "친이 {a}점, 자 두 사람이", "세 사람 모두 2,000", "동2 1본장",
                      "이번 판", "아가리했다", "1–2위 공동", "{best}–{worst}위 공동", "1배 역만",
                      "꼴찌만 피하기", "점수 장부"],
               "ja": ["親2,000、子1,000", "親が{a}点、子の二人が", "子三人が2,000ずつ", "東2 1本場",
                      "和了った人", "持ち点 − 返し点", "1–2位（同点）", "1倍役満", "満貫に繰り上げる",
                      "国際公式ルール", "いちばん安い和了", "三人麻雀", "3人打ち"]}[lang]
    patterns = [pattern for pattern, _v, _w in banned(lang)]
    patterns.append(re.compile(SHEET["style"][f"{lang}_round_re"]))
    for sample in samples:
        assert any(p.search(sample) for p in patterns), sample
    for fine in {"ko": ["자 1,000 / 자 1,000 / 친 2,000", "2,000 올", "동2국 1본장", "아가리야메", "공동 1위",
                        "더블 역만", "라스 회피", "점수 기록"],
                 "ja": ["子1,000・子1,000・親2,000", "2,000オール", "東2局1本場", "和了した人", "1着（同着）",
                        "ダブル役満", "切り上げ満貫", "最低打点", "三人打ち（三麻）"]}[lang]:
        assert not any(p.search(fine) for p in patterns), fine


@pytest.mark.parametrize("lang", LANGS)
def test_a_tsumo_is_two_amounts_never_three(texts, lang):
    # "1,000·2,000" (non-dealer share, dealer share); "1,000·1,000·2,000" reads as a typo
    pattern = re.compile(SHEET["style"]["three_amounts_re"])
    problems = [f"{where}: «{around(text, m)}» joins three amounts {m[0]!r}; a tsumo is two (1,000·2,000)"
                for where, text, _g, _guide in texts[lang] for m in pattern.finditer(text)]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", LANGS)
def test_amounts_carry_the_thousands_separator(texts, lang):
    pattern = re.compile(SHEET["style"]["amount_bare_re"])
    problems = [f"{where}: «{around(text, m)}» writes {m[0]!r} without its separator ({int(m[0]):,})"
                for where, text, _g, _guide in texts[lang] for m in pattern.finditer(text)]
    assert not problems, "\n".join(problems)


def test_korean_question_headings_take_one_form_on_a_page(site):
    # TERMS.md: headings in one form (noun headings or "-나요?", not a mix); block, table and
    # guide headings alike, since a reader meets them on one page
    lang = "ko"
    plain = re.compile(SHEET["style"]["ko_heading_plain_re"])
    polite = re.compile(SHEET["style"]["ko_heading_polite_re"])
    problems = []
    for name in pages(site, lang):
        soup = BeautifulSoup((site / lang / name).read_text(encoding="utf-8"), "html.parser")
        headings = [h.get_text(" ", strip=True) for h in soup.find_all(["h1", "h2", "h3", "h4", "legend"])]
        polite_ones = [h for h in headings if polite.search(h)]
        plain_ones = [h for h in headings if plain.search(h) and not polite.search(h)]
        if polite_ones and plain_ones:
            problems.append(f"{lang}/{name}: headings {plain_ones} ask in the plain form beside "
                            f"{polite_ones[:2]}…; one form per page")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", LANGS)
def test_the_style_patterns_catch_what_they_name(lang):
    style = SHEET["style"]
    three, bare = re.compile(style["three_amounts_re"]), re.compile(style["amount_bare_re"])
    for sample in ("1,000·1,000·2,000", "300・300・500", "16,000·16,000·32,000"):
        assert three.search(sample), sample
    for fine in ("1,000·2,000", "35,000 · 25,200 · 20,000 · 19,800", "8・10・13", "300・500"):
        assert not three.search(fine), fine
    for sample in ("2000直撃", "3900点", "600・1200ツモ", "35000・25200", "1000점", "2000 올"):
        assert bare.search(sample), sample
    for fine in ("2,000直撃", "2016年版", "2020년", "32000,28500,22000", "600・1,200", "kiriage=1"):
        assert not bare.search(fine), fine
    plain, polite = re.compile(style["ko_heading_plain_re"]), re.compile(style["ko_heading_polite_re"])
    assert all(plain.search(h) and not polite.search(h) for h in ("누가 얼마를 내나", "어떻게 끝났나"))
    assert all(polite.search(h) for h in ("몇 명이 치나요?", "역만인가요?"))
    assert not plain.search("홍콩마작의 번") and not plain.search("부 내역")  # nouns are fine
