"""Published rule sets as data: the game ledger's setup and the calculator's preset selector.

``PRESETS[name]`` holds every SPEC §6.1 rules field that does not depend on the number of
players, flat (``PRESETS["ema"]["kazoe"]`` is 0), plus ``"seats"``: for each player count the
rule set is played with, its ``start``, ``return``, ``uma`` and, where it is not ``return``,
its ``target``. ``preset_rules(name, players)`` joins the two into a complete rules object for
``engine.ledger``. ``SOURCES[name]`` says where
each value comes from, field by field; where the source is silent it says so, and the value is
the common one.

>>> rules = preset_rules("tenhou", 3)
>>> rules["start"], rules["return"], rules["uma"], rules["tsumoloss"]
(35000, 40000, [20, 0, -20], 1)
>>> PRESETS["mleague"]["kiriage"], PRESETS["ema"]["multi"], PRESETS["wrc"]["kazoe"]
(1, 0, 0)
>>> preset_rules("mahjongsoul")["return"], preset_rules("mahjongsoul")["target"]
(25000, 30000)
>>> sorted(PRESETS["mleague"]["seats"])
[4]
"""
from collections import OrderedDict

from .compat import Record

NAMES = ("tenhou", "mahjongsoul", "mleague", "wrc", "ema")

# The table rules a hand from its tiles depends on (SPEC §9.1), set by every preset beside FIELDS.
# Ordered dicts here and below: a MicroPython dict keeps no order, and these are shown in order.
TILE_FIELDS = OrderedDict((
    ("kuitan", (0, 1)),
    ("aka", (0, 1)),
    ("doubleyakuman", (0, 1)),
    ("renhouvalue", ("none", "mangan", "yakuman")),
    ("dwind4", (0, 1)),
))

MAX_POINTS = 1_000_000  # a score, start or return beyond this is refused
MAX_UMA = 1000  # thousands: an uma or a chombo penalty beyond this is refused


class Field(Record):
    """One field of a rules object (SPEC §6.1): the values it may take (``choices``; integers 0|1
    are switches) or, for a number, its range (``low``, ``high``) and ``step``; its default, as a
    dict by player count where it depends on them (None: ``target``, whose default is ``return``)."""

    FIELDS = ("name", "default", "choices", "low", "high", "step")
    DEFAULTS = {"choices": None, "low": None, "high": None, "step": 1}


_SWITCH = (0, 1)

RULE_FIELDS = OrderedDict((field.name, field) for field in (
    Field("players", 4, (4, 3)),
    Field("length", "south", ("east", "south")),
    Field("start", {4: 25000, 3: 35000}, low=100, high=MAX_POINTS, step=100),
    Field("return", {4: 30000, 3: 40000}, low=100, high=MAX_POINTS, step=100),  # at least start
    Field("uma", {4: (20, 10, -10, -20), 3: (15, 0, -15)}, low=-MAX_UMA, high=MAX_UMA),  # per rank
    Field("kiriage", 0, _SWITCH),
    Field("kazoe", 1, _SWITCH),
    Field("multi", 1, _SWITCH),
    Field("tsumoloss", 1, _SWITCH),
    Field("nagashi", 1, _SWITCH),
    Field("paoscope", "hand", ("hand", "own")),
    Field("paohonba", "liable", ("liable", "discarder")),
    Field("doubleron", "both", ("both", "head", "reclaim")),
    Field("tripleron", "draw", ("draw", "all")),
    Field("busting", 1, _SWITCH),
    Field("extension", "none", ("none", "west")),
    Field("agariyame", 1, _SWITCH),
    Field("tenpaiyame", 1, _SWITCH),
    Field("leftover", "first", ("first", "lost")),
    Field("rounding", "exact", ("exact", "thousand")),
    # what the west round and agari-yame compare with
    Field("target", None, low=0, high=MAX_POINTS),
    Field("ties", "seat", ("seat", "split")),
    Field("aborts", 1, _SWITCH),
    Field("chombo", "mangan", ("mangan", "penalty", "none")),
    # whole thousands taken off the final result (chombo=penalty)
    Field("chombopenalty", 20, low=0, high=MAX_UMA),
))

# Views of RULE_FIELDS: each field's choices (None for a number), and the rules of SPEC §6.1 for
# a player count with no preset (``target`` is ``return``).
FIELDS = OrderedDict((name, field.choices) for name, field in RULE_FIELDS.items())


