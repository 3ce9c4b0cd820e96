"""What the pages say, checked as a player would: one name per thing, no claim the rules do not
support, worked examples whose numbers are the engine's, the same facts in both languages."""
import re
import tomllib

import pytest

import build
from engine import calculate
from calculator.present import fmt

LANGS = ("ko", "ja")
SECTIONS = [f"{n:02d}" for n in range(1, 10)]  # the guide's sections 01-09


def guide(lang, prefix=None):
    files = sorted((build.CONTENT / lang).glob("*.md"))
    return "\n".join(f.read_text() for f in files
                     if f.name[:2] in SECTIONS and (prefix is None or f.name.startswith(prefix)))


def strings(lang):
    return tomllib.loads((build.CONTENT / lang / "strings.toml").read_text())


def calculator_strings(lang):
    """Every string of the calculator page (the ledger page's own section left out)."""
    def walk(table):
        for value in table.values():
            if isinstance(value, dict):
                yield from walk(value)
            else:
                yield value
    return "\n".join(walk({k: v for k, v in strings(lang).items() if k != "ledger"}))


def text(lang):
    return guide(lang) + "\n" + calculator_strings(lang)


def amounts(result):
    return [fmt(p["amount"]) for p in result["payments"]]


def quoted(lang, label):
    """A control's label as the guide quotes it: ‘…’ in Korean (never 「」), 「…」 in Japanese."""
    return f"‘{label}’" if lang == "ko" else f"「{label}」"


def test_kiriage_hint_names_who_rounds_up():
    # M-League and most Japanese pro leagues round up; the EMA rules, Tenhou and Mahjong Soul do not
    ko, ja = strings("ko")["hint"]["kiriage"], strings("ja")["hint"]["kiriage"]
    assert "대회" not in ko and "M리그" in ko and "EMA" in ko
    assert "大会" not in ja and "Mリーグ" in ja and "EMA" in ja
    for lang, hint in (("ko", ko), ("ja", ja)):
        mistakes = guide(lang, "05")
        assert all(name in mistakes for name in re.findall(r"M리그|Mリーグ|EMA", hint))


@pytest.mark.parametrize("lang,wrong", [
    ("ja", "么"), ("ja", "中国公式"), ("ja", "卓のルール"), ("ja", "換算点"), ("ja", "値段"),
    ("ja", "部品"), ("ja", "各自"), ("ja", "区分なし"), ("ja", "上記以外"), ("ja", "以降のEMA"),
    ("ja", "合計しか"), ("ja", "Singles"), ("ko", "Singles"), ("ko", "싱글·페어"), ("ko", "당신"),
    ("ko", "부품"), ("ko", "운 패"), ("ko", "소수가"), ("ko", "등급 없음"),
    ("ko", "중국공식·MCR"), ("ko", "표 값"), ("ko", "대신 세어"),
])
def test_words_a_player_would_catch_are_gone(lang, wrong):
    assert wrong not in text(lang)


def test_one_name_per_thing():
    ko, ja = text("ko"), text("ja")
    assert "국표마작(MCR)" in ko and "국표" not in ko.replace("국표마작", "") and "중국공식" not in ko
    assert "국제공식" not in ko and "中国麻将（国標・MCR）" in ja and "国際公式ルール" not in ja
    assert ja.count("シングルス＆ペアーズ") >= 3 and ko.count("싱글스 앤 페어스") >= 3
    assert strings("ja")["block"]["table_rules"] == "局の状況と卓の取り決め"
    assert "表の点数" in strings("ja")["card"]["middle_hk"]
    assert "환산 점수" in strings("ko")["card"]["middle_hk"]


@pytest.mark.parametrize("lang", LANGS)
def test_guide_names_the_fu_counting_control_by_its_label(lang):
    label = strings(lang)["option"]["fumode"]["count"]
    assert quoted(lang, label) in guide(lang, "02")


