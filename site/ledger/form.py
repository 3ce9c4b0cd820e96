"""The next-hand form's controls as a hand and back, without a page: what ledger.hand reads from
the form (the model's draft), what it writes into it, a calculator link's hand, and a winner's
values on the table view's sheet. The form and the table view are two editors of one draft; these
are the steps both take, tested in plain Python (tests/test_ledger_flows.py).

>>> ticked = {"riichi": [1], "winner": [1]}
>>> hand = stated("ron", lambda name: ticked.get(name, []),
...               lambda seat, name: {"yakuman": "0", "han": "3", "fu": "40"}.get(name, ""),
...               {"from": "2", "seat": ""}.get)
>>> hand["winners"], hand["from"], hand["riichi"]
([{'seat': 1, 'yakuman': '0', 'han': '3', 'fu': '40'}], '2', [1])
>>> shown(hand)["checked"]["winner"], shown(hand)["winners"], shown(hand)["fields"]["from"]
([1], [(1, {'yakuman': '0', 'han': '3', 'fu': '40', 'pao': ''})], '2')
"""

VALUES = ("han", "fu", "yakuman")  # a winner's values on the table view's sheet


def stated(result, checked, winner_value, field):
    """The hand the form states, in the record's keys (values as the controls hold them; the
    engine checks it). `result`: the ending chosen; `checked(name)`: the seats ticked under
    `name`; `winner_value(seat, name)`: a control of that winner's block; `field(name)`: the
    form's "from" or "seat" control."""
    hand = {"result": result, "riichi": checked("riichi")}
    if result in ("ron", "tsumo"):
        hand["winners"] = []
        for seat in checked("winner"):
            winner = {"seat": seat, "yakuman": winner_value(seat, "yakuman")}
            if winner["yakuman"] == "0":
                winner.update(han=winner_value(seat, "han"), fu=winner_value(seat, "fu"))
            elif winner_value(seat, "pao"):
                winner["pao"] = winner_value(seat, "pao")
            hand["winners"].append(winner)
        if result == "ron":
            hand["from"] = field("from") or None
            if hand["from"] is None:
                del hand["from"]
    elif result == "draw":
        hand["tenpai"] = checked("tenpai")
        hand["nagashi"] = checked("nagashi")
    elif result == "chombo" and field("seat"):
        hand["seat"] = field("seat")
    return hand


def shown(draft):
    """What the form shows for `draft` (a hand in the record's keys): the ending, the seats
    ticked under each name, each winner's values as texts (only those the draft has: a winner
    without them keeps its block as it is; a winner with a yakuman and no pao clears its pao),
    and the discarder and the chombo seat ("" for none). The winners' values are (seat, texts)
    pairs in the draft's order."""
    winners = draft.get("winners", []) if draft["result"] in ("ron", "tsumo") else []
    chosen = {"riichi": draft.get("riichi", []), "winner": [w["seat"] for w in winners],
              "tenpai": draft.get("tenpai", []), "nagashi": draft.get("nagashi", [])}
    values = []
    for winner in winners:
        given = {"yakuman": winner.get("yakuman"), "han": winner.get("han"), "fu": winner.get("fu"),
                 "pao": winner.get("pao", "" if "yakuman" in winner else None)}
        values.append((winner["seat"], {name: str(value) for name, value in given.items()
                                         if value is not None}))
    return {"result": draft["result"],
            "checked": {name: [int(seat) for seat in seats] for name, seats in chosen.items()},
            "winners": values,
            "fields": {name: "" if draft.get(name) is None else str(draft[name])
                       for name in ("from", "seat")}}


def carried(values, fu, game):
    """What a calculator link (engine.query.parse's `values`; `fu`: its result's fu) writes into
    the form of a game (`game`: its replay): the ending, the values every winner's block gets,
    and the winner ticked: the dealer of the hand about to be played when the link's seat is the
    dealer (None otherwise).

    >>> values = {"win": "tsumo", "yakuman": 0, "han": 4, "seat": "dealer"}
    >>> carried(values, 40, {"over": False, "next": {"dealer": 2}})
    {'result': 'tsumo', 'values': {'yakuman': '0', 'han': '4', 'fu': '40'}, 'winner': 2}
    """
    given = {"yakuman": str(values["yakuman"])}
    if not values["yakuman"]:
        given.update(han=str(values["han"]), fu=str(fu))
    chosen = values["seat"] == "dealer" and not game["over"]
    return {"result": values["win"], "values": given,
            "winner": game["next"]["dealer"] if chosen else None}


def winner_values(draft, seat):
    """The han, fu and yakuman the draft has for winner `seat` (the sheet shows them)."""
    found = {}
    for winner in draft.get("winners", []):
        if winner["seat"] == seat:
            found.update({name: winner[name] for name in VALUES if name in winner})
    return found


def with_values(draft, seat, values):
    """The draft with the sheet's `values` (han, fu, yakuman) for winner `seat`."""
    winners = [dict(winner, **values) if winner["seat"] == seat else winner
               for winner in draft.get("winners", [])]
    return dict(draft, winners=winners)
