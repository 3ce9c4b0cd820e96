"""The rules form that starts a game: presets, the player count, the seats' names."""
import dom
from engine import ledger
from engine.ledger import envelope
from engine.compat import stripped
from engine.presets import FIELDS, preset_rules
from ledger.page import handlers, clear_errors, each, el, error_text, L, q, show_error, win


def setup_field(name):
    return el["rules_form"].elements.namedItem(name)


def setup_players():
    return int(setup_field("players").value)


def fill_uma(uma):
    for box, value in zip(each('input[name="uma"]', el["rules_form"]), list(uma) + [""]):
        box.value = str(value)


def fill_rules(rules):
    for field in FIELDS:
        if field in ("players", "uma"):
            continue
        element = setup_field(field)
        if element.type == "checkbox":
            element.checked = bool(rules[field])
        else:
            element.value = str(rules[field])
    setup_field("target").dataset.follows = "1" if rules["target"] == rules["return"] else "0"
    fill_uma(rules["uma"])


@handlers.on("change", "#lr-preset")
def on_preset(_event=None):
    """A preset fills every rule for the chosen player count; "custom" keeps the rules as they
    are and takes only the player-dependent start, return and uma from the defaults."""
    name = setup_field("preset").value
    players = setup_players()
    clear_errors(el["rules_form"])
    if name != "custom":
        try:
            fill_rules(preset_rules(name, players))
            return
        except ValueError:  # a rule set played by four only
            setup_field("preset").value = "custom"
            show_error("rules", L["setup"]["three_not_offered"], el["rules_form"])
    seats = ledger.rules_from({"players": players})
    for field in ("start", "return", "target"):
        setup_field(field).value = str(seats[field])
    setup_field("target").dataset.follows = "1"
    fill_uma(seats["uma"])


@handlers.on("change", "#ledger-rules")
def on_rule_edit(event):
    """A rule changed by hand makes the rules "custom". The target follows the return score
    while the two are equal (SPEC §6.1: target defaults to return); a target of its own stays."""
    name = event.target.name
    if name == "players":
        on_preset()
    elif name not in ("preset", "name"):
        setup_field("preset").value = "custom"
    if name == "return":
        target = setup_field("target")
        if target.dataset.follows != "0":
            target.value = event.target.value
    elif name == "target":
        setup_field("target").dataset.follows = "0"


def read_rules():
    mapping = {}
    for field in FIELDS:
        if field == "uma":
            boxes = each('input[name="uma"]', el["rules_form"])[:setup_players()]
            mapping["uma"] = [stripped(box.value) for box in boxes]
            continue
        element = setup_field(field)
        if field == "players":
            mapping[field] = element.value
        elif element.type == "checkbox":
            mapping[field] = 1 if element.checked else 0
        else:
            mapping[field] = stripped(element.value)
    return ledger.rules_from(mapping)


def read_new_game():
    """The game the form starts, or None with the error shown next to its field."""
    clear_errors(el["rules_form"])
    try:
        rules = read_rules()
    except ledger.RecordError as error:
        show_error(error.field, error_text(error), el["rules_form"])
        q("#ledger-rule-list").open = True
        return None
    names = [stripped(box.value) for box in each('input[name="name"]', el["rules_form"])]
    return envelope.new_game(rules, names[:rules["players"]],
                          envelope.new_uid(dom.random_bytes(win(), envelope.UID_BYTES)))
