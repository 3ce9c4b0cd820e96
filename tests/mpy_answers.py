"""The CPython side of the tests that run the engine and the pages' modules under MicroPython
(tests/test_micropython.py, tests/test_micropython_site.py): what tools/mpy_run.mjs's driver
answers, computed here under CPython, and the random ledger hands both batches play."""
import json


def find(path):
    """The function `path` names ("engine.calculate")."""
    module_name, _dot, name = path.rpartition(".")
    module = __import__(module_name, fromlist=[name])
    return getattr(module, name)


def cpython_answer(call, aliases=()):
    """What the harness's driver answers to `call`, here under CPython, through JSON alike;
    `aliases`: (prefix, CPython's prefix) for the helpers the harness imports by another name."""
    try:
        if "import" in call:
            __import__(call["import"])
            answer = {"value": True}
        else:
            fn = call["fn"]
            for prefix, here in aliases:
                if fn.startswith(prefix):
                    fn = here + fn[len(prefix):]
            answer = {"value": find(fn)(*call.get("args", []), **call.get("kwargs", {}))}
    except Exception as error:  # noqa: BLE001 (every error is an answer to compare)
        if hasattr(error, "as_dict"):
            answer = {"error": error.as_dict()}
        else:
            answer = {"exception": {"type": type(error).__name__, "message": str(error)}}
    return json.loads(json.dumps(answer))


def random_hand(rng, players):
    """A hand of any kind (ron, double and triple ron, tsumo, draw with nagashi, abort, chombo;
    riichi, yakuman, pao) for `players`, drawn from `rng`."""
    seats = list(range(players))
    riichi = sorted(rng.sample(seats, rng.choice((0, 0, 0, 1, 2))))
    kind = rng.choice(("ron", "ron", "tsumo", "tsumo", "draw", "abort", "chombo", "multi"))

    def winner(seat):
        if rng.random() < 0.15:
            found = {"seat": seat, "yakuman": rng.randint(1, 3)}
            if rng.random() < 0.3:
                found["pao"] = (seat + rng.randint(1, players - 1)) % players
            return found
        return {"seat": seat, "han": rng.randint(1, 13), "fu": rng.choice((20, 25, 30, 40, 110))}

    order = rng.sample(seats, players)
    if kind == "ron":
        return {"result": "ron", "from": order[0], "winners": [winner(order[1])], "riichi": riichi}
    if kind == "multi":
        count = rng.randint(2, players - 1)
        return {"result": "ron", "from": order[0], "riichi": riichi,
                "winners": [winner(seat) for seat in order[1:1 + count]]}
    if kind == "tsumo":
        return {"result": "tsumo", "winners": [winner(order[0])], "riichi": riichi}
    if kind == "draw":
        return {"result": "draw", "tenpai": sorted(rng.sample(seats, rng.randint(0, players))),
                "nagashi": [order[0]] if rng.random() < 0.1 else [], "riichi": riichi}
    if kind == "abort":
        return {"result": "abort", "riichi": riichi}
    return {"result": "chombo", "seat": order[0], "riichi": riichi}
