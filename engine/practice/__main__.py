"""``python -m engine.practice --seed N --count K [--preset NAME] [--honba 0|1] [--pretty]``:
print the questions of the set N as a JSON list of ``{"keys": {...}, "answer": {...}}`` (SPEC
§12); a bad argument prints ``{"error": {"field", "code", "message"}}`` and exits with status 2."""
import json
import sys

from . import DEFAULT_PRESET, KEY_ORDER, PracticeError, questions, read_count, read_preset, read_seed

OPTIONS = ("seed", "count", "preset", "honba")
USAGE = "usage: python -m engine.practice --seed N --count K [--preset NAME] [--honba 0|1] [--pretty]"


def _arguments(argv):
    """{option: value} from ``--name value`` or ``--name=value``; PracticeError for the rest."""
    given, at = {}, 0
    while at < len(argv):
        arg = argv[at]
        at += 1
        if arg == "--pretty":
            given["pretty"] = True
            continue
        name, sep, value = arg[2:].partition("=") if arg.startswith("--") else ("", "", "")
        if name not in OPTIONS:
            raise PracticeError(arg, "unknown_field", arg)
        if not sep:
            if at >= len(argv):
                raise PracticeError(name, "empty", "")
            value = argv[at]
            at += 1
        if name in given:
            raise PracticeError(name, "not_allowed", value)
        given[name] = value
    if "seed" not in given:
        raise PracticeError("seed", "missing", "")
    return given


def _ordered(question):
    """A question with its keys in KEY_ORDER (the JSON reads in the calculator's order)."""
    keys = question["keys"]
    return {"keys": {key: keys[key] for key in KEY_ORDER if key in keys},
            "answer": question["answer"]}


def main(argv):
    try:
        given = _arguments(argv)
        seed = read_seed(given["seed"])
        count = read_count(given.get("count", "10"))
        preset = read_preset(given.get("preset", DEFAULT_PRESET))
        honba = given.get("honba", "1")
        if honba not in ("0", "1"):
            raise PracticeError("honba", "unknown_choice", honba)
    except PracticeError as error:
        print(json.dumps({"error": error.as_dict()}, ensure_ascii=False))
        return 2
    found = [_ordered(q) for q in questions(seed, count, preset, honba == "1")]
    print(json.dumps(found, ensure_ascii=False, indent=2 if given.get("pretty") else None))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