def default_rules(players):
    """The SPEC §6.1 defaults for `players` (4 or 3).

    >>> default_rules(3)["start"], default_rules(3)["uma"], default_rules(3)["target"]
    (35000, [15, 0, -15], 40000)
    """
    by_seats = [name for name, field in RULE_FIELDS.items() if isinstance(field.default, dict)]
    rules = {name: field.default for name, field in RULE_FIELDS.items()
             if name not in by_seats and field.default is not None}
    rules.update({name: RULE_FIELDS[name].default[players] for name in by_seats})
    rules.update(players=players, uma=list(rules["uma"]), target=rules["return"])
    return rules


# Each rule set as what it sets apart from the SPEC §6.1 defaults (RULE_FIELDS), beside the table
# rules of a hand from its tiles (TILE_FIELDS, SPEC §9.1), which every rule set sets in full.
_APART = {
    "tenhou": {"kuitan": 1, "aka": 1, "doubleyakuman": 0, "renhouvalue": "none", "dwind4": 1,
               "extension": "west"},
    "mahjongsoul": {"kuitan": 1, "aka": 1, "doubleyakuman": 1, "renhouvalue": "none", "dwind4": 1,
                    "paoscope": "own", "tripleron": "all", "extension": "west"},
    "mleague": {"kuitan": 1, "aka": 1, "doubleyakuman": 0, "renhouvalue": "none", "dwind4": 0,
                "kiriage": 1, "kazoe": 0, "paoscope": "own", "doubleron": "head",
                "tripleron": "all", "busting": 0, "agariyame": 0, "tenpaiyame": 0, "ties": "split",
                "aborts": 0, "chombo": "penalty"},
    "wrc": {"kuitan": 1, "aka": 0, "doubleyakuman": 0, "renhouvalue": "mangan", "dwind4": 1,
            "kiriage": 1, "kazoe": 0, "nagashi": 0, "paohonba": "discarder", "doubleron": "head",
            "tripleron": "all", "busting": 0, "agariyame": 0, "tenpaiyame": 0, "leftover": "lost",
            "ties": "split", "aborts": 0, "chombo": "penalty", "chombopenalty": 30},
    "ema": {"kuitan": 1, "aka": 0, "doubleyakuman": 0, "renhouvalue": "mangan", "dwind4": 1,
            "kazoe": 0, "multi": 0, "nagashi": 0, "paohonba": "discarder", "doubleron": "reclaim",
            "tripleron": "all", "busting": 0, "agariyame": 0, "tenpaiyame": 0, "ties": "split",
            "aborts": 0, "chombo": "penalty"},
}

# What depends on the player count, for each count the rule set is played with.
_SEATS = {
    "tenhou": {4: {"start": 25000, "return": 30000, "uma": [20, 10, -10, -20]},
               3: {"start": 35000, "return": 40000, "uma": [20, 0, -20]}},
    "mahjongsoul": {4: {"start": 25000, "return": 25000, "target": 30000, "uma": [15, 5, -5, -15]},
                    3: {"start": 35000, "return": 35000, "target": 40000, "uma": [15, 0, -15]}},
    "mleague": {4: {"start": 25000, "return": 30000, "uma": [30, 10, -10, -30]}},
    "wrc": {4: {"start": 30000, "return": 30000, "uma": [15, 5, -5, -15]}},
    "ema": {4: {"start": 30000, "return": 30000, "uma": [15, 5, -5, -15]}},
}


def _preset(name):
    """`name`'s flat fields: every §6.1 field that does not depend on the player count, at the
    default but where the rule set sets it apart, and its seats."""
    preset = {field.name: field.default for field in RULE_FIELDS.values()
              if field.default is not None and not isinstance(field.default, dict)
              and field.name != "players"}
    preset.update(_APART[name])
    preset["seats"] = _SEATS[name]
    return preset


PRESETS = {name: _preset(name) for name in NAMES}

# The official documents, and the public pages the values were read from where the official
# text was not at hand (translations, side-by-side copies and summaries of it).
TENHOU = ("https://tenhou.net/man/ (天鳳 ルール); read via the translation at "
          "http://arcturus.su/mjw/index.php?title=Tenhou.net_rules")
