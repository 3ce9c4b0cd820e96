"""``python -m engine.conditions STATE.json`` (``-`` for standard input): print SPEC §7's answer
for the state's seat and place; a bad state prints ``{"error": {...}}`` and exits with status 2."""
import sys

from ..cli import run
from . import StateError, conditions, read_state


def main(argv):
    return run(argv, "usage: python -m engine.conditions [--pretty] STATE.json|-",
               lambda message: StateError("state", "unreadable", message),
               lambda state: conditions(*read_state(state)), StateError)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
