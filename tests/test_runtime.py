"""The runtime the build ships: the trimmed standard library, the app archive, PyScript's chunks."""
import ast
import json
import sys
import zipfile

import pytest

import build
import runtime

# Modules nothing in the browser imports: the trimmed library must leave them out.
UNUSED = ("email", "unittest", "pydoc", "pdb", "doctest", "sqlite3", "http.server", "xml",
          "multiprocessing", "tkinter", "idlelib", "_pyrepl", "argparse", "csv", "mailbox",
          "turtle", "wsgiref", "xmlrpc", "zoneinfo", "ctypes", "pyodide.http", "pyodide.console",
          "asyncio.windows_events", "encodings._win_cp_codecs")



@pytest.fixture(scope="module")
def stdlib(site):
    with zipfile.ZipFile(site / "runtime" / "pyodide" / "python_stdlib.zip") as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def modules(names):
    return {runtime.module_name(name) for name in names if name.endswith(".py")}


def stdlib_imports(path):
    """The standard-library modules a file imports anywhere, read by this Python's own AST and
    its list of stdlib module names (not by the build's tracer)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names = ([alias.name for alias in node.names] if isinstance(node, ast.Import)
                 else [node.module] if isinstance(node, ast.ImportFrom) and not node.level else [])
        found.update(n for n in names if n.split(".")[0] in sys.stdlib_module_names)
    return found


def test_the_trimmed_library_lists_its_modules(stdlib):
    held = sorted(modules(stdlib))
    print(f"python_stdlib.zip holds {len(held)} modules:", " ".join(held))
    with zipfile.ZipFile(runtime.PYODIDE_DIST / "python_stdlib.zip") as stock:
        stock_modules = modules(stock.namelist())
    assert set(held) <= stock_modules
    assert len(held) < len(stock_modules) / 2
    for name in UNUSED:
        assert name not in held, name


@pytest.mark.parametrize("name", ["json", "asyncio", "pathlib", "shutil", "zipfile", "decimal",
                                  "fractions", "inspect", "base64", "html", "traceback", "site",
                                  "encodings.utf_8", "encodings.cp437", "_pyodide._base",
                                  "_pyodide.docstring", "pyodide.ffi", "pyodide.webloop",
                                  "pyodide.code", "pyodide._package_loader"])
def test_the_trimmed_library_holds_what_the_pages_import(stdlib, name):
    # json..html: PyScript's Python side; shutil, zipfile, cp437: unpacking app.zip; decimal,
    # fractions: the engine; _pyodide.docstring: imported by Pyodide's C core at start;
    # pyodide.code, pyodide._package_loader: imported by name from Pyodide's JavaScript.
    assert name in modules(stdlib)


def test_every_stdlib_import_of_the_app_is_held(stdlib):
    paths = [*(build.ROOT / "engine").rglob("*.py"), *build.SITE.glob("*.py")]
    wanted = set().union(*(stdlib_imports(path) for path in paths))
    with zipfile.ZipFile(runtime.PYODIDE_DIST / "python_stdlib.zip") as stock:
        sources = modules(stock.namelist())  # the rest is built into Pyodide's binary
    assert {"fractions", "decimal", "json"} <= wanted
    assert not {name for name in wanted & sources if name not in modules(stdlib)}


def test_the_library_keeps_line_numbers_and_drops_only_docs(stdlib):
    with zipfile.ZipFile(runtime.PYODIDE_DIST / "python_stdlib.zip") as stock:
        for name, data in stdlib.items():
            original = stock.read(name)
            assert data.count(b"\n") == original.count(b"\n"), name
            assert len(data) <= len(original), name
        assert sum(map(len, stdlib.values())) < 0.8 * sum(len(stock.read(n)) for n in stdlib)


@pytest.mark.parametrize(("source", "expected"), [
    ('"""Module doc."""\nimport os  # why\nx = 1\n', "''\nimport os  \nx = 1\n"),
    ('def f():\n    """Two\n    lines."""\n    return "kept"  # note\n',
     "def f():\n    ''\n\n    return \"kept\"  \n"),
    ('class C:\n    "doc"\n    y = "not a docstring"\n', "class C:\n    ''\n    y = \"not a docstring\"\n"),
    ('s = "é"; t = 1  # é\n', 's = "é"; t = 1  \n'),
])
def test_without_docs(source, expected):
    assert runtime.without_docs(source.encode()).decode() == expected


def test_app_archive_holds_every_engine_module_and_no_glue(site):
    with zipfile.ZipFile(site / "app" / "app.zip") as archive:
        names = set(archive.namelist())
    engine = {p.relative_to(build.ROOT).as_posix() for p in (build.ROOT / "engine").rglob("*.py")}
    assert engine <= names and "present.py" in names
    assert not [n for n in names if "glue" in n]
    assert all(n.endswith(".py") for n in names)


def test_only_the_requested_pyscript_chunks_ship(site):
    shipped = sorted(p.name for p in (site / "runtime" / "pyscript").iterdir())
    assert shipped == [p.name for p in runtime.pyscript_files()]
    for unused in ("codemirror", "xterm", "py-editor", "py-terminal", "py-game", "toml", "zip-"):
        assert not [name for name in shipped if unused in name]


def test_build_info_and_precache(site):
    info = json.loads((site / build.BUILD_INFO).read_text())
    text = (site / "sw.js").read_text()
    listed = json.loads(text.split("const FILES = ", 1)[1].split(";\n", 1)[0])
    assert f'const CACHE = PREFIX + "{info["build"]}";' in text
    for name in (build.BUILD_INFO, "assets/pyodide-loader.mjs", "assets/engine-image.mjs",
                 "assets/snapshot-worker.mjs"):
        assert name in listed
    # The image imports the engine and the presenter ahead, and nothing that holds the page.
    assert {"engine", "engine.query", "engine.tables", "present", "json"} <= set(info["warm"])
    assert not [n for n in info["warm"] if n.split(".")[0] in ("js", "pyscript", "polyscript")]
    pyscript_config = json.loads((site / "app" / "pyscript.json").read_text())
    assert pyscript_config["interpreter"] == "../assets/pyodide-loader.mjs"