TENHOU_RECORDS = "Tenhou game records (mjlog owari), ../shared/data/tenhou/"
MAJSOUL = ("Mahjong Soul's 段位戦ルール説明 (https://mahjongsoul.com/?newsid=60c8610c2ac863186fdbebd4) "
           "and its in-game rules; read via https://riichi.wiki/Majsoul (Rules, Ladder) and its "
           "sanma section")
MLEAGUE = ("https://m-league.jp/about/ (Mリーグ 公式ルール); read via https://majyan-item.com/m-rule/, "
           "https://ojisan-gyakushu.com/mleague-rule/, https://k-bys.work/mleague-rule/, "
           "https://osyobu-osyobu-3889.hatenadiary.jp/entry/m2018.10.10, https://riichi.wiki/M.League")
WRC = ("World Riichi Championship Rules (Sylvain Malbec, WRC committee): the 2025 rules, i.e. the "
       "2015 rule book (WRCR 2015, read via the side-by-side text at "
       "https://ooyamaneko.net/en/mahjong/bookcmp/view.php?book=WRC_2015) with the 2022 and 2025 "
       "changes (read via https://riichi.wiki/World_Riichi_Championship_rules)")
EMA = ("EMA Riichi Competition Rules 2016 "
       "(http://mahjong-europe.org/portal/images/docs/Riichi-rules-2016-EN.pdf) and its revision "
       "notes; read via https://ooyamaneko.net/en/mahjong/bookcmp/view.php?book=RCR_2016_en and "
       "https://riichi.wiki/EMA_Riichi_Competition_Rules")
PARLOURS = ("the reversed mangan (満貫払い) that Japanese parlours and the house rules of "
            "online players at a real table use")

