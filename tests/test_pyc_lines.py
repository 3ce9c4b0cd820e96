"""The pages' compiled standard library ships without line numbers, yet an error raised through it
still prints its traceback (security review F22: the empty line tables made the traceback itself
fail with StopIteration in traceback._get_code_position)."""
import sys
import traceback

import build

sys.path.insert(0, str(build.ROOT / "runtime"))
from pyc_worker import without_lines  # noqa: E402  (runtime/: run inside Pyodide by the build)


def test_a_traceback_through_code_without_lines_is_readable():
    code = without_lines(compile("def f():\n    return 1 / 0\nf()\n", "module.py", "exec"))
    try:
        exec(code, {})
    except ZeroDivisionError:
        text = traceback.format_exc()
    assert 'File "module.py", line None, in f' in text
    assert text.rstrip().endswith("ZeroDivisionError: division by zero")
