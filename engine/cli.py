"""What the engine's JSON command lines share: one JSON file (``-`` for standard input) in, one
JSON answer out, and a bad input printed as ``{"error": {...}}`` with exit status 2."""
import json
import sys


def run(argv, usage, unreadable, answer, errors):
    """Read the one JSON argument of `argv` (``--pretty`` indents the output) and print
    ``answer(value)``. `unreadable(message)` is the error for a file that is not JSON; `errors`
    the exception types `answer` raises for a bad value (each with ``as_dict()``)."""
    pretty = "--pretty" in argv
    paths = [arg for arg in argv if arg != "--pretty"]
    if len(paths) != 1:
        print(usage, file=sys.stderr)
        return 2
    try:
        if paths[0] == "-":
            text = sys.stdin.read()
        else:
            with open(paths[0], encoding="utf-8") as file:
                text = file.read()
        value = json.loads(text)
        output = answer(value)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        print(json.dumps({"error": unreadable(str(error)).as_dict()}, ensure_ascii=False))
        return 2
    except errors as error:
        print(json.dumps({"error": error.as_dict()}, ensure_ascii=False))
        return 2
    print(json.dumps(output, ensure_ascii=False, indent=2 if pretty else None))
    return 0
