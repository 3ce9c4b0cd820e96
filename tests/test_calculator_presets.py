"""engine.presets.preset_of, the one answer to "which preset are these rules", against every
preset: a game's whole rules object (the ledger's question), and the few table rules a hand
holds on the calculator's form (the preset selector's question, calculator.present)."""
import pytest

from calculator import present  # site/ is on the path (tests/conftest.py)
from engine import DEFAULTS
from engine.presets import FIELDS, NAMES, PRESETS, TILE_FIELDS, preset_of, preset_rules

GAMES = [(name, players) for name in NAMES for players in sorted(PRESETS[name]["seats"])]


def other(value, choices):
    """A value of a field other than `value`: its next choice, or a number moved by 100."""
    if choices is None:
        return [v + 100 for v in value] if isinstance(value, list) else value + 100
    return choices[(choices.index(value) + 1) % len(choices)]


@pytest.mark.parametrize("name,players", GAMES)
def test_a_games_rules_are_their_preset_and_any_change_makes_them_custom(name, players):
    rules = preset_rules(name, players)
    assert preset_of(rules) == name
    for field, choices in FIELDS.items():
        if field == "players":
            continue
        changed = dict(rules, **{field: other(rules[field], choices)})
        assert preset_of(changed) == "custom", field


@pytest.mark.parametrize("name", [name for name in NAMES if 3 not in PRESETS[name]["seats"]])
def test_a_game_of_a_count_the_preset_is_not_played_by_is_custom(name):
    """Four-player rule sets played three-handed are no preset (the ledger)."""
    rules = dict(preset_rules(name, 4), players=3, start=35000, uma=[15, 0, -15])
    rules["return"] = rules["target"] = 40000
    assert preset_of(rules) == "custom"


def form(name, players):
    """The calculator's form once the preset is chosen: its keys on the engine's defaults."""
    return dict(DEFAULTS, players=players, **present.preset_keys(name, players),
                **present.preset_tile_keys(name))


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("players", ["4", "3"])
def test_the_calculators_form_stays_on_its_preset_until_a_rule_changes(name, players):
    mapping = form(name, players)
    assert present.preset_matches(name, mapping)
    assert preset_of(present.table_rules(mapping), int(players), chosen=name) == name
    compared = present.PRESET_KEYS + present.TILE_PRESET_KEYS
    if players == "3" and 3 in PRESETS[name]["seats"]:
        compared += ("tsumoloss",)
    for key in compared:
        choices = tuple(str(value) for value in TILE_FIELDS.get(key, (0, 1)))
        changed = dict(mapping, **{key: other(mapping[key], choices)})
        assert not present.preset_matches(name, changed), key
    # tsumo loss is a three-player rule: four-handed, or under a four-player preset, it is free
    if "tsumoloss" not in compared:
        assert present.preset_matches(name, dict(mapping, tsumoloss="0"))
        assert present.preset_matches(name, dict(mapping, tsumoloss="1"))


def test_custom_matches_nothing_and_the_table_rules_are_the_presets():
    assert not present.preset_matches("custom", form("tenhou", "4"))
    assert tuple(TILE_FIELDS) == present.TILE_PRESET_KEYS
