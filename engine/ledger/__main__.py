"""``python -m engine.ledger RECORD.json`` (``-`` for standard input): replay a game record and
print SPEC §6.3's JSON; a bad record prints ``{"error": {...}}`` and exits with status 2."""
import json
import sys

from . import RecordError, replay


def main(argv):
    pretty = "--pretty" in argv
    paths = [arg for arg in argv if arg != "--pretty"]
    if len(paths) != 1:
        print("usage: python -m engine.ledger [--pretty] RECORD.json|-", file=sys.stderr)
        return 2
    try:
        if paths[0] == "-":
            text = sys.stdin.read()
        else:
            with open(paths[0], encoding="utf-8") as file:
                text = file.read()
        record = json.loads(text)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        error = RecordError(None, "record", "unreadable", str(error))
        print(json.dumps({"error": error.as_dict()}, ensure_ascii=False))
        return 2
    try:
        game = replay(record)
    except RecordError as error:
        print(json.dumps({"error": error.as_dict()}, ensure_ascii=False))
        return 2
    print(json.dumps(game, ensure_ascii=False, indent=2 if pretty else None))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
