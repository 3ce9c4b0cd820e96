"""The game ledger pages as built: hooks, form names, presets, strings, guide facts, precache."""
import json
import re
import tomllib
from urllib.parse import urlparse

import pytest
from bs4 import BeautifulSoup

import build
from engine import ledger
from ledger import present as ledger_present
from engine.ledger.record import RESULTS
from engine.presets import FIELDS, NAMES, PRESETS, preset_rules

LANGS = ("ko", "ja")
HAND_KEYS = {"result", "from", "winner", "han", "fu", "yakuman", "pao", "riichi", "tenpai",
             "nagashi", "seat"}



@pytest.fixture(scope="module")
def pages(site):
    return {lang: BeautifulSoup((site / lang / "ledger" / "index.html").read_text(encoding="utf-8"),
                                "html.parser") for lang in LANGS}


def strings(lang):
    return tomllib.loads((build.CONTENT / lang / "strings.toml").read_text(encoding="utf-8"))


def guide(lang, name):
    return (build.CONTENT / lang / "ledger" / name).read_text(encoding="utf-8")


def number(text):
    # a final result is written "+50.1pt" (TERMS.md); the value is the number before the unit
    return float(text.replace(",", "").replace("\u2212", "-").replace(" ", "").removesuffix("pt"))


@pytest.mark.parametrize("lang", LANGS)
def test_head_and_csp_as_the_calculator(site, pages, lang):
    page = pages[lang]
    calculator = BeautifulSoup((site / lang / "index.html").read_text(encoding="utf-8"), "html.parser")
    assert page.html["lang"] == lang
    assert page.title.string.strip() == strings(lang)["ledger"]["meta"]["title"]
    csp = {"http-equiv": "Content-Security-Policy"}
    assert page.find("meta", attrs=csp)["content"] == calculator.find("meta", attrs=csp)["content"]
    script = page.find("script", type="mpy")
    assert "from ledger import start" in script.string
    config = json.loads(page.find("mpy-config").string)
    calculator_config = json.loads(calculator.find("mpy-config").string)
    assert config["interpreter"] == "../" + calculator_config["interpreter"]
    assert (site / urlparse(config["interpreter"]).path.replace("../../", "")).is_file()


@pytest.mark.parametrize("lang", LANGS)
def test_hooks_for_tests(pages, lang):
    page = pages[lang]
    for hook in ("round", "honba", "sticks", "add", "undo", "import", "import-go"):
        assert len(page.select(f"[data-ledger-{hook}]")) == 1, hook
    assert [e["data-ledger-score"] for e in page.select("[data-ledger-score]")] == ["0", "1", "2", "3"]
    assert page.select_one("[data-ledger-import]").name == "textarea"


@pytest.mark.parametrize("lang", LANGS)
def test_control_names_are_the_record_keys(pages, lang):
    page = pages[lang]
    hand = {field["name"] for field in page.select("#ledger-hand [name]")}
    assert hand == HAND_KEYS
    for name in ("winner", "riichi", "tenpai", "nagashi"):
        assert [box["value"] for box in page.select(f'#ledger-hand input[name="{name}"]')] == \
            ["0", "1", "2", "3"]
    setup = {field["name"] for field in page.select("#ledger-rules [name]")}
    assert setup == set(FIELDS) | {"preset", "name"}
    for field in page.select("#ledger-rules input, #ledger-rules select, #ledger-hand select"):
        assert page.select_one(f'label[for="{field["id"]}"]') or field.find_parent("label") \
            or field["type"] in ("radio",), field["id"]


