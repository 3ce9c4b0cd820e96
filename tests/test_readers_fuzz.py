"""Issue 34: every reader of outside text, fuzzed (hypothesis). Any text or JSON value in, and out
comes a value or the reader's own error type, nothing else (no TypeError from a list where a
string was expected, no RecursionError, no ValueError of a 5,000-digit number), within a time
bound: a link (engine.ledger.link), a pasted or stored game and the "export all" bundle
(engine.ledger.envelope), the storage's index (open_shelf), a record (engine.ledger.replay), a
conditions state and the conditions page's query (engine.conditions.state), the calculator's
query (engine.query.parse), and the bounded JSON reader they share (engine.inputs.read_json)."""
import base64
import json
import zlib

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.conditions.state import StateError, read_query, read_state
from engine.inputs import InputError, read_json
from engine.keys import KEYS
from engine.ledger import RecordError, replay
from engine.ledger import link
from engine.ledger.envelope import BUNDLE, FORMAT, ShelfError, checked_game, read_envelope
from engine.ledger.games import open_shelf
from engine.ledger.storage import GAME, INDEX, MemoryStorage
from engine.ledger.record import HAND_KEYS, WINNER_KEYS
from engine.presets import FIELDS
from engine.query import parse

NOW = "2026-12-07T10:00:00.000Z"
FUZZ = settings(max_examples=150, deadline=2000,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

# Values of every JSON kind, the hostile ones among them: huge and negative numbers, NaN-like
# floats, long and bidi strings, lists where a string belongs and the other way round.
ATOMS = (st.none() | st.booleans() | st.integers(-10, 10) | st.integers()
         | st.sampled_from([10 ** 40, -(10 ** 40), 25000, 1000, 999, 0, 1.5, 1e308, -0.0])
         | st.floats(allow_nan=False, allow_infinity=False)
         | st.text(max_size=12)
         | st.sampled_from(["ron", "tsumo", "draw", "abort", "chombo", "r", "t", "d", "a", "",
                            "0123", "\u202eEve", "x" * 500, "tenhou", "mleague", "south", "1"]))
KEY_NAMES = st.sampled_from(sorted({*FIELDS, *HAND_KEYS, *WINNER_KEYS, "rules", "hands", "preset",
                                    "format", "version", "record", "names", "ended", "games",
                                    "unreadable", "current", "order", "next", "r", "n", "h", "e",
                                    "seat", "place", "riichi", "scores", "dealer"})) | st.text(max_size=6)
VALUES = st.recursive(ATOMS, lambda inner: st.lists(inner, max_size=5)
                      | st.dictionaries(KEY_NAMES, inner, max_size=6), max_leaves=30)


@st.composite
def hands(draw):
    """A hand of the record's shape with any values in it."""
    hand = {"result": draw(st.sampled_from(["ron", "tsumo", "draw", "abort", "chombo"]) | ATOMS)}
    for key in draw(st.lists(st.sampled_from(sorted(HAND_KEYS - {"result"})), max_size=4)):
        if key == "winners" and draw(st.booleans()):
            hand[key] = draw(st.lists(st.fixed_dictionaries(
                {"seat": st.integers(-1, 4) | ATOMS},
                optional={name: ATOMS | st.integers(0, 13) for name in WINNER_KEYS - {"seat"}}),
                max_size=3))
        else:
            hand[key] = draw(st.lists(st.integers(-1, 4), max_size=4) | VALUES)
    return hand


RULES = st.dictionaries(st.sampled_from(sorted({*FIELDS, "preset"})), ATOMS | VALUES, max_size=4)
RECORDS = st.fixed_dictionaries({}, optional={"rules": RULES | VALUES,
                                              "hands": st.lists(hands() | VALUES, max_size=6)})
ENVELOPES = st.fixed_dictionaries(
    {"format": st.just(FORMAT) | ATOMS, "version": st.sampled_from([1, 2, 3, True]) | ATOMS},
    optional={"record": RECORDS | VALUES, "names": st.lists(ATOMS, max_size=5) | VALUES,
              "ended": ATOMS, "started": ATOMS, "saved": ATOMS, "id": ATOMS})
BUNDLES = st.fixed_dictionaries(
    {"format": st.just(BUNDLE), "version": st.sampled_from([2, 3]) | ATOMS,
     "games": st.lists(ENVELOPES | RECORDS | st.fixed_dictionaries({"unreadable": st.text()})
                       | VALUES, max_size=3) | VALUES})
# Texts: JSON of the shapes above, cut or not, nested past any bound, or anything at all.
DEEP = st.builds(lambda n, open_, tail: open_ * n + tail, st.integers(15, 30_000),
                 st.sampled_from(["[", '{"a":', '{"hands":[', "[1,"]), st.sampled_from(["", "]"]))


def texts(values):
    dumped = values.map(lambda value: json.dumps(value, ensure_ascii=False))
    cut = st.builds(lambda text, at: text[:at], dumped, st.integers(0, 200))
    return dumped | cut | DEEP | st.text(max_size=200)


def only(errors, reader, *args):
    """The reader's value, or None when it refused with one of its own `errors`; any other
    exception fails the test."""
    try:
        return reader(*args)
    except errors:
        return None


def packed(text):
    body = base64.urlsafe_b64encode(zlib.compress(text.encode("utf-8", "surrogatepass")))
    return "1" + body.decode("ascii").rstrip("=")


@FUZZ
@given(texts(VALUES | ENVELOPES | BUNDLES))
def test_read_json_gives_a_value_or_an_input_error(text):
    only(InputError, read_json, text)


@FUZZ
@given(st.text(max_size=300) | texts(VALUES).map(packed)
       | texts(st.fixed_dictionaries({"r": RULES | VALUES, "n": st.lists(ATOMS) | VALUES,
                                      "h": st.lists(st.lists(ATOMS, max_size=5) | hands()
                                                    | VALUES, max_size=5) | VALUES},
                                     optional={"e": ATOMS})).map(packed))
def test_a_link_gives_a_game_or_a_link_error(text):
    game = only(link.LinkError, link.from_fragment, "#g=" + text)
    if game is not None:  # the page checks it next, as any record
        only(ShelfError, checked_game, game, game["names"], game["ended"])


@FUZZ
@given(texts(ENVELOPES | RECORDS | VALUES))
def test_a_stored_or_pasted_game_gives_a_game_or_a_shelf_error(text):
    only(ShelfError, read_envelope, text)


@FUZZ
@given(texts(BUNDLES | ENVELOPES | RECORDS))
def test_an_import_gives_games_or_a_shelf_error_and_the_shelf_still_opens(text):
    storage = MemoryStorage()
    shelf = open_shelf(storage, NOW)
    only(ShelfError, shelf.import_text, text, NOW)
    reopened = open_shelf(storage, NOW)
    reopened.entries()


INDEXES = st.fixed_dictionaries({}, optional={"current": ATOMS | VALUES,
                                              "order": st.lists(ATOMS, max_size=4) | VALUES,
                                              "next": ATOMS, "format": ATOMS, "version": ATOMS})


@FUZZ
@given(texts(INDEXES), st.dictionaries(st.text(max_size=5), texts(ENVELOPES), max_size=3))
def test_any_storage_opens_and_lists_its_games(index, stored):
    storage = MemoryStorage({INDEX: index, **{GAME + key: text for key, text in stored.items()}})
    shelf = open_shelf(storage, NOW)
    for entry in shelf.entries():
        assert entry["problem"] in (None, "bad_json", "wrong_format", "unknown_version",
                                    "bad_record", "names")
    current = shelf.current()
    assert current is None or current in shelf.ids()


@FUZZ
@given(RECORDS | VALUES)
def test_a_record_gives_a_game_or_a_record_error(record):
    only(RecordError, replay, record)


STATES = st.fixed_dictionaries({}, optional={
    "rules": RULES | VALUES, "players": ATOMS, "scores": st.lists(ATOMS, max_size=5) | VALUES,
    "dealer": ATOMS, "honba": ATOMS, "sticks": ATOMS, "seat": ATOMS, "place": ATOMS,
    "riichi": ATOMS, "record": RECORDS | VALUES})


@FUZZ
@given(STATES | VALUES)
def test_a_conditions_state_gives_an_answer_or_a_state_error(state):
    only(StateError, read_state, state)


QUERY_TEXT = st.text(max_size=40) | st.sampled_from(["3", "0", "-1", "1e309", "NaN", "３０", "9" * 5000,
                                                     "25,000,25,000", "a,b,c,d", "<b>", "\u202e3"])


@FUZZ
@given(st.dictionaries(st.sampled_from(["players", "scores", "dealer", "honba", "sticks", "seat",
                                        "place", "riichi", "ties", "kiriage", "multi",
                                        "tsumoloss", "x"]),
                       QUERY_TEXT | st.lists(QUERY_TEXT, max_size=3), max_size=8))
def test_the_conditions_query_gives_a_state_or_a_state_error(mapping):
    only(StateError, read_query, mapping)


@FUZZ
@given(st.dictionaries(st.sampled_from(sorted(KEYS)) | st.text(max_size=5),
                       QUERY_TEXT | st.lists(QUERY_TEXT, max_size=3), max_size=10))
def test_the_calculators_query_gives_inputs_or_an_input_error(mapping):
    only(InputError, parse, mapping)
