"""The practice page's words and checks (SPEC §12), in plain Python: what a question asks, the
player's typed answers read and checked part by part, the explanation from the engine's own
answer, and the progress kept on the phone. The page (practice/__init__.py) draws these; the
tests read them directly.

>>> question = {"keys": {"win": "tsumo", "seatwind": "S"},
...             "answer": {"tier": "none", "fu": 30, "tiles": {"han": 3, "fu": 30, "yakuman": 0},
...                        "payments": [{"payer": "dealer", "amount": 2000, "honba": 0},
...                                     {"payer": "nondealer", "amount": 1000, "honba": 0},
...                                     {"payer": "nondealer", "amount": 1000, "honba": 0}]}}
>>> asked(question, "all")
['han', 'fu', 'tsumo_nondealer', 'tsumo_dealer']
>>> [expected(question, field) for field in asked(question, "all")]
[3, 30, 1000, 2000]
>>> errors, parts = check(question, "payment", {"tsumo_nondealer": "１,０００", "tsumo_dealer": "2000"})
>>> errors, [(p[0], p[3]) for p in parts]
({}, [('tsumo_nondealer', True), ('tsumo_dealer', True)])
>>> check(question, "hanfu", {"han": "", "fu": "abc"})[0]
{'han': 'empty', 'fu': 'not_a_number'}
"""
import json

from amounts import grouped as amount
from calculator import present as calculator_words
from engine.compat import normal
from engine.inputs import InputError, integer
from tiles import present as tile_words
from tiles.hand import tiles as tile_list

MODES = ("all", "hanfu", "payment")
FIELDS = ("han", "fu", "ron", "tsumo_nondealer", "tsumo_dealer", "tsumo_all")
TOPICS = ("yaku", "fu", "payment")  # progress is kept by these
TOPIC_OF = {"han": "yaku", "fu": "fu", "ron": "payment", "tsumo_nondealer": "payment",
            "tsumo_dealer": "payment", "tsumo_all": "payment"}
# Where the calculator's guide explains each topic (its sections' ids: build.py's load_guide).
GUIDE = {"yaku": "../#guide-tiles", "fu": "../#guide-riichi-formula",
         "payment": "../#guide-riichi-formula"}
MAX_ANSWER = 999_999  # more than any payment here
STORAGE_KEY = "mahjong-practice"
VERSION = 1
LIMIT_HAN = 5  # from 5 han the fu no longer change what a hand pays: fu is not asked


def limit_hand(question):
    tiles = question["answer"]["tiles"]
    return bool(tiles["yakuman"]) or tiles["han"] >= LIMIT_HAN


def dealer(question):
    return question["keys"]["seatwind"] == "E"


def payment_fields(question):
    if question["keys"]["win"] == "ron":
        return ["ron"]
    return ["tsumo_all"] if dealer(question) else ["tsumo_nondealer", "tsumo_dealer"]


def asked(question, mode):
    """The fields a question asks under `mode` (all | hanfu | payment), in the page's order: no
    fu on a limit hand, no han on a yakuman (a yakuman asks its payment whatever the mode)."""
    fields = []
    yakuman = bool(question["answer"]["tiles"]["yakuman"])
    if mode in ("all", "hanfu") and not yakuman:
        fields.append("han")
        if not limit_hand(question):
            fields.append("fu")
    if mode in ("all", "payment") or yakuman:
        fields += payment_fields(question)
    return fields


def expected(question, field):
    answer = question["answer"]
    if field == "han":
        return answer["tiles"]["han"]
    if field == "fu":
        return answer["tiles"]["fu"]
    payers = {"ron": "discarder", "tsumo_all": "nondealer", "tsumo_nondealer": "nondealer",
              "tsumo_dealer": "dealer"}
    return next(p["amount"] for p in answer["payments"] if p["payer"] == payers[field])


def read_number(text, field):
    """A typed answer as a whole number: full-width digits, thousands separators (3,900) and
    spaces allowed; InputError(field, empty | not_a_number | not_an_integer | below_zero |
    out_of_range): a number below zero is said so, not called too large (ja review)."""
    cleaned = "".join(char for char in normal(text) if char not in ", ，、")
    if not cleaned:
        raise InputError(field, "empty", text)
    number = integer(cleaned, field, -MAX_ANSWER, MAX_ANSWER)
    if number < 0:
        raise InputError(field, "below_zero", text)
    return number