@pytest.mark.parametrize("lang", LANGS)
def test_setup_opens_on_the_first_preset_with_every_rule_filled(pages, lang):
    page = pages[lang]
    preset = page.select_one("#lr-preset")
    assert [o["value"] for o in preset.find_all("option")] == [*NAMES, "custom"]
    assert preset.find("option", selected=True)["value"] == NAMES[0]
    rules = preset_rules(NAMES[0], 4)
    for field, choices in FIELDS.items():
        if field == "uma":
            shown = [int(box["value"]) for box in page.select('input[name="uma"]')]
            assert shown == rules["uma"]
        elif field == "players":
            assert page.select_one('input[name="players"][checked]')["value"] == "4"
        elif choices == (0, 1):
            assert page.select_one(f'input[name="{field}"]').has_attr("checked") == bool(rules[field])
        elif choices is None:
            assert int(page.select_one(f'input[name="{field}"]')["value"]) == rules[field]
        else:
            chosen = page.select_one(f'select[name="{field}"] option[selected]')["value"]
            assert chosen == rules[field], field
    four_only = [o["value"] for o in preset.find_all("option")
                 if strings(lang)["ledger"]["setup"]["four_only"] in o.text]
    assert four_only == [name for name in NAMES if 3 not in PRESETS[name]["seats"]]


@pytest.mark.parametrize("lang", LANGS)
def test_every_ledger_code_and_choice_has_words(lang):
    words = strings(lang)["ledger"]
    assert set(ledger.CODES) <= set(strings(lang)["error"])  # the one sentence per code
    for field, choices in FIELDS.items():
        if choices and choices != (0, 1):
            assert {str(c) for c in choices} == set(words["choice"][field]), field
        assert field in words["rule"]
    assert set(NAMES) == set(words["preset"])
    for group in ("preset", "seat", "wind", "rule", "error"):
        assert len(set(words[group].values())) == len(words[group]), group


def test_ledger_strings_stay_off_the_calculator(site):
    page = (site / "ko" / "index.html").read_text(encoding="utf-8")
    data = json.loads(BeautifulSoup(page, "html.parser").find(id="strings").string)
    assert "ledger" not in data


@pytest.mark.parametrize("lang", LANGS)
def test_links_both_ways_and_on_the_site(site, pages, lang):
    page = pages[lang]
    assert page.select_one("[data-ledger-calculator]")["href"] == "../"
    calculator = BeautifulSoup((site / lang / "index.html").read_text(encoding="utf-8"), "html.parser")
    carry = calculator.select_one("[data-ledger-link]")
    assert carry["href"] == "ledger/" and carry["data-ledger-link"] == "ledger/"
    assert calculator.find("script", src="../assets/ledger-link.js")
    for element in page.find_all(src=True) + page.find_all(href=True):
        url = element.get("src") or element.get("href")
        assert not url.startswith("/") and not urlparse(url).scheme, url
        if url.startswith("#"):
            continue
        target = (site / lang / "ledger" / urlparse(url).path).resolve()
        assert target.exists(), url
    html = (site / lang / "ledger" / "index.html").read_text(encoding="utf-8")
    for leftover in ("{{", "{%", "<built-in", "None<", "Undefined"):
        assert leftover not in html


def test_precached_and_in_the_sitemap(site):
    worker = (site / "sw.js").read_text()
    files = json.loads(re.search(r"const FILES = (\[.*?\]);", worker).group(1))
    for name in ("ko/ledger/", "ja/ledger/", "ko/conditions/", "ja/conditions/",
                 "app/ledger.bundle", "assets/boot.js",
                 "assets/ledger-link.js"):
        assert name in files, name
    sitemap = (site / "sitemap.xml").read_text()
    assert re.findall(r"<loc>(.*?)</loc>", sitemap) == [
        "ko/", "ko/ledger/", "ko/conditions/", "ko/practice/", "ko/season/",
        "ja/", "ja/ledger/", "ja/conditions/", "ja/practice/", "ja/season/"]


# ---------------------------------------------------------------- the guide's facts

YES = {"ko": ("있음", "없음"), "ja": ("あり", "なし")}
BOTH = {"ko": {"both": "둘 다 화료", "head": "아타마하네", "reclaim": "둘 다 화료 (리치봉 각자 회수)"},
        "ja": {"both": "二人とも", "head": "頭ハネ", "reclaim": "二人とも（リーチ棒は各自回収）"}}


def table_rows(text):
    rows = [line.strip().strip("|").split("|") for line in text.splitlines()
            if line.startswith("|") and not line.startswith("|---")]
    return [[cell.strip() for cell in row] for row in rows[1:]]


