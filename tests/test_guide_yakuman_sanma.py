"""The guide's yakuman, three-player, draws and presets sections: every number is the engine's.

Each table row's label is read back into calculator keys (both languages), its figures compared
with `engine.calculate`, `engine.draws` or `engine.presets`; every other number in the prose must
be one the engine computes for those scenes, or one of the few rule constants named below.
"""
import re

import pytest

import build
from calculator import present
from engine import KEYS, calculate
from engine.draws import DRAW_POOL, nagashi_payments, tenpai_payments
from engine.fu import DOUBLE_WIND_4, PAIR_FU
from engine.presets import PRESETS
from engine.riichi import HONBA_RON, YAKUMAN_BASE
from calculator.present import fmt

LANGS = ("ko", "ja")
FILES = ("04b-yakuman-sanma.md", "04c-presets.md")


def read(lang, name):
    return (build.CONTENT / lang / name).read_text(encoding="utf-8")


def table_rows(markdown):
    """Body rows of every Markdown table, as lists of stripped cells."""
    rows = []
    for line in markdown.splitlines():
        if line.startswith("|") and not re.fullmatch(r"\|(\s*-+\s*\|)+", line):
            rows.append([cell.strip() for cell in line.strip("|").split("|")])
    return [row for row in rows if row[0] not in HEADERS]


HEADERS = {"역만", "삼마", "인원 · 텐파이", "룰 프리셋", "패",
           "役満", "三麻", "人数・テンパイ", "ルールプリセット", "手"}

# Label words -> calculator keys. Korean labels join parts with " · ", Japanese with "・".
WORDS = {
    "ko": {"역만": {"yakuman": "1"}, "더블 역만": {"yakuman": "2"}, "복합 역만": {"yakuman": "2"},
           "트리플 역만": {"yakuman": "3"},
           "만관": {"han": "5"}, "자": {"seat": "nondealer"}, "친": {"seat": "dealer"},
           "론": {"win": "ron"}, "쯔모": {"win": "tsumo"}, "배수 끔": {"multi": "0"},
           "쯔모손 없음": {"tsumoloss": "0"}, "리치봉 1개": {"sticks": "1"}},
    "ja": {"役満": {"yakuman": "1"}, "ダブル役満": {"yakuman": "2"}, "複合役満": {"yakuman": "2"},
           "トリプル役満": {"yakuman": "3"},
           "満貫": {"han": "5"}, "子のロン": {"seat": "nondealer", "win": "ron"},
           "子のツモ": {"seat": "nondealer", "win": "tsumo"},
           "親のロン": {"seat": "dealer", "win": "ron"}, "親のツモ": {"seat": "dealer", "win": "tsumo"},
           "倍数オフ": {"multi": "0"}, "ツモ損なし": {"tsumoloss": "0"}, "供託1本": {"sticks": "1"}},
}
PATTERNS = {
    "ko": ((r"(\d+)판 (\d+)부", ("han", "fu")), (r"(\d+)판", ("han",)), (r"(\d+)본장", ("honba",))),
    "ja": ((r"(\d+)飜(\d+)符", ("han", "fu")), (r"(\d+)飜", ("han",)), (r"(\d+)本場", ("honba",))),
}
SEPARATOR = {"ko": " · ", "ja": "・"}


def keys_of(lang, label):
    keys = {}
    for part in label.split(SEPARATOR[lang]):
        if part in WORDS[lang]:
            keys.update(WORDS[lang][part])
            continue
        for pattern, names in PATTERNS[lang]:
            match = re.fullmatch(pattern, part)
            if match:
                keys.update(zip(names, match.groups()))
                break
        else:
            raise AssertionError(f"unknown label part {part!r} in {label!r}")
    return keys


def figures(cell):
    return re.findall(r"\d+(?:,\d{3})*", cell)


def shown_payments(result):
    """The payers' cell as the guide writes it: zero payers left out, each amount once, in the
    payments card's order (two non-dealers' equal shares are one amount: '자 8,000씩 / 친 16,000')."""
    paid = [fmt(p["amount"]) for p in present.payment_order(result["payments"]) if p["amount"]]
    return list(dict.fromkeys(paid))


def hand_rows(lang):
    """(label, cells, result) for every calculator scene of 04b, with the section's players."""
    rows = []
    for section in re.split(r"^### ", read(lang, FILES[0]), flags=re.M)[1:]:
        three = section.startswith(("삼마", "三麻"))
        draws = section.startswith(("유국", "流局"))
        for row in table_rows(section):
            if not draws:
                keys = {**keys_of(lang, row[0]), **({"players": "3"} if three else {})}
                rows.append((row[0], row[1:], calculate(keys)))
    return rows


@pytest.mark.parametrize("lang", LANGS)
def test_scene_tables_are_the_engines(lang):
    rows = hand_rows(lang)
    assert len(rows) == 14
    for label, (total, payers), result in rows:
        assert total == fmt(result["total"]), label
        assert figures(payers) == shown_payments(result), label


@pytest.mark.parametrize("lang", LANGS)
def test_spec_figures_are_among_the_scenes(lang):
    totals = {(label, cells[0]) for label, cells, _ in hand_rows(lang)}
    assert {total for _, total in totals} >= {"64,000", "96,000", "32,000", "49,300", "6,000", "8,000",
                                              "12,000", "1,200", "24,000", "4,300"}