def check(question, mode, typed):
    """The typed answers ({field: text}) held against the question: ({field: error code} for the
    fields that could not be read, [(field, expected, given, right)] for every field asked). An
    answer with an error is not checked."""
    errors, parts = {}, []
    for field in asked(question, mode):
        try:
            given = read_number(typed.get(field, ""), field)
        except InputError as error:
            errors[field] = error.code
            continue
        want = expected(question, field)
        parts.append((field, want, given, given == want))
    return errors, parts


def error_text(code, strings):
    return strings["practice"]["error"][code]


# ------------------------------------------------------------------ the question in words

def seat_text(wind, strings):
    words = strings["practice"]
    return words["seat"].format(wind=strings["option"]["seatwind"][wind],
                                role=strings["payer"]["dealer" if wind == "E" else "nondealer"])


def discarder(keys):
    """The seat whose discard was won on (a ron): the next seat round from the winner, chosen by
    the hand so that it stays the same on every phone."""
    others = [wind for wind in "ESWN" if wind != keys["seatwind"]]
    return others[len(keys["hand"]) % 3]


def situation(keys, strings):
    """The situation as the page's lines: round, seat, how it was won, riichi and the rest, honba."""
    words = strings["practice"]
    lines = [words["round"].format(wind=strings["option"]["roundwind"][keys["roundwind"]]),
             seat_text(keys["seatwind"], strings)]
    if keys["win"] == "ron":
        lines.append(words["ron_from"].format(seat=seat_text(discarder(keys), strings)))
    else:
        lines.append(words["tsumo"])
    for flag in ("doubleriichi", "riichi", "ippatsu", "rinshan", "haitei", "houtei"):
        if keys.get(flag) == "1":
            lines.append(words["declared"][flag])
    honba = int(keys.get("honba", "0"))
    lines.append(words["honba"].format(n=honba) if honba else words["no_honba"])
    return lines


def hand_tiles(keys):
    """The concealed tiles as shown: sorted, the winning tile taken out to stand apart; and the
    winning tile."""
    found = tile_list(keys["hand"])
    found.remove(keys["agari"])
    return found, keys["agari"]


def melds(keys):
    """[(kind, [tile, ...])] of the called and declared melds."""
    out = []
    for part in filter(None, keys["melds"].split(",")):
        kind, _sep, written = part.partition(":")
        out.append((kind, tile_list(written)))
    return out


def tile_label(found, strings):
    return tile_words.tile_names(found, strings)


def field_label(field, question, strings):
    return strings["practice"]["field"][field]


# ------------------------------------------------------------------ the explanation

def value_text(question, strings):
    """The hand's value as players say it: "3판 40부", "6판 하네만", a yakuman's name."""
    answer = question["answer"]
    tiles = answer["tiles"]
    words = strings["practice"]
    if tiles["yakuman"]:
        return strings["tier"][answer["tier"]]
    if answer["tier"] != "none":
        return words["han_tier"].format(han=tiles["han"], tier=strings["tier"][answer["tier"]])
    return strings["tiles"]["han_fu"].format(han=tiles["han"], fu=tiles["fu"])


def explain(question, strings):
    """The explanation's parts: {"yaku": [(name, value)], "dora": [(label, value)] (each counted
    in han as the yaku are: 「ドラ」「2飜」), "han",
    "fu": [(row, item, fu)] (empty for a yakuman), "limit" (text or ""), "payments",
    "sentence"}."""
    answer = question["answer"]
    tiles = answer["tiles"]
    words = strings["practice"]
    view = calculator_words.view(answer, strings)
    limit = ""
    if tiles["yakuman"]:
        limit = words["explain_limit"]["yakuman"].format(tier=strings["tier"][answer["tier"]])
    elif answer["tier"] != "none":
        limit = words["limit"].format(tier=strings["tier"][answer["tier"]])
        if tiles["han"] < LIMIT_HAN:
            limit = words["limit_by_fu"].format(tier=strings["tier"][answer["tier"]],
                                                han=tiles["han"], fu=tiles["fu"])
    return {
        "yaku": [(name, value) for _key, name, value in tile_words.yaku_rows(tiles, strings)],
        "dora": [(label, tile_words.han_text(count, strings))
                 for _kind, label, count in tile_words.dora_rows(tiles, strings)],
        "han": "" if tiles["yakuman"] else words["han_total"].format(n=tiles["han"]),
        "fu": [] if tiles["yakuman"] else view["fu_rows"],
        "limit": limit,
        "value": value_text(question, strings),
        "payments": view["payments"],
        "sentence": view["explanation"],
    }