@pytest.mark.parametrize("lang", LANGS)
def test_preset_table_equals_the_presets(lang):
    rows = [row for row in table_rows(guide(lang, "02-presets.md")) if len(row) == 10]
    names = strings(lang)["ledger"]["preset"]
    assert [row[0] for row in rows] == [re.split(r"[ (（]", names[name])[0] for name in NAMES]
    yes, no = YES[lang]
    for row, name in zip(rows, NAMES, strict=True):
        rules = preset_rules(name, 4)
        start, back = (int(part.replace(",", "")) for part in row[1].split("→"))
        assert (start, back) == (rules["start"], rules["return"]), name
        assert [int(u.replace("\u2212", "-")) for u in row[2].split("/")] == rules["uma"], name
        assert int(row[3]) * 1000 == (rules["return"] - rules["start"]) * 4, name
        assert row[4] == BOTH[lang][rules["doubleron"]], name
        flags = [rules["busting"], rules["extension"] == "west", rules["kiriage"], rules["kazoe"],
                 3 in PRESETS[name]["seats"]]
        assert row[5:10] == [yes if flag else no for flag in flags], name


SECOND = {"ko": {"seat": "기가 우선", "split": "공동 순위", "mangan": "만관 지불",
                 "penalty": "벌점 {n}"},
          "ja": {"seat": "席順（上家取り）", "split": "同着", "mangan": "満貫払い", "penalty": "罰点{n}"}}


@pytest.mark.parametrize("lang", LANGS)
def test_ties_draws_and_chombo_table_equals_the_presets(lang):
    names = strings(lang)["ledger"]["preset"]
    short = [re.split(r"[ (（]", names[name])[0] for name in NAMES]
    rows = [row for row in table_rows(guide(lang, "02-presets.md"))
            if len(row) == 5 and row[0] in short]
    assert [row[0] for row in rows] == short
    yes, no = YES[lang]
    words = SECOND[lang]
    for row, name in zip(rows, NAMES, strict=True):
        rules = preset_rules(name, 4)
        assert row[1] == words[rules["ties"]], name
        assert row[2:4] == [yes if rules["nagashi"] else no, yes if rules["aborts"] else no], name
        assert row[4] == words[rules["chombo"]].format(n=rules["chombopenalty"]), name


def worked_example(lang):
    text = guide(lang, "03-final-results.md")
    record = json.loads(re.search(r"```json\n(.*?)```", text, re.S).group(1))
    return text, record


@pytest.mark.parametrize("lang", LANGS)
def test_worked_example_is_the_engines(lang):
    text, record = worked_example(lang)
    game = ledger.end(record)
    final = game["final"]
    rows = table_rows(text)
    seats = strings(lang)["ledger"]["seat"]
    order = sorted(range(4), key=lambda seat: final["ranks"][seat])
    assert [row[1] for row in rows] == [seats[str(seat)] for seat in order]
    for row, seat in zip(rows, order, strict=True):
        assert row[0] == strings(lang)["ledger"]["share"]["paste_place"].format(n=final["ranks"][seat])
        assert number(row[2]) == final["scores"][seat]
        assert number(row[4]) == final["results"][seat]
    assert sum(final["results"]) == pytest.approx(0)
    # The same points with results rounded to thousands: the four figures of the last paragraph.
    thousand = ledger.end({**record, "rules": {**record["rules"], "rounding": "thousand"}})
    paragraph = [p for p in text.split("\n\n") if "17,300 → 17,000" in p][-1]
    form = {"ko": "{:+g}pt", "ja": "{:g}"}[lang]  # the form each guide writes a result in
    for seat in order[1:]:
        figure = form.format(thousand['final']['results'][seat]).replace("-", "\u2212")
        assert re.search(rf"= {re.escape(figure)}(?![0-9])", paragraph), seat
    assert f"{thousand['final']['results'][order[0]]:g}" in paragraph
    # The story of the four hands, as the engine replays them.
    assert [hand["round"] for hand in game["hands"]] == ["E1", "E2", "E2", "E3"]
    assert [hand["honba"] for hand in game["hands"]] == [0, 0, 1, 2]
    assert game["hands"][0]["deltas"][1] == 5200 and game["hands"][1]["deltas"][1] == 3000
    assert game["hands"][3]["deltas"][3] == 3600