SOURCES = {
    "tenhou": {
        "document": TENHOU,
        "kuitan": f"{TENHOU}: 喰いタンあり in the usual lobbies (the GO tag's lobby type bit 0x04 "
                  "marks the lobbies without it; none of the records)",
        "aka": f"{TENHOU}: 赤ドラ 3 (one red five per suit; three-player: 5p and 5s); lobby type bit "
               f"0x02 marks the lobbies without; {TENHOU_RECORDS}: red fives are tile ids 16, 52, 88",
        "doubleyakuman": f"{TENHOU}: no double yakuman hands; {TENHOU_RECORDS}: daisuushii + "
                         "suuankou tanki + tsuuiisou (yakuman=49,41,42) pays 144,000 on a "
                         "non-dealer tsumo, three single yakuman",
        "renhouvalue": f"{TENHOU}: no renhou (人和なし); {TENHOU_RECORDS}: no yaku id 36",
        "dwind4": f"{TENHOU}: a double-wind pair (連風牌) is 4 fu (no record of the 947 wins "
                  "has one, so the records neither confirm nor contradict it)",
        "seats": f"{TENHOU_RECORDS}: owari results fit 25,000/30,000 with uma 20/10/-10/-20 "
                 "(four-player) and 35,000/40,000 with uma 20/0/-20 (three-player)",
        "rounding": f"{TENHOU_RECORDS}: logs of 2022 and 2023 show results to 0.1; logs up to "
                    "2020 show whole numbers (rounding=thousand: points rounded to 1,000, halves "
                    "away from zero, -5,500 -> -6,000)",
        "kiriage": f"{TENHOU}: no kiriage mangan (4 han 30 fu scores 7,700)",
        "kazoe": f"{TENHOU}: 13 han or more is a counted yakuman",
        "multi": f"{TENHOU}: composite yakuman add up (records: yakuman= lists two)",
        "tsumoloss": f"{TENHOU}: three-player tsumo pays without the North's share",
        "nagashi": f"{TENHOU}; records: RYUUKYOKU type=nm",
        "paoscope": f"{TENHOU}: pao for daisangen and daisuushii, the liable player pays the "
                    "whole tsumo, half of a ron; records: paoWho",
        "paohonba": f"{TENHOU_RECORDS}: on tsumo the liable player pays the honba too",
        "doubleron": f"{TENHOU}: double ron, honba and sticks to the winner nearest the discarder",
        "tripleron": f"{TENHOU}: three players on one discard is an abortive draw (records: ron3)",
        "busting": f"{TENHOU}: below 0 ends the game (0 does not)",
        "extension": f"{TENHOU}: 西入 when nobody has 30,000 (40,000 three-player)",
        "target": f"{TENHOU}: the west round and agari-yame compare with the return score "
                  "(30,000; 40,000 three-player): target = return",
        "agariyame": f"{TENHOU}: the last dealer who wins and is first stops",
        "tenpaiyame": f"{TENHOU}: the last dealer who is tenpai and first stops (older records "
                      "show none)",
        "leftover": f"{TENHOU_RECORDS}: owari adds leftover sticks to first place",
        "ties": f"{TENHOU}: equal points rank by seat order from the first dealer (上家取り); "
                "records: owari of tied games give the lower uma to the later seat",
        "aborts": f"{TENHOU}: 九種九牌, 四風連打, 四家立直, 四開槓, 三家和 (records: RYUUKYOKU "
                  "type=yao9, kaze4, reach4, kan4, ron3)",
        "chombo": f"silent: the client refuses a false win, so a chombo cannot happen online; "
                  f"at a table its players use {PARLOURS}: mangan",
        "chombopenalty": "unused (chombo=mangan); the §6.1 default, 20",
        "length": "silent (Tenhou has east-only and east-south lobbies): south, the common value",
    },
    "mahjongsoul": {
        "document": MAJSOUL,
        "kuitan": f"{MAJSOUL}: open tanyao (喰いタンあり)",
        "aka": f"{MAJSOUL}: three red fives, one per suit (three-player: 5p and 5s)",
        "doubleyakuman": f"{MAJSOUL}: suuankou tanki, kokushi with the 13-sided wait, junsei "
                         "chuuren and daisuushii count as double yakuman (../shared/TERMS.md: "
                         "'Mahjong Soul counts four single yakuman double')",
        "renhouvalue": "silent in the pages read here (ranked play lists no renhou): none",
        "dwind4": f"{MAJSOUL}: a double-wind pair is 4 fu (SPEC §9.1)",
        "seats": f"{MAJSOUL}: ranked PtsGain = (score - start)/1000 + uma, start 25,000 "
                 "(three-player 35,000), uma 15/5/-5/-15 (three-player 15/0/-15): no oka",
        "rounding": "silent (ranked points are rounded up for the ladder): exact",
        "kiriage": f"{MAJSOUL}: off by default",
        "kazoe": f"{MAJSOUL}: counted yakuman",
        "multi": f"{MAJSOUL}: composite and double yakuman add up",
        "tsumoloss": f"{MAJSOUL}: three-player ranked play has tsumo loss (north-bisection, "
                     "ツモ損なし, is only a friendly-room option)",
        "nagashi": f"{MAJSOUL}: nagashi mangan",
        "paoscope": f"{MAJSOUL}: composite yakuman, separate responsibility for each yakuman",
        "paohonba": "silent: liable, the common value",
        "doubleron": f"{MAJSOUL}: multiple ron, riichi deposits to the player next in turn",
        "tripleron": f"{MAJSOUL}: three ron on one discard is no abortive draw (sanchahou: no)",
        "busting": f"{MAJSOUL}: below zero ends the game, zero does not",
        "extension": f"{MAJSOUL}: west round when nobody reaches 30,000 (40,000 three-player)",
        "target": f"{MAJSOUL}: results count from 25,000 (35,000) but the west round and "
                  "agari-yame need 30,000 (40,000 three-player)",
        "agariyame": f"{MAJSOUL}: on", "tenpaiyame": f"{MAJSOUL}: on",
        "leftover": f"{MAJSOUL}: leftover riichi deposits go to 1st place",
        "ties": f"{MAJSOUL}: equal points rank by seat order from the first dealer (上家優先)",
        "aborts": f"{MAJSOUL}: 九種九牌, 四風連打, 四家立直, 四槓散了 are abortive draws",
        "chombo": f"silent: the client refuses a false win, so a chombo cannot happen online; "
                  f"at a table its players use {PARLOURS}: mangan",
        "chombopenalty": "unused (chombo=mangan); the §6.1 default, 20",
        "length": "silent (east and south rooms): south, the common value",
    },
    "mleague": {
        "document": MLEAGUE,
        "kuitan": f"{MLEAGUE}: 喰いタンあり",
        "aka": f"{MLEAGUE}: 赤5 three, one per suit",
        "doubleyakuman": f"{MLEAGUE}: no double-yakuman hands (四暗刻単騎, 国士十三面 are single "
                         "yakuman); composites add up",
        "renhouvalue": "silent in the pages read here: none",
        "dwind4": f"{MLEAGUE}: 連風牌の雀頭は2符 (SPEC §9.1: M-League 2)",
        "seats": f"{MLEAGUE}: 25,000 start, 30,000 return, 順位点 +50/+10/-10/-30 "
                 "(uma 30/10/-10/-30 plus oka 20); four-player only",
        "rounding": f"{MLEAGUE}: points to 0.1",
        "kiriage": f"{MLEAGUE}: 切り上げ満貫あり", "kazoe": f"{MLEAGUE}: 数え役満なし (sanbaiman)",
        "multi": f"{MLEAGUE}: composite yakuman add up (複合役満), no double-yakuman hands "
                 "(四暗刻単騎, 国士十三面 are single yakuman)",
        "tsumoloss": "four-player only: unused",
        "nagashi": f"{MLEAGUE}: 流し満貫あり",
        "paoscope": f"{MLEAGUE}: 責任払い for daisangen, daisuushii, suukantsu",
        "paohonba": "silent: liable, the common value",
        "doubleron": f"{MLEAGUE}: ダブロンなし, 頭ハネ",
        "tripleron": f"{MLEAGUE}: 途中流局なし, the head winner only",
        "busting": f"{MLEAGUE}: トビなし", "extension": f"{MLEAGUE}: east-south only",
        "target": "no west round nor agari-yame: target = return, unused",
        "agariyame": f"{MLEAGUE}: アガリ止めなし", "tenpaiyame": f"{MLEAGUE}: テンパイ止めなし",
        "leftover": f"{MLEAGUE}: 供託 left at the end go to the top (トップ取り)",
        "ties": f"{MLEAGUE}: 同着の場合は順位点は分け (tied players share the 順位点, oka included)",
        "aborts": f"{MLEAGUE}: アガリ、流局、チョンボ以外の終局はなく、途中流局はありません",
        "chombo": f"{MLEAGUE}: チョンボは20,000点相当の罰符, taken off the final points; the hand "
                  "is replayed (親は流れず、積み棒も増えない)",
        "chombopenalty": f"{MLEAGUE}: 20 points (20,000)",
        "length": f"{MLEAGUE}: 東南戦",
    },
    "wrc": {
        "document": WRC,
        "kuitan": f"{WRC}: kuitan ari (riichi.wiki: open tanyao allowed, after discussion with "
                  "the EMA); the WRC 2014 errata: 'The hand can be open or closed'",
        "aka": f"{WRC}: no red fives ('Red fives are no longer used in Riichi competition "
               "rules', redmahjong.com's copy of the competition rules)",
        "doubleyakuman": f"{WRC}: every yakuman counts as a single yakuman (riichi.wiki)",
        "renhouvalue": f"{WRC}: renhou is a mangan yaku (§6.5.4), and the WRC 2014 errata: "
                       "'Renhō is cumulative with other yaku and dora' (5 han here)",
        "dwind4": "silent in the excerpts read here; the riichi-pointer-js calculator's WRC rule "
                  "set (github.com/EmeraldCoder/riichi-pointer-js, "
                  "src/core/wrc/wrc-fu-calculator.js) stacks the seat and round wind's 2 fu: 4",
        "seats": f"{WRC}: 30,000 start and target, no oka, uma 15/5/-5/-15; four-player only",
        "rounding": f"{WRC}: session score (points - 30,000)/1,000 + uma, to 0.1",
        "kiriage": f"{WRC}: kiriage mangan, 4 han 30 fu and 3 han 60 fu are paid as mangan",
        "kazoe": f"{WRC}: no kazoe yakuman (sanbaiman)",
        "multi": f"{WRC}: since the 2022 rules different yakuman in one hand add up (multiple "
                 "yakuman); WRCR 2015 counted every yakuman as a single one",
        "tsumoloss": "four-player only: unused",
        "nagashi": f"{WRC}: no nagashi mangan (it is not in the yaku list; an exhaustive draw "
                   "pays only the tenpai payments)",
        "paoscope": f"{WRC}: liability, the liable player pays a tsumo in full, shares a ron; "
                    "the 2022 changes that made different yakuman add up restate liability "
                    "(Mahjong Belgium's summary: on a later tsumo the liable player pays 'de "
                    "hoogste prijs', the whole hand) and are silent on a composite yakuman of "
                    "which only one part is liable: hand, the whole composite, as that reads",
        "paohonba": f"{WRC}: only the discarder pays the counters",
        "doubleron": f"{WRC}: §5.7.6 atamahane, the player nearest the discarder wins",
        "tripleron": f"{WRC}: no abortive draws; atamahane (§5.7.6: only the player closest to "
                     "the discarder wins)",
        "busting": f"{WRC}: the session is played to its end below zero (riichi.wiki's summary "
                   "reads 'negative score: game end'); the common tournament value",
        "extension": f"{WRC}: none",
        "target": "no west round nor agari-yame (§5.9.1 no agari yame): target = return, unused",
        "agariyame": f"{WRC}: §5.9.1 no agari yame",
        "tenpaiyame": f"{WRC}: none",
        "leftover": f"{WRC}: riichi bets still on the table at the end of the session go to "
                    "nobody (as issue 16's reading of the rule book has it; the excerpts read "
                    "here do not quote the clause)",
        "ties": f"{WRC}: 'uma +15/+5, modified for ties': if players tie, the uma of their "
                "places is averaged",
        "aborts": f"{WRC}: §5.7 'There are no abortive draws'",
        "chombo": f"{WRC}: §7.1 chombo is a point penalty on the session score, not paid "
                  "at the table ('penalties are applied to the overall score, not to the "
                  "table's score'); §5.7 'Chonbo results in a re-deal and does not count as a "
                  "hand', §5.7.8 'In case of chonbo there is no dealer rotation'",
        "chombopenalty": f"{WRC}: 30,000 points (30) since the 2022 rules (20,000 in §7.1 of "
                         "the 2015 book); the 2022 changes read via Mahjong Belgium, an EMA "
                         "member association, 'Aangepaste spelregels WRC' (2 April 2022, "
                         "https://www.mahjongbelgium.be/l/aangepaste-spelregels-wrc/): 'een "
                         "chombo kost je nu 30 000 ptn'",
        "length": f"{WRC}: hanchan",
    },
    "ema": {
        "document": EMA,
        "kuitan": f"{EMA}: 2016 change list, 'open tanyao (kuitan) allowed'",
        "aka": f"{EMA}: 2016 change list, 'no more red fives'",
        "doubleyakuman": f"{EMA}: yakuman are not cumulative, and none is double",
        "renhouvalue": f"{EMA}: 2016 change list, 'renhou is now a strict mangan only' (here "
                       "renhouvalue=mangan, 5 han: the strict reading, mangan whatever else the "
                       "hand holds, is not a separate value)",
        "dwind4": "silent in the excerpts read here; the riichi-pointer-js calculator's EMA rule "
                  "set (github.com/EmeraldCoder/riichi-pointer-js, "
                  "src/core/ema/ema-fu-calculator.js) stacks the seat and round wind's 2 fu: 4",
        "seats": f"{EMA}: 30,000 start, no oka, uma 15/5/-5/-15; four-player only",
        "rounding": f"{EMA}: (points - 30,000)/1,000 + uma, to 0.1",
        "kiriage": f"{EMA}: no kiriage mangan", "kazoe": f"{EMA}: no kazoe yakuman (sanbaiman)",
        "multi": f"{EMA}: yakuman are not cumulative",
        "tsumoloss": "four-player only: unused",
        "nagashi": f"{EMA}: 2016 change list, 'Nagashi Mangan is not allowed'",
        "paoscope": f"{EMA}: pao for daisangen and daisuushii, whole tsumo, half a ron",
        "paohonba": f"{EMA}: only the discarder pays the counters",
        "doubleron": f"{EMA}: §3.4.9 a discard that several players win on pays 'the full "
                     "value of each hand' (double and triple ron), and §3.4.10 every counter "
                     "adds 300 to 'a winning hand': each winner is paid the honba; riichi "
                     "sticks: each winner takes back its own, the rest go to the winner nearest "
                     "the discarder (riichi.wiki, Multiple ron, venue table: EMA2016 'winners "
                     "reclaim, rest priority', honba 'both', dealer keeps): reclaim",
        "tripleron": f"{EMA}: no abortive draws, all three win",
        "busting": f"{EMA}: no busting (the hanchan is played to its end)",
        "extension": f"{EMA}: none",
        "target": "no west round nor agari-yame: target = return, unused",
        "agariyame": f"{EMA}: none", "tenpaiyame": f"{EMA}: none",
        "leftover": f"{EMA}: §3.6.1 'Winner bonus' (so named in the contents): riichi sticks "
                    "left at the end go to first place; the clause's text was not at hand here, "
                    "and EMA clubs play it so",
        "ties": f"{EMA}: players on equal points share the uma of their places equally",
        "aborts": f"{EMA}: 2016 'Abortive draws are no longer used in EMA riichi rules'",
        "chombo": f"{EMA}: 2016 §3.4.6, a chombo is 20,000 points taken off the offender's "
                  "final score (no more mangan payments); the hand is dealt again, no counter, "
                  "no rotation, riichi bets go back",
        "chombopenalty": f"{EMA}: 20,000 points (20)",
        "length": f"{EMA}: hanchan",
    },
}