def test_chiitoitsu_and_pinfu_examples_are_the_engines():
    chiitoi = calculate({"han": "3", "fu": "25", "win": "tsumo"})
    dealer, nondealer, _ = amounts(chiitoi)
    assert (chiitoi["total"], dealer, nondealer) == (3200, "1,600", "800")  # SPEC §1.1
    assert (f"| 치또이쯔 3판, 자 쯔모 | 25 | {fmt(chiitoi['middle'])} | {fmt(chiitoi['total'])} | "
            f"자 {nondealer} / 자 {nondealer} / 친 {dealer} |") in guide("ko", "04")
    assert (f"七対子・3飜25符・子のツモ**：基本点は 25 × 32 = {fmt(chiitoi['middle'])}。"
            f"子が{nondealer}ずつ、親が{dealer}で、受け取りは{fmt(chiitoi['total'])}です。"
            ) in guide("ja", "04")
    for lang, line in (("ko", f"3판 25부 자 쯔모는 {fmt(chiitoi['total'])}(자 {nondealer} / 자 {nondealer} / "
                               f"친 {dealer})"),
                       ("ja", f"3飜25符の子のツモは{fmt(chiitoi['total'])}（子{nondealer}・子{nondealer}・"
                              f"親{dealer}）")):
        assert line in guide(lang, "05")
    pinfu = calculate({"fumode": "count", "win": "tsumo"})  # the default parts: pinfu
    dealer, nondealer, _ = amounts(pinfu)
    assert (f"| 핑후 3판, 자 쯔모 | {pinfu['fu']} | {fmt(pinfu['middle'])} | {fmt(pinfu['total'])} | "
            f"자 {nondealer} / 자 {nondealer} / 친 {dealer} |") in guide("ko", "04")
    assert f"子{nondealer}・子{nondealer}・親{dealer}で{fmt(pinfu['total'])}" in guide("ja", "05")


def test_open_hand_at_30_fu_example_is_the_engines():
    parts = {"fumode": "count", "menzen": "0", "m1": "open-simple", "wait": "kanchan", "han": "2"}
    ron, tsumo = calculate(parts), calculate({**parts, "win": "tsumo"})
    ron_sum, tsumo_sum = (r["fu_breakdown"][8]["fu"] for r in (ron, tsumo))
    dealer, nondealer, _ = amounts(tsumo)
    ko, ja = guide("ko", "04"), guide("ja", "04")
    assert (f"= {ron_sum} → 올림 | {ron['fu']} | {fmt(ron['total'])} (방총한 사람 혼자) |") in ko
    assert (f"= {tsumo_sum} → 올림 | {tsumo['fu']} | {fmt(tsumo['total'])} "
            f"(자 {nondealer} / 자 {nondealer} / 친 {dealer}) |") in ko
    assert f"= {ron_sum} → 切り上げ | {ron['fu']} | {fmt(ron['total'])}（放銃者がひとりで） |" in ja
    assert (f"= {tsumo_sum} → 切り上げ | {tsumo['fu']} | {fmt(tsumo['total'])}"
            f"（子{nondealer}・子{nondealer}・親{dealer}） |") in ja
    kui = calculate({"fumode": "count", "menzen": "0", "han": "1"})
    assert kui["fu"] == 30 and "kui_pinfu" in kui["notices"]
    assert f"론이면 {fmt(kui['total'])}이에요" in ko and f"ロンなら{fmt(kui['total'])}です" in ja
    for lang, guide_text in (("ko", ko), ("ja", ja)):
        assert quoted(lang, strings(lang)['fu_item']['kui_pinfu']) in guide_text


def test_moving_sticks_example_is_the_engines():
    result = calculate({"han": "3", "fu": "30", "honba": "2", "sticks": "1"})
    paid, total = fmt(result["payments"][0]["amount"]), fmt(result["total"])
    assert (paid, total) == ("4,500", "5,500")  # SPEC §1.1
    for lang in LANGS:
        card = strings(lang)["card"]["payments"]
        for section in ("04", "08"):
            assert quoted(lang, card) in guide(lang, section) and paid in guide(lang, section)
        assert total in guide(lang, "08")


def numbers(text):
    return set(re.findall(r"\d+(?:,\d{3})*(?:\.\d+)?", text))


@pytest.mark.parametrize("section", ["05", "08"])
def test_mistakes_and_faq_hold_the_same_facts_in_both_languages(section):
    ko, ja = guide("ko", section), guide("ja", section)
    assert numbers(ko) == numbers(ja)
    if section == "08":
        assert ko.count("\n### ") == ja.count("\n### ") == 15
    else:
        assert ko.count("\n- **") == ja.count("\n### ") == 16
    for ko_word, ja_word in (("EMA", "EMA"), ("M리그", "Mリーグ"), ("텐호", "天鳳"), ("작혼", "雀魂"),
                             ("MCR", "MCR"), ("NMJL", "NMJL")):
        assert (ko_word in ko) == (ja_word in ja), (ko_word, ja_word)


