"""``python -m engine.ledger RECORD.json`` (``-`` for standard input): replay a game record and
print SPEC §6.3's JSON; a bad record prints ``{"error": {...}}`` and exits with status 2."""
import sys

from ..cli import run
from . import RecordError, replay


def main(argv):
    return run(argv, "usage: python -m engine.ledger [--pretty] RECORD.json|-",
               lambda message: RecordError("record", "unreadable", message),
               replay, RecordError)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
