"""The app's sources as the pages fetch them: without comments and docstrings, line numbers kept
(a traceback still points at the right line of the repository's file). GitHub Pages gzips them."""
import ast
import io
import tokenize

from .files import app_files


def write_app(target):
    """Every module of app_files() under `target` (app/), without its docs; returns the paths."""
    written = []
    for name, path in app_files().items():
        out = target / name
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_bytes(without_docs(path.read_bytes()))
        written.append(out)
    return written


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