@pytest.mark.parametrize("lang", LANGS)
def test_draw_table_is_the_engines(lang):
    section = re.split(r"^### ", read(lang, FILES[0]), flags=re.M)[3]
    rows = table_rows(section)
    assert len(rows) == 5
    for label, receive, pay in rows:
        players, tenpai = (int(n) for n in figures(label))
        assert (receive, pay) == tuple(fmt(n) for n in tenpai_payments(tenpai, players)), label


PRESET_NAMES = {"ko": {"텐호": "tenhou", "작혼": "mahjongsoul", "M리그": "mleague", "WRC": "wrc",
                       "EMA": "ema"},
                "ja": {"天鳳": "tenhou", "雀魂": "mahjongsoul", "Mリーグ": "mleague", "WRC": "wrc",
                       "EMA": "ema"}}
# M-League adds composite yakuman but counts no one hand double: its cell says so (issue 16).
SWITCH = {"ko": {"있음": 1, "없음": 0, "4인 전용": None, "복합 역만만": 1, "있음 (더블 역만 포함)": 1},
          "ja": {"あり": 1, "なし": 0, "—（四麻専用）": None, "複合役満のみ": 1,
                 "あり（ダブル役満を含む）": 1}}
SOURCE_WORDS = {"tenhou": "tenhou.net/man", "mahjongsoul": "riichi.wiki/Majsoul",
                "mleague": "m-league.jp/about", "wrc": "2022", "ema": "2016"}


@pytest.mark.parametrize("lang", LANGS)
def test_preset_table_is_engine_presets(lang):
    text = read(lang, FILES[1])
    rows = [row for row in table_rows(text) if len(row) == 5]
    assert [PRESET_NAMES[lang][row[0]] for row in rows] == list(PRESETS)
    sources = dict(re.findall(r"^- ([^:：]+)[:：] ?(.+)$", text, flags=re.M))
    for row in rows:
        name = PRESET_NAMES[lang][row[0]]
        preset = PRESETS[name]
        values = [SWITCH[lang][cell] for cell in row[1:5]]
        assert values[:3] == [preset["kiriage"], preset["kazoe"], preset["multi"]], name
        assert values[3] == (preset["tsumoloss"] if 3 in preset["seats"] else None), name
        assert SOURCE_WORDS[name] in sources[row[0]], name
        assert present.preset_keys(name, "3").get("tsumoloss") == (
            None if values[3] is None else str(values[3]))


@pytest.mark.parametrize("lang", LANGS)
def test_preset_results_are_the_engines(lang):
    rows = [row for row in table_rows(read(lang, FILES[1])) if len(row) == 4]
    assert len(rows) == 3
    for label, *cells in rows:
        keys = keys_of(lang, label)
        shown = [fmt(calculate({**keys, **present.preset_keys(name)})["total"])
                 for name in ("tenhou", "mleague", "ema")]
        assert cells == shown, label


def prose_numbers():
    """Numbers the prose may use, each computed by the engine or named by the rules."""
    one_thirty = calculate({"han": "1", "fu": "30", "win": "tsumo"})  # four-player shares
    dealer_share, nondealer_share = (p["amount"] for p in one_thirty["payments"][:2])
    half = nondealer_share // 2  # the absent North's share, halved: 150, rounded up to 200
    shared = calculate({"han": "1", "fu": "30", "win": "tsumo", "players": "3", "tsumoloss": "0"})
    assert [p["amount"] for p in shared["payments"]] == [dealer_share + -(-half // 100) * 100,
                                                          nondealer_share + -(-half // 100) * 100]
    nagashi = [sum(a for _, a in nagashi_payments(dealer)) for dealer in (False, True)]
    nagashi += [a for _, a in nagashi_payments(False)]
    mangan_ron = calculate({"han": "5"})["total"]
    mangan_3p = calculate({"han": "5", "win": "tsumo", "players": "3"})["total"]
    numbers = {YAKUMAN_BASE, one_thirty["middle"], dealer_share, nondealer_share, half,
               *(p["amount"] for p in shared["payments"]),
               -(-half // 100) * 100, HONBA_RON[3], *DRAW_POOL.values(), mangan_ron, mangan_3p,
               *nagashi, 100}
    # inputs the prose names: the player counts, the 1 han 30 fu example; rule constants: 13 han
    # for kazoe and the 13-sided wait, the terminals 1 and 9; the years of the rule documents
    inputs = {*KEYS["players"].choices, "1", "30"}
    # the double-wind pair's fu in Tenhou, Mahjong Soul (4) and M-League (2), from the fu count
    pair = {str(DOUBLE_WIND_4), str(PAIR_FU["double"])}
    return {fmt(n) for n in numbers} | inputs | pair | {"13", "9", "2015", "2016", "2022", "2025"}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", FILES)
def test_every_number_in_the_prose_is_checked(lang, name):
    text = read(lang, name)
    prose = "\n".join(line for line in text.splitlines() if not line.startswith("|"))
    prose = re.sub(r"`[^`]*`", "", prose)  # link examples: kiriage=1&kazoe=0
    allowed = prose_numbers()
    for number in re.findall(r"\d+(?:,\d{3})*", prose):
        assert number in allowed, (lang, name, number)


def test_both_languages_state_the_same_amounts():
    """Points (three digits and more) match; small counts are words in one language or the other
    (4인 / 四麻, 13면 / 十三面)."""
    for name in FILES:
        ko, ja = (sorted(n for n in re.findall(r"\d+(?:,\d{3})*", read(lang, name)) if len(n) >= 3)
                  for lang in LANGS)
        assert ko == ja, name
