"""``python -m engine.conditions STATE.json`` (``-`` for standard input): print SPEC §7's answer
for the state's seat and place; a bad state prints ``{"error": {...}}`` and exits with status 2."""
import json
import sys

from . import StateError, conditions, read_state


def main(argv):
    pretty = "--pretty" in argv
    paths = [arg for arg in argv if arg != "--pretty"]
    if len(paths) != 1:
        print("usage: python -m engine.conditions [--pretty] STATE.json|-", file=sys.stderr)
        return 2
    try:
        if paths[0] == "-":
            text = sys.stdin.read()
        else:
            with open(paths[0], encoding="utf-8") as file:
                text = file.read()
        state = json.loads(text)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        error = StateError("state", "unreadable", str(error))
        print(json.dumps({"error": error.as_dict()}, ensure_ascii=False))
        return 2
    try:
        table, seat, place, riichi = read_state(state)
    except StateError as error:
        print(json.dumps({"error": error.as_dict()}, ensure_ascii=False))
        return 2
    answer = conditions(table, seat, place, riichi)
    print(json.dumps(answer, ensure_ascii=False, indent=2 if pretty else None))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
