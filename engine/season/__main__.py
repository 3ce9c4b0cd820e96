"""``python -m engine.season FILE...``: the season of the page's export files (one game or every
game; several files merged as the page merges them; ``-`` for standard input; a game or
season link in a text file too), printed as SPEC §11.4's JSON. A file that cannot be read
prints ``{"error": {"field", "code", "message"}}`` and exits with status 2; a game that cannot
be read inside a good file is named on standard error as ``{"warning": {...}}``, the others
counted."""
import json
import sys

from ..inputs import MAX_JSON_TEXT
from . import SeasonError, read_input, season

USAGE = "usage: python -m engine.season [--pretty] FILE... (- for standard input)"


def _text(path):
    if path == "-":
        return sys.stdin.read(MAX_JSON_TEXT + 1)
    with open(path, encoding="utf-8-sig") as file:  # a BOM from a spreadsheet program goes
        return file.read(MAX_JSON_TEXT + 1)


def _refuse(error):
    print(json.dumps({"error": error.as_dict()}, ensure_ascii=False))
    return 2


def main(argv):
    pretty = "--pretty" in argv
    paths = [arg for arg in argv if arg != "--pretty"]
    if not paths:
        print(USAGE, file=sys.stderr)
        return 2
    inputs = []
    for path in paths:
        try:
            inputs.append(read_input(_text(path), path))
        except (OSError, UnicodeDecodeError) as error:
            return _refuse(SeasonError("file", "unreadable", None, path, reason=str(error)))
        except SeasonError as error:
            return _refuse(error)
        except Exception as error:  # noqa: BLE001 (a reader's bug: said as unreadable)
            return _refuse(SeasonError("file", "unreadable", None, path,
                                       reason=f"{type(error).__name__}: {error}"))
    try:
        found = season(inputs)
    except Exception as error:  # noqa: BLE001 (a reader's bug: said as unreadable, not a traceback)
        return _refuse(SeasonError("file", "unreadable", None, " ".join(paths),
                                   reason=f"{type(error).__name__}: {error}"))
    for problem in found["problems"]:
        print(json.dumps({"warning": problem.as_dict()}, ensure_ascii=False), file=sys.stderr)
    print(json.dumps({"tables": found["tables"]}, ensure_ascii=False,
                     indent=2 if pretty else None))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
