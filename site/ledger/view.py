"""The table view drawn (SPEC §10.2): the round and the sticks in the middle, each seat's panel
(its name, its points with this hand's riichi already paid, its riichi and the pick target of the
entry being tapped in, its note), and the steps; drawn from the model whenever it changes, the
hand in progress kept with its game either way (ledger.draft)."""
from conditions import present as need_words
from engine import ledger
from engine.conditions import Table, every_seat, read_rules
from engine.ledger.preview import on_the_table
from ledger import board, draft, hand, sheet
from ledger.entry import target
from ledger.model import model
from ledger.page import L, el, q, round_text, strings, update_text
from amounts import signed_fixed, with_minus
from ledger.present import hand_dealer, named, place_text


def is_open():
    return "view" in el and not el["view"].hidden


def flag(selector, name, on):
    q(selector).setAttribute(name, "true" if on else "false")


def draw():
    """The view as the game and the form's riichi stand (nothing while it is closed); the hand
    in progress kept either way."""
    if not is_open():
        keep_draft()
        return
    record = model.record
    game = model.played(record)
    over = game["over"]
    dealer = hand_dealer(game)
    now = table_now(game, hand.riichi_now())
    riichi, scores = now["riichi"], now["scores"]
    update_text("[data-table-round]", round_text(now["round"]))
    update_text("[data-table-honba]", str(now["honba"]))
    update_text("[data-table-sticks]", str(now["sticks"]))
    q("[data-table-over]").hidden = not over
    entry = model.entry
    picking = entry is not None and entry["phase"] != "sheet"
    for seat in range(record["rules"]["players"]):
        name = named(L, record, seat, dealer)
        update_text(f'[data-table-name="{seat}"]', name)
        update_text(f'[data-table-score="{seat}"]', with_minus(scores[seat]))
        q(f'[data-table-dealer="{seat}"]').hidden = over or seat != dealer
        riichi_button = f'[data-table-riichi="{seat}"]'
        flag(riichi_button, "aria-pressed", seat in riichi)
        q(riichi_button).disabled = over
        update_text(riichi_button, L["table"]["riichi_on" if seat in riichi else "riichi"])
        q(f'[data-table-pick="{seat}"]').hidden = not picking
        if picking:
            what, chosen = target(entry, seat, riichi)
            update_text(f'[data-table-pick-what="{seat}"]', L["table"]["target"][what])
            update_text(f'[data-table-pick-name="{seat}"]', name)
            flag(f'[data-table-pick="{seat}"]', "aria-pressed", chosen)
            # a seat in riichi is tenpai in a draw: its tap changes nothing
            flag(f'[data-table-pick="{seat}"]', "aria-disabled", what == "tenpai" and seat in riichi)
    for seat, note in enumerate(seat_notes(record, game)):
        update_text(f'[data-table-note="{seat}"]', note)
        q(f'[data-table-note="{seat}"]').hidden = not note
    el["view"].dataset.mode = "idle" if entry is None else entry["phase"]
    q("[data-table-ends]").hidden = entry is not None or over
    q("[data-table-steps]").hidden = q("[data-table-prompt]").hidden = not picking
    if picking:
        phase = entry["phase"]
        several = entry["end"] == "ron" and phase == "winner" and entry["several"]
        update_text("[data-table-prompt]", L["table"]["pick_winners" if several else "pick_" + phase])
        # A double ron is offered from the start of a ron: pressed, every winner is tapped first.
        more = entry["end"] == "ron" and (phase == "winner" or (
            phase == "from" and len(entry["winners"]) < record["rules"]["players"] - 1))
        q("[data-table-more]").hidden = not more
        flag("[data-table-more]", "aria-pressed", several)
        q("[data-table-nagashi]").hidden = phase not in ("tenpai", "nagashi")
        q("[data-table-next]").hidden = phase not in ("tenpai", "nagashi") and not (
            several and entry["winners"])
        flag("[data-table-nagashi]", "aria-pressed", phase == "nagashi")
    q("[data-table-undo]").disabled = not (record["hands"] or record.get("ended"))
    # Four people share the phone: taking a hand back asks for a second tap, until anything else
    # is drawn.
    model.undo_armed, model.arming = model.arming, False
    update_text("[data-table-undo]", L["table"]["undo_sure"] if model.undo_armed else L["history"]["undo"])
    keep_draft()


def table_now(game, riichi):
    """What the view's middle and panels show of `game` (pure): the round and honba of the hand
    the board states (board.now_of), the sticks and each seat's points with this hand's `riichi`
    already on the table, and that riichi (none once the game is over).

    >>> game = {"over": False, "next": {"round": "E2", "honba": 1, "sticks": 1, "dealer": 1,
    ...                                 "scores": [25000, 26000, 24000, 24000]}}
    >>> now = table_now(game, [2])
    >>> now["sticks"], now["scores"], now["riichi"]
    (2, [25000, 26000, 23000, 24000], [2])
    """
    riichi = [] if game["over"] else riichi
    now = board.now_of(game)
    return {"round": now["round"], "honba": now["honba"], "sticks": now["sticks"] + len(riichi),
            "scores": on_the_table(ledger.standing(game), riichi), "riichi": riichi}


def keep_draft():
    """The hand in progress saved with its game (ledger.draft): the form as it stands, and the
    view's entry while the view is open and a hand is being entered."""
    entry = model.entry if is_open() and sheet.sheet_kind() != "diffs" else None
    draft.save({"open": is_open(), "entry": entry})


def seat_notes(record, game):
    """Each seat's line on its own panel: the game over, its place and result; in the last round,
    its place now and what it needs for first by tsumo (the ledger's conditions, SPEC §7, before
    this hand's riichi); else none. Made once per record (ledger.model)."""
    return model.notes(record, lambda: made_notes(record, game))


def made_notes(record, game):
    players = record["rules"]["players"]
    notes = [""] * players
    if game["over"]:
        final = game["final"]
        notes = [L["table"]["final_note"].format(place=place_text(L, final["places"][seat]),
                                                 result=signed_fixed(final["results"][seat]))
                 for seat in range(players)]
    else:
        rules = read_rules(record["rules"])
        upcoming = game["next"]
        if upcoming["all_last"]:
            table = Table(tuple(upcoming["scores"]), upcoming["dealer"], upcoming["honba"],
                          upcoming["sticks"], rules)
            for answer in every_seat(table, 1, 0):
                texts = need_words.view(answer, table.scores, table.dealer, strings,
                                        lambda seat: named(L, record, seat, upcoming["dealer"]))
                notes[answer["seat"]] = need_words.table_need(answer, table.scores, texts["tsumo"][0],
                                                              strings, rules["ties"])
    return notes
