"""``python -m engine.ledger RECORD.json`` (``-`` for standard input): replay a game record and
print SPEC §6.3's JSON; a bad record prints ``{"error": {...}}`` and exits with status 2.

The file may be the record itself (``{"rules", "hands"}``, no other key), a game as the page
keeps or exports it (its envelope: an ended one is replayed ended), or the page's "export all"
when it holds one game (engine.ledger.envelope.record_in_file)."""
import sys

from ..cli import run
from . import RecordError, end, replay
from .envelope import record_in_file


def answer(value):
    record, ended = record_in_file(value)
    return end(record) if ended else replay(record)


def main(argv):
    return run(argv, "usage: python -m engine.ledger [--pretty] RECORD.json|-",
               lambda message: RecordError("record", "unreadable", message),
               answer, RecordError)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