def preset_rules(name, players=4):
    """A complete rules object (SPEC §6.1) for a published rule set and a player count.

    >>> preset_rules("mleague")["uma"]
    [30, 10, -10, -30]
    >>> preset_rules("wrc", 3)
    Traceback (most recent call last):
    ...
    ValueError: wrc is played by 4 players, not 3
    """
    preset = PRESETS[name]
    if players not in preset["seats"]:
        counts = " or ".join(str(n) for n in sorted(preset["seats"], reverse=True))
        raise ValueError(f"{name} is played by {counts} players, not {players}")
    rules = {key: value for key, value in preset.items() if key != "seats"}
    seats = preset["seats"][players]
    rules.update(players=players, start=seats["start"], uma=list(seats["uma"]))
    rules["return"] = seats["return"]
    rules["target"] = seats.get("target", seats["return"])
    return {field: rules[field] for field in FIELDS}


def preset_of(rules, players=4, chosen=None):
    """The published rule set (NAMES) these table rules are, else "custom".

    `rules` maps rule names to values, as a game's rules object holds them (SPEC §6.1, checked
    and filled as engine.ledger.rules_from gives them, ``players`` among them) or as a URL
    writes them (strings: the calculator's keys). A preset is theirs when every rule they hold
    that the preset sets has the preset's value at their player count (``players`` in `rules`,
    else `players`): a game's rules are a preset's when they are all exactly the preset's, and a
    preset played by other counts is not theirs. Rules without ``players`` are one hand's (the
    calculator): a preset played four-handed only still rules a three-player hand, by the rules
    that do not depend on the count. `chosen` is answered first where it fits (two presets may
    agree on the few rules a hand holds).

    >>> preset_of(preset_rules("ema")), preset_of(dict(preset_rules("ema"), uma=[20, 10, -10, -20]))
    ('ema', 'custom')
    >>> preset_of(dict(preset_rules("tenhou", 3), players=3)), preset_of(dict(preset_rules("ema"), players=3))
    ('tenhou', 'custom')
    >>> hand = {"kiriage": "0", "kazoe": "1", "multi": "1", "dwind4": "1"}
    >>> preset_of(hand), preset_of(hand, chosen="mahjongsoul"), preset_of(dict(hand, aka="0"))
    ('tenhou', 'mahjongsoul', 'custom')
    >>> preset_of({"kiriage": "1", "kazoe": "0", "multi": "1", "dwind4": "0"}, players=3)
    'mleague'
    """
    count = int(rules.get("players", players))
    names = ((chosen,) if chosen in NAMES else ()) + NAMES
    for name in names:
        preset = PRESETS[name]
        if count in preset["seats"]:
            wanted = preset_rules(name, count)
        elif "players" in rules:
            continue
        else:  # the rules that do not depend on the count; tsumoloss is three-player's own
            wanted = {field: preset[field] for field in FIELDS
                      if field in preset and field != "tsumoloss"}
        for field in TILE_FIELDS:
            wanted[field] = preset[field]
        if all(_same(value, wanted[field]) for field, value in rules.items() if field in wanted):
            return name
    return "custom"


def _same(held, wanted):
    """A rule's value as held (a URL's string, or the rules object's own) against a preset's."""
    return held == wanted or (isinstance(held, str) and held == str(wanted))