@pytest.mark.parametrize("lang", LANGS)
def test_the_guides_cover_what_the_reference_pages_cover(lang):
    mistakes, limits = guide(lang, "05"), guide(lang, "07")
    honba = {"ko": "홍콩마작이나 MCR 패에 본장을 더하기", "ja": "香港麻雀やMCRの手に本場を足してしまう"}[lang]
    dealer_bonus = {"ko": "홍콩마작의 친 보너스는 계산하지 않아요",
                    "ja": "香港麻雀の親のボーナスを計算しない"}[lang]
    assert honba in mistakes and dealer_bonus in limits


@pytest.mark.parametrize("lang", LANGS)
def test_new_codes_have_words(lang):
    words = strings(lang)
    assert "cannot_occur_tsumo_2han_25fu" in words["notice"]
    for code in ("openkan_closed", "open_triplet_tsumo", "open_triplet_wait", "open_triplet_twice",
                 "shanpon_no_triplet", "wait_no_sequence"):
        assert words["error"][code].startswith("{label}")


# ---------------------------------------------------------------- issue 37: the words a state shows

def _said(read, show):
    """The sentence a page shows for the InputError `read()` raises (`show(error)`)."""
    from engine import InputError

    with pytest.raises(InputError) as caught:
        read()
    return caught.value.code, show(caught.value)


def _no_number_cases(lang):
    """(where, what was typed, the page's sentence) for text that is no number, in every input
    layer: the calculator's form, the ledger's rules and a record's hand, the conditions page."""
    from calculator import present as calculator
    from conditions import present as conditions
    from engine.conditions.state import read_query
    from engine.ledger import replay, rules_from
    from engine.query import parse
    from ledger import present as ledger

    words = build.load_strings(lang)
    hand = {"result": "ron", "from": 0, "winners": [{"seat": 1, "han": "x", "fu": 30}], "riichi": []}
    return [
        ("calculator", _said(lambda: parse({"han": "abc"}),
                             lambda e: calculator.error_text(e, words))),
        ("ledger rules", _said(lambda: rules_from({"return": "abc"}),
                               lambda e: ledger.error_text(words["ledger"], words["error"], e))),
        ("ledger record", _said(lambda: replay({"hands": [hand]}),
                                lambda e: ledger.error_text(words["ledger"], words["error"], e, True))),
        ("conditions scores", _said(lambda: read_query({"scores": "abc"}),
                                    lambda e: conditions.error_text(e, words))),
        ("conditions scores, one of four", _said(lambda: read_query({"scores": "25000,25000,25000,abc"}),
                                                 lambda e: conditions.error_text(e, words))),
        ("conditions honba", _said(lambda: read_query({"honba": "x"}),
                                   lambda e: conditions.error_text(e, words))),
    ]


NO_NUMBER = {
    "ko": ["판: 숫자로 넣어 주세요.", "반환점: 숫자로 넣어 주세요.", "1번째 국 — 판: 숫자로 넣어 주세요.",
           "점수(기가부터 순서대로, ‘/’로 구분): 숫자로 넣어 주세요.",
           "점수(기가부터 순서대로, ‘/’로 구분): 숫자로 넣어 주세요.", "본장: 숫자로 넣어 주세요."],
    "ja": ["飜：数字で入力してください。", "返し点：数字で入力してください。",
           "1局目：飜：数字で入力してください。",
           "点数（起家の席1から順に、カンマで区切って）：数字で入力してください。",
           "点数（起家の席1から順に、カンマで区切って）：数字で入力してください。",
           "本場：数字で入力してください。"],
}


@pytest.mark.parametrize("lang", LANGS)
def test_letters_in_a_number_field_are_not_a_number_in_every_layer(lang):
    """Letters typed where a number goes (ko 반환점, ja 配給原点, the conditions page's scores) are
    `not_a_number` everywhere, one sentence for the code: never "not a decimal" nor "as many
    scores as players" (review-ko B5, review-ja F1)."""
    cases = _no_number_cases(lang)
    assert [code for _where, (code, _text) in cases] == ["not_a_number"] * len(cases)
    assert [text for _where, (_code, text) in cases] == NO_NUMBER[lang]


@pytest.mark.parametrize("lang, said", [
    ("ko", "배급 원점(시작 점수): 소수점 없이 정수로 넣어 주세요."),
    ("ja", "配給原点：小数ではなく整数で入力してください。")])
def test_a_decimal_in_a_whole_number_field_is_not_an_integer(lang, said):
    from engine.ledger import rules_from
    from ledger import present as ledger

    words = build.load_strings(lang)
    assert _said(lambda: rules_from({"start": "25000.5"}),
                 lambda e: ledger.error_text(words["ledger"], words["error"], e)) == \
        ("not_an_integer", said)