@pytest.mark.parametrize("lang", LANGS)
def test_the_hand_form_offers_every_result_and_the_final_table_a_penalty_column(pages, lang):
    page = pages[lang]
    results = [box["value"] for box in page.select('#ledger-hand input[name="result"]')]
    assert results == list(RESULTS)
    # The page hides abortive draws and chombo by the game's rules (CSS on data-aborts and
    # data-chombo): the choices carry the classes that rule keys on.
    for value in ("abort", "chombo"):
        assert "lg-choice-" + value in page.select_one(f"#lh-result-{value}").parent["class"]
    assert [o["value"] for o in page.select("#lh-seat option")] == ["", "0", "1", "2", "3"]
    heads = [th.text.strip() for th in page.select(".ledger-final thead th")]
    assert strings(lang)["ledger"]["final"]["chombo"] in heads


def test_a_shared_place_is_said_as_players_say_it():
    # TERMS.md: a place shared by a tie is 공동 1위 / 1着（同着）, never "1–2위 공동" / 「1–2位（同点）」
    assert ledger_present.place_text(strings("ko")["ledger"], [1, 2]) == "공동 1위"
    assert ledger_present.place_text(strings("ja")["ledger"], [1, 2]) == "1着（同着）"
    assert ledger_present.place_text(strings("ko")["ledger"], [2, 4]) == "공동 2위"
    assert ledger_present.place_text(strings("ja")["ledger"], [3, 3]) == "3着"
    assert ledger_present.place_text(strings("ko")["ledger"], [3, 3]) == "3위"


@pytest.mark.parametrize("lang", LANGS)
def test_final_rows_and_history_of_a_wrc_game_with_a_chombo(lang):
    # The game of tests/test_ledger_rules.py::test_wrc_chombo_and_tie_on_top.
    draw = {"result": "draw", "tenpai": [], "riichi": []}
    record = {"rules": ledger.rules_from({"preset": "wrc"}), "hands": [
        {"result": "ron", "from": 3, "winners": [{"seat": 1, "han": 4, "fu": 30}], "riichi": []},
        {"result": "chombo", "seat": 2, "riichi": [0]},
        {"result": "ron", "from": 2, "winners": [{"seat": 0, "han": 5, "fu": 30}], "riichi": []},
        *[draw] * 6]}
    words = strings(lang)["ledger"]
    final = ledger.replay(record)["final"]
    rows = [ledger_present.final_cells(words, record, final, seat)
            for seat in ledger_present.standings_order(final)]
    top, bottom = (words["final"]["shared"].format(best=b, worst=w) for b, w in ((1, 2), (3, 4)))
    assert [row[0] for row in rows] == [top, top, bottom, bottom]
    # Seat 2 (third row: it shares 3-4 with seat 3, and comes first in seat order): 22,000,
    # uma (-5 - 15) / 2 = -10, the 30 penalty (WRC since 2022) in its own column, -8 - 10 - 30 = -48.
    assert rows[2][1:] == [words["seat"]["2"], "22,000", "\u221210", "", "\u221230", "\u221248.0"]
    said = ledger_present.describe(words, record["hands"][1], record)
    assert said == words["history"]["chombo_penalty"].format(seat=words["seat"]["2"],
                                                             penalty="\u221230")
    assert ledger_present.chombo_hint(words, record["rules"]) == \
        words["hand"]["chombo_penalty"].format(penalty="\u221230")
    mangan = {**record, "rules": ledger.rules_from({"preset": "tenhou"})}
    assert ledger_present.describe(words, record["hands"][1], mangan) == \
        words["history"]["chombo"].format(seat=words["seat"]["2"])