def part_text(part, question, strings):
    """One checked part: "판 3 — 맞았어요" / "판: 4라고 적었어요. 답은 3이에요"."""
    field, want, given, right = part
    words = strings["practice"]
    label = words["field_short"][field]
    if right:
        return words["part_right"].format(label=label, value=amount(want))
    return words["part_wrong"].format(label=label, given=amount(given), value=amount(want))


def missed_topics(parts):
    """The topics of the parts answered wrong, in TOPICS order."""
    wrong = {TOPIC_OF[field] for field, _w, _g, right in parts if not right}
    return [topic for topic in TOPICS if topic in wrong]


def score_text(right, answered, total, strings):
    return strings["practice"]["score"].format(right=right, answered=answered, total=total)


# ------------------------------------------------------------------ progress kept on the phone

def new_progress():
    return {"version": VERSION, "topics": {topic: [0, 0] for topic in TOPICS}}


def read_progress(text):
    """Stored text -> (progress, problem): a fresh progress and None where nothing is stored;
    the stored progress where it reads; otherwise a fresh one and the problem ("unreadable" or
    "newer"), and the caller keeps the stored text as it is (never dropped silently).

    >>> read_progress(None)[1], read_progress('{"version": 9}')[1], read_progress("{")[1]
    (None, 'newer', 'unreadable')
    >>> read_progress(dumps(add(new_progress(), "fu", True)))[0]["topics"]["fu"]
    [1, 1]
    """
    if text is None:
        return new_progress(), None
    try:
        stored = json.loads(text)
    except ValueError:
        return new_progress(), "unreadable"
    if not isinstance(stored, dict) or not isinstance(stored.get("version"), int):
        return new_progress(), "unreadable"
    if stored["version"] > VERSION:
        return new_progress(), "newer"
    progress = new_progress()
    topics = stored.get("topics")
    if not isinstance(topics, dict):
        return progress, "unreadable"
    for topic in TOPICS:
        counts = topics.get(topic, [0, 0])
        if (not isinstance(counts, list) or len(counts) != 2
                or not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in counts)
                or counts[1] > counts[0]):
            return new_progress(), "unreadable"
        progress["topics"][topic] = list(counts)
    for name in ("mode", "preset", "honba"):
        if isinstance(stored.get(name), str):
            progress[name] = stored[name]
    return progress, None


def add(progress, topic, right):
    counts = progress["topics"][topic]
    counts[0] += 1
    counts[1] += 1 if right else 0
    return progress


def dumps(progress):
    """The progress as stored: its keys in one order (a MicroPython dict keeps none)."""
    topics = ",".join(f'"{topic}":[{progress["topics"][topic][0]},{progress["topics"][topic][1]}]'
                      for topic in TOPICS)
    settings = "".join(f',"{name}":{json.dumps(progress[name])}' for name in ("mode", "preset", "honba")
                       if name in progress)
    return f'{{"version":{VERSION},"topics":{{{topics}}}{settings}}}'


def progress_rows(progress, strings):
    """[(topic label, "answered / right" text)] for the progress table."""
    words = strings["practice"]
    rows = []
    for topic in TOPICS:
        answered, right = progress["topics"][topic]
        rows.append((words["topic"][topic], words["progress_count"].format(answered=answered,
                                                                           right=right)))
    return rows


# ------------------------------------------------------------------ the address: #q=SEED

def read_hash(text):
    """'#q=SEED&preset=NAME&honba=0' -> {"q": ..., ...} of the names it holds (text values)."""
    found = {}
    for part in text.lstrip("#").split("&"):
        name, sep, value = part.partition("=")
        if sep and name in ("q", "preset", "honba") and name not in found:
            found[name] = value
    return found


def write_hash(seed, preset, honba, default_preset):
    """The address of a set: '#q=SEED', with the preset and honba=0 where they are not the
    default (the same set, answers and all, on any phone)."""
    text = f"#q={seed}"
    if preset != default_preset:
        text += f"&preset={preset}"
    if not honba:
        text += "&honba=0"
    return text