@pytest.mark.parametrize("lang, lines", [
    ("ko", ["홍콩마작 3번 · 쯔모: 12점(각자 4)",
            "국표마작(MCR) 24점 + 꽃패 2장 · 론: 50점(방총한 사람 34 / 다른 사람 각 8)",
            "미국마작(NMJL) 25점 · 조커리스 · 쯔모: 300점(각자 100)",
            "리치마작 하네만(6판) · 자 쯔모: 12,000점(3,000·6,000)",
            "리치마작 만관(4판 40부) · 친 론: 12,000점(방총한 사람 12,000)",
            "미국마작(NMJL) 25점 · 화료자에게 건 사람 있음 · 론: 100점(방총한 사람 50 / 다른 사람 각 25)"]),
    ("ja", ["香港麻雀 3番・ツモ：12点（各家 4）",
            "中国麻将（国標・MCR） 24点 + 花牌2枚・ロン：50点（放銃者 34 / 他家 各8）",
            "アメリカ麻雀（NMJL） 25点・ジョーカーなし・ツモ：300点（各家 100）",
            "リーチ麻雀 跳満（6飜）・子のツモ：12,000点（3,000・6,000）",
            "リーチ麻雀 満貫（4飜40符）・親のロン：12,000点（放銃者 12,000）",
            "アメリカ麻雀（NMJL） 25点・和了者に賭けた人あり・ロン：100点（放銃者 50 / 他家 各25）"])])
def test_the_copied_line_says_what_was_won_and_how(lang, lines):
    """HK, MCR and NMJL lines keep the hand and ron/tsumo (NMJL its bettor too, ja F14); a limit
    is named with its han."""
    from calculator.present import copy_line
    from engine import calculate_values
    from engine.query import parse

    words = build.load_strings(lang)
    hands = [{"rule": "hk", "fan": "3", "win": "tsumo"}, {"rule": "mcr", "points": "24", "flowers": "2"},
             {"rule": "nmjl", "jokerless": "1", "win": "tsumo"}, {"han": "6", "win": "tsumo"},
             {"han": "4", "fu": "40", "seat": "dealer"}, {"rule": "nmjl", "bettor": "1"}]
    said = []
    for hand in hands:
        values = parse(hand)
        said.append(copy_line(calculate_values(values), values, words))
    assert said == lines


@pytest.mark.parametrize("lang, wait, pair", [("ko", "13면 대기", "또이쯔"), ("ja", "十三面待ち", "対子")])
def test_a_reading_names_kokushis_thirteen_wait_and_chiitoitsus_pairs(lang, wait, pair):
    """国士無双十三面待ち is not a 単騎 wait; chiitoitsu's seven pairs are not 머리 / 雀頭."""
    from tiles import present as tiles

    words = build.load_strings(lang)
    kokushi = calculate({"fumode": "tiles", "hand": "19m19p19s1234567z1m", "agari": "1m",
                         "win": "tsumo", "seatwind": "E"})["tiles"]
    assert tiles.wait_kind(kokushi, words) == wait
    seven = calculate({"fumode": "tiles", "hand": "11335577m22446p6p", "agari": "6p"})["tiles"]
    assert [label for label, _found in tiles.reading_groups(seven["reading"], words)] == [pair] * 7


@pytest.mark.parametrize("lang, note", [("ko", "앞은 자 한 사람이, 뒤는 친이 내는 점수예요."),
                                        ("ja", "左が子1人分、右が親の支払いです。")])
def test_the_payments_order_is_explained_only_under_a_non_dealer_tsumo(lang, note):
    from calculator.present import view

    words = build.load_strings(lang)
    notes = [view(calculate(hand), words)["payments_note"] for hand in (
        {"win": "tsumo"}, {"win": "ron"}, {"win": "tsumo", "seat": "dealer"},
        {"rule": "hk", "win": "tsumo"}, {"win": "tsumo", "players": "3"})]
    assert notes == [note, "", "", "", note]


@pytest.mark.parametrize("lang, said", [
    ("ko", "화료패: 14장을 넣었을 때는 그중 어느 패로 화료했는지 골라 주세요."),
    ("ja", "和了牌：14枚入れたときは、そのうちどの牌でアガったかを選んでください。")])
def test_fourteen_tiles_without_the_winning_tile_ask_for_it(lang, said):
    """A 14-tile link without agari= asks which tile won, not for "a value"."""
    from calculator import present as calculator
    from engine import calculate_values
    from engine.query import parse

    words = build.load_strings(lang)
    assert _said(lambda: calculate_values(parse({"fumode": "tiles", "hand": "123m456p789s11222z"})),
                 lambda e: calculator.error_text(e, words)) == ("empty", said)
