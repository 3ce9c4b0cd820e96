"""The term sheet (content/terms.toml, from ../shared/TERMS.md) held against the built pages: every
text a reader meets on the calculator, ledger and other pages of both languages (visible text, title,
aria-label, placeholder, alt, the meta description, and every UI, error and hint string, as embedded
in the pages and as written in content/*/strings.toml) uses no variant the sheet rules out, except
once in the glossary as "also called"; Korean has no 「」 and no 합니다체 endings (the guide,
and the UI strings around it, speak 해요체);
every round name carries its counter (동2국, 東2局).

A failure names the page or file, the place (a string's key, an attribute, the guide), the text
around the word, the word and the sheet's word to use instead."""
import json
import re
import tomllib

import pytest
from bs4 import BeautifulSoup

import build
from ledger import present as ledger_present

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
        found[lang] = items
    return found


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
                      "이번 판", "아가리했다"],
               "ja": ["親2,000、子1,000", "親が{a}点、子の二人が", "子三人が2,000ずつ", "東2 1本場",
                      "和了った人", "持ち点 − 返し点"]}[lang]
    patterns = [pattern for pattern, _v, _w in banned(lang)]
    patterns.append(re.compile(SHEET["style"][f"{lang}_round_re"]))
    for sample in samples:
        assert any(p.search(sample) for p in patterns), sample
    for fine in {"ko": ["자 1,000 / 자 1,000 / 친 2,000", "2,000 올", "동2국 1본장", "아가리야메"],
                 "ja": ["子1,000・子1,000・親2,000", "2,000オール", "東2局1本場", "和了した人"]}[lang]:
        assert not any(p.search(fine) for p in patterns), fine