@pytest.mark.parametrize("lang, players, tenpai, riichi, said", [
    ("ja", 4, [], [], "流局（全員ノーテン）"),
    ("ja", 4, [0, 1], [2], "流局（3人テンパイ）"),
    ("ja", 4, [0, 1, 2], [3], "流局（全員テンパイ）"),
    ("ja", 3, [0, 2], [1], "流局（全員テンパイ）"),
    ("ja", 3, [0, 2], [], "流局（2人テンパイ）"),
    ("ko", 4, [], [], "유국(전원 노텐)"),
    ("ko", 4, [1], [], "유국(텐파이 1명)"),
    ("ko", 3, [0, 1, 2], [], "유국(전원 텐파이)"),
])
def test_a_draws_history_line_says_nobody_or_everybody_as_players_do(lang, players, tenpai,
                                                                      riichi, said):
    """No player writes 「0人テンパイ」: a draw with nobody or everybody tenpai says so (a rider
    in riichi counts as tenpai)."""
    record = {"rules": ledger.rules_from({"preset": "tenhou", "players": players}),
              "names": [""] * players, "hands": []}
    hand = {"result": "draw", "tenpai": tenpai, "riichi": riichi}
    assert ledger_present.describe(strings(lang)["ledger"], hand, record) == said


@pytest.mark.parametrize("lang, said", [
    ("ko", "끝날 때 남은 공탁 리치봉 1개(1,000점)는 A의 최종 점수에 더했어요."),
    ("ja", "終局時に残っていた供託1本（1,000点）は、Aの素点に加えています。")])
def test_the_final_results_say_where_the_leftover_sticks_went(lang, said):
    """Tenhou gives the sticks left at the end to first place: the board's 27,000 becomes 28,000
    in the final results, and the note beside them says why (round-5 Japanese review)."""
    record = {"rules": ledger.rules_from({"preset": "tenhou"}),
              "hands": [{"result": "draw", "tenpai": [0], "riichi": [0]}]}
    game = ledger.end(record)
    assert game["hands"][-1]["scores"][0] == 27000 and game["final"]["scores"][0] == 28000
    assert ledger_present.leftover_note(strings(lang)["ledger"], record, game) == said
    lost = {**record, "rules": ledger.rules_from({"preset": "wrc"})}  # WRC: nobody takes them
    assert ledger_present.leftover_note(strings(lang)["ledger"], lost, ledger.end(lost)) == ""


@pytest.mark.parametrize("lang, head, both", [
    ("ko", "B(남가) 론 ← A(동가) · 아타마하네", "B(남가)·C(서가) 론 ← A(동가)"),
    ("ja", "B（南家）がA（東家）からロン（頭ハネ）", "B（南家）・C（西家）がA（東家）からロン")])
def test_a_double_ron_line_names_the_winners_the_rules_pay(lang, head, both):
    """Under atamahane (M-League) only the winner nearest the discarder's right is paid, and the
    history says so; where both are paid (Tenhou) both are named (round-5 Korean review)."""
    hand = {"result": "ron", "from": 0, "riichi": [],
            "winners": [{"seat": 2, "han": 1, "fu": 30}, {"seat": 1, "han": 1, "fu": 30}]}
    words = strings(lang)["ledger"]
    for preset, said, paid in (("mleague", head, [-1000, 1000, 0, 0]),
                               ("tenhou", both, [-2000, 1000, 1000, 0])):
        record = {"rules": ledger.rules_from({"preset": preset}), "hands": [hand]}
        assert ledger.replay(record)["hands"][0]["deltas"] == paid
        assert ledger_present.describe(words, hand, record, 0) == said


@pytest.mark.parametrize("lang, said", [
    ("ko", "B(남가) 론 ← A(동가) · 책임지불 C(서가)"),
    ("ja", "B（南家）がA（東家）からロン、C（西家）の責任払い")])
def test_a_pao_wins_line_names_the_liable_player_whose_score_moved(lang, said):
    """A pao ron moves the liable player's score too: the history line names them (round-6 Korean
    review B4), and the replay shows why."""
    hand = {"result": "ron", "from": 0, "riichi": [],
            "winners": [{"seat": 1, "yakuman": 1, "pao": 2}]}
    record = {"rules": ledger.rules_from({"preset": "tenhou"}), "hands": [hand]}
    assert ledger.replay(record)["hands"][0]["deltas"] == [-16000, 32000, -16000, 0]
    assert ledger_present.describe(strings(lang)["ledger"], hand, record, 0) == said
