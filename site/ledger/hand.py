"""The next-hand form: what it states, what it would change before it is added, and a hand
carried over from the calculator's link."""
import engine
from engine import ledger
from engine.query import parse
from ledger.page import (clear_errors, each, el, error_text, L, q, round_text, set_text,
                         show_error, state, win)
from ledger.game import current_game, engine_record, standing
from ledger.present import signed

ERROR_BOX = {"from": "from", "winners": "winner", "seat": "winner", "han": "winner",
             "fu": "winner", "yakuman": "winner", "pao": "winner", "tenpai": "tenpai",
             "nagashi": "nagashi", "riichi": "riichi"}
NOT_YET = {("no_winner", "winners"), ("missing", "from"), ("missing", "seat")}


def checked(name):
    return [int(box.value) for box in each(f'input[name="{name}"]:checked', el["hand_form"])]


def read_form_hand():
    """The hand as the form states it, in the record's keys (values as the controls hold them);
    the engine checks it."""
    result = el["hand_form"].elements.namedItem("result").value
    hand = {"result": result, "riichi": checked("riichi")}
    if result in ("ron", "tsumo"):
        hand["winners"] = []
        for seat in checked("winner"):
            box = q(f'[data-ledger-winner="{seat}"]', el["hand_form"])
            winner = {"seat": seat, "yakuman": q('[name="yakuman"]', box).value}
            if winner["yakuman"] == "0":
                winner.update(han=q('[name="han"]', box).value, fu=q('[name="fu"]', box).value)
            elif q('[name="pao"]', box).value:
                winner["pao"] = q('[name="pao"]', box).value
            hand["winners"].append(winner)
        if result == "ron":
            hand["from"] = el["hand_form"].elements.namedItem("from").value or None
            if hand["from"] is None:
                del hand["from"]
    elif result == "draw":
        hand["tenpai"] = checked("tenpai")
        hand["nagashi"] = checked("nagashi")
    elif result == "chombo" and el["hand_form"].elements.namedItem("seat").value:
        hand["seat"] = el["hand_form"].elements.namedItem("seat").value
    return hand


def error_box(error, raw):
    """The box a hand's error shows in: a chombo's seat has a box of its own."""
    if raw["result"] == "chombo" and error.field == "seat":
        return "seat"
    return ERROR_BOX.get(error.field, "hand")


def preview(_event=None, adding=False):
    """What the hand in the form would change, before it is added. A choice still to make is a
    hint while the form is filled in, and an error when the hand is added."""
    record = state["record"]
    clear_errors(el["hand_form"])
    if record is None or current_game(record)["over"]:
        return None
    raw = read_form_hand()
    index = len(record["hands"])
    try:
        hand = ledger.read_hand(raw, index, ledger.rules_from(record["rules"]))
        before = current_game(record)
        after = ledger.replay({**engine_record(record), "hands": [*record["hands"], hand]})
    except ledger.RecordError as error:
        if (error.code, error.field) in NOT_YET and not adding:  # not a mistake yet
            set_text("[data-ledger-preview-next]", error_text(error))
        else:
            show_error(error_box(error, raw), error_text(error), el["hand_form"])
            set_text("[data-ledger-preview-next]", "")
        for seat in range(4):
            set_text(f'[data-ledger-preview="{seat}"]', "–")
        return None
    for seat, (old, new) in enumerate(zip(standing(before), standing(after))):
        set_text(f'[data-ledger-preview="{seat}"]', signed(new - old))
    if after["over"]:
        line = L["hand"]["preview_over"]
    else:
        upcoming = after["next"]
        line = L["hand"]["preview_next"].format(round=round_text(upcoming["round"]),
                                                honba=upcoming["honba"], sticks=upcoming["sticks"])
    set_text("[data-ledger-preview-next]", line)
    return hand


def clear_form():
    """The form as it starts, after a hand is added."""
    el["hand_form"].reset()
    set_text("[data-ledger-carried]", "")
    q("[data-ledger-carried]").hidden = True
    preview()


def carry_from_calculator():
    """A calculator link (?han=4&fu=40&win=tsumo&seat=dealer) fills the next-hand form once."""
    params = win().URLSearchParams.new(win().location.search)
    mapping = {name: params.get(name) for name in engine.KEYS if params.has(name)}
    if not mapping or state["record"] is None:
        return  # kept in the address until a game is running
    win().history.replaceState(None, "", win().location.pathname)
    try:
        values = parse(mapping)
        result = engine.calculate_values(values)
    except engine.InputError:
        return
    if values["rule"] != "riichi":
        return
    el["hand_form"].elements.namedItem("result").value = values["win"]
    for box in each("[data-ledger-winner]", el["hand_form"]):
        q('[name="yakuman"]', box).value = str(values["yakuman"])
        if not values["yakuman"]:
            q('[name="han"]', box).value = str(values["han"])
            q('[name="fu"]', box).value = str(result["fu"])
    game = current_game(state["record"])
    if values["seat"] == "dealer" and not game["over"]:
        q(f'#lh-winner-{game["next"]["dealer"]}').checked = True
    if values["yakuman"]:
        hand = L["yakuman"][str(values["yakuman"])]
    else:
        hand = L["hand"]["carried_hand"].format(han=values["han"], fu=result["fu"])
    words = L["hand"]["carried"].format(
        hand=L["joiner"]["carried"].join((hand, L["choice"]["result"][values["win"]])))
    set_text("[data-ledger-carried]", words)
    q("[data-ledger-carried]").hidden = False
