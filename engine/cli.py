"""What the engine's JSON command lines share: one JSON file (``-`` for standard input) in, one
JSON answer out, and a bad input printed as ``{"error": {...}}`` with exit status 2."""
import json
import sys

from .inputs import MAX_JSON_TEXT, InputError, read_json


def run(argv, usage, unreadable, answer, errors):
    """Read the one JSON argument of `argv` (``--pretty`` indents the output) and print
    ``answer(value)``. `unreadable(message)` is the error for a file that is not JSON; `errors`
    the exception types `answer` raises for a bad value (each with ``as_dict()``). The text is
    bounded before it is parsed (engine.inputs.read_json), and whatever a hostile file makes
    go wrong is a JSON error with exit status 2, never a traceback."""
    pretty = "--pretty" in argv
    paths = [arg for arg in argv if arg != "--pretty"]
    if len(paths) != 1:
        print(usage, file=sys.stderr)
        return 2
    try:
        if paths[0] == "-":
            text = sys.stdin.read(MAX_JSON_TEXT + 1)
        else:
            with open(paths[0], encoding="utf-8") as file:
                text = file.read(MAX_JSON_TEXT + 1)
        value = read_json(text)
    except (OSError, UnicodeDecodeError) as error:
        return _refuse(unreadable(str(error)))
    except InputError as error:
        return _refuse(unreadable(error.value))
    try:
        output = answer(value)
    except errors as error:
        return _refuse(error)
    except Exception as error:  # noqa: BLE001 (a reader's bug: said as unreadable, not a traceback)
        return _refuse(unreadable(f"{type(error).__name__}: {error}"))
    print(json.dumps(output, ensure_ascii=False, indent=2 if pretty else None))
    return 0


def _refuse(error):
    print(json.dumps({"error": error.as_dict()}, ensure_ascii=False))
    return 2
