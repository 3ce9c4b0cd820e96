"""The runtime the build ships: the trimmed standard library, the app archive, PyScript's chunks."""
import ast
import gzip
import io
import json
import subprocess
import sys
import zipfile

import pytest
import zstandard
from bs4 import BeautifulSoup

import build
import runtime

# Modules nothing in the browser imports: the trimmed library must leave them out.
UNUSED = ("email", "unittest", "pydoc", "pdb", "doctest", "sqlite3", "http.server", "xml",
          "multiprocessing", "tkinter", "idlelib", "_pyrepl", "argparse", "csv", "mailbox",
          "turtle", "wsgiref", "xmlrpc", "zoneinfo", "ctypes", "pyodide.http", "pyodide.console",
          "asyncio.windows_events", "encodings._win_cp_codecs")



def unpacked_stdlib(site):
    """The zip inside the site's python_stdlib.zst, decoded by the zstandard package (the pages
    decode it with fzstd: the browser tests)."""
    packed = (site / "runtime" / "pyodide" / runtime.STDLIB).read_bytes()
    return zipfile.ZipFile(io.BytesIO(zstandard.ZstdDecompressor().decompress(packed)))


@pytest.fixture(scope="module")
def stdlib(site):
    with unpacked_stdlib(site) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def modules(names):
    return {runtime.module_name(name) for name in names if name.endswith((".py", ".pyc"))}


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


@pytest.mark.parametrize("name", ["json", "asyncio", "pathlib", "shutil", "zipfile",
                                  "inspect", "base64", "html", "traceback",
                                  "encodings.utf_8", "encodings.cp437", "_pyodide._base",
                                  "_pyodide.docstring", "pyodide.ffi", "pyodide.webloop",
                                  "pyodide.code", "pyodide._package_loader"])
def test_the_trimmed_library_holds_what_the_pages_import(stdlib, name):
    # json..html: PyScript's Python side; shutil, zipfile, cp437: unpacking app.zst (the engine
    # imports no decimal nor fractions since SPEC §5.1); _pyodide.docstring: imported by Pyodide's
    # C core at start;
    # pyodide.code, pyodide._package_loader: imported by name from Pyodide's JavaScript.
    assert name in modules(stdlib)


@pytest.mark.parametrize("name", ["site", "os", "codecs", "io", "abc", "stat", "posixpath"])
def test_modules_frozen_into_pyodides_binary_are_left_out(stdlib, name):
    assert name not in modules(stdlib)  # imported at every start, from the binary, never the zip


def test_every_stdlib_import_of_the_app_is_held(stdlib):
    paths = [*(build.ROOT / "engine").rglob("*.py"), *build.SITE.glob("*.py")]
    wanted = set().union(*(stdlib_imports(path) for path in paths))
    with zipfile.ZipFile(runtime.PYODIDE_DIST / "python_stdlib.zip") as stock:
        sources = modules(stock.namelist())  # the rest is built into Pyodide's binary
    assert "json" in wanted
    assert not {name for name in wanted & sources if name not in modules(stdlib)}


def test_the_library_keeps_line_numbers_and_drops_only_docs(stdlib):
    sources = {name: data for name, data in stdlib.items() if name.endswith(".py")}
    with zipfile.ZipFile(runtime.PYODIDE_DIST / "python_stdlib.zip") as stock:
        for name, data in sources.items():
            original = stock.read(name)
            assert data.count(b"\n") == original.count(b"\n"), name
            assert len(data) <= len(original), name
        assert sum(map(len, sources.values())) < 0.8 * sum(len(stock.read(n)) for n in sources)


@pytest.fixture(scope="module")
def pyodide_magic():
    """The .pyc magic of the Python inside npm's Pyodide, asked of that Python in Node."""
    script = ('const { loadPyodide } = await import(process.argv[1]); const py = await loadPyodide();'
              ' console.log(py.runPython("import importlib.util; importlib.util.MAGIC_NUMBER.hex()"));')
    done = subprocess.run(["node", "--input-type=module", "-e", script,
                           str(runtime.PYODIDE_DIST / "pyodide.mjs")],
                          capture_output=True, text=True, check=True)
    return bytes.fromhex(done.stdout.strip().splitlines()[-1])


def test_compiled_modules_are_for_the_pages_python_and_not_checked_against_sources(stdlib, pyodide_magic):
    compiled = {name: data for name, data in stdlib.items() if name.endswith(".pyc")}
    print(f"{len(compiled)} modules compiled ahead:", " ".join(sorted(compiled)))
    assert len(compiled) >= 90  # fewer since the engine needs no fractions, decimal, dataclasses
    for name, data in compiled.items():
        assert data[:4] == pyodide_magic, name  # the bytecode of Pyodide's Python, not ours
        assert int.from_bytes(data[4:8], "little") == 0b01, name  # hash-based, unchecked
        assert name[:-1] not in stdlib, name  # no source beside it: zipimport takes the .pyc
        # frozen into Pyodide's binary: a .pyc of these would never be read
        assert runtime.module_name(name) not in {"os", "io", "abc", "codecs", "site", "stat"}


# Read on every start, by Pyodide's boot (typing, inspect, asyncio, webloop), PyScript (html) and
# the unpacking of app.zst (zipfile, shutil): with the line tables dropped, every one fits compiled.
# (_pyodide._core_docs no longer fits the byte budget beside them since the engine's own imports
# shrank: the budget search, test_compile_order_*, decides.)
@pytest.mark.parametrize("name", ["typing", "inspect", "asyncio.base_events", "pyodide.webloop",
                                  "_pyodide._base", "threading",
                                  "html.entities", "zipfile", "shutil", "tempfile"])
def test_every_module_a_start_reads_is_compiled(stdlib, name):
    held = {runtime.module_name(n): n for n in stdlib}
    assert held[name].endswith(".pyc")


def test_the_compiled_modules_add_bytes_over_their_sources(stdlib):
    compiled = {name: data for name, data in stdlib.items() if name.endswith(".pyc")}
    with zipfile.ZipFile(runtime.PYODIDE_DIST / "python_stdlib.zip") as stock:
        added = sum(runtime.deflated_size(data)
                    - runtime.deflated_size(runtime.without_docs(stock.read(name[:-1])))
                    for name, data in compiled.items())
    assert added > 50_000  # the room the first visit leaves is spent (next test: and no more)


def test_compile_order_takes_the_most_source_per_added_byte_first(monkeypatch):
    sources = {"a.py": b"x" * 1000, "b.py": b"y" * 1000, "c.py": b"z" * 10, "d.py": b"w"}
    compiled = {"a.pyc": b"A" * 300, "b.pyc": b"B" * 150, "c.pyc": b"C", "d.pyc": b"D"}
    sizes = {b"x" * 1000: 100, b"y" * 1000: 100, b"z" * 10: 10, b"w": 1,
             b"A" * 300: 300, b"B" * 150: 150, b"C": 12, b"D": 1}
    monkeypatch.setattr(runtime.stdlib, "deflated_size", sizes.__getitem__)
    # added: a +200 for 1000 source bytes (5/byte), b +50 (20/byte), c +2 for 10 (5/byte),
    # d +0 (free: counted as 1); ties by name
    assert runtime.compile_order(sources, compiled, {"a", "b", "c", "d"}) == ["b.py", "a.py", "c.py", "d.py"]
    # a module a start does not read is never worth its bytes
    assert runtime.compile_order(sources, compiled, {"b", "c"}) == ["b.py", "c.py"]


def test_the_stdlib_takes_as_many_compiled_modules_as_the_room_holds(tmp_path, monkeypatch):
    # Fake sources whose compiled forms are incompressible: each one taken grows the frame.
    import os
    sources = {f"m{i}.py": b"pass\n" * 50 for i in range(6)}
    compiled = {f"m{i}.pyc": os.urandom(200) for i in range(6)}
    monkeypatch.setattr(runtime.stdlib, "trace", lambda archive, roots: set(sources))
    monkeypatch.setattr(runtime.stdlib, "without_docs", lambda data: data)
    monkeypatch.setattr(runtime.stdlib.zipfile.ZipFile, "read", lambda self, name: sources[name])
    monkeypatch.setattr(runtime.stdlib, "compile_modules",
                        lambda given: (compiled, {n[:-3] for n in sources}, set()))
    for room, expected in ((0, 0), (10**6, 6)):
        runtime.write_stdlib(tmp_path / "s.zst", room)
        packed = (tmp_path / "s.zst").read_bytes()
        with zipfile.ZipFile(io.BytesIO(zstandard.ZstdDecompressor().decompress(packed))) as z:
            assert sum(n.endswith(".pyc") for n in z.namelist()) == expected
    sizes = []
    for count in range(7):  # the frame's size with the first `count` compiled, as write_stdlib sees it
        order = runtime.compile_order(sources, compiled, set(n[:-3] for n in sources))
        members = {n: d for n, d in sources.items() if n not in order[:count]} | {
            n + "c": compiled[n + "c"] for n in order[:count]}
        sizes.append(len(runtime.zstd_pack(runtime.zip_bytes(members, zipfile.ZIP_STORED))))
    assert sizes == sorted(sizes)
    runtime.write_stdlib(tmp_path / "s.zst", sizes[3])
    assert (tmp_path / "s.zst").stat().st_size == sizes[3]


def test_a_first_visit_stays_within_four_and_a_half_mib_on_the_wire(site):
    """Issue 9's byte goal, zips counted as sent: a first visit downloads the files the service
    worker precaches (every file a page needs to go live is among them; a file a page fetches only
    when asked, and the precache leaves out, is no part of a first visit), each as GitHub Pages
    sends it: gzip for text, JavaScript, JSON, SVG and wasm; zips and images as they are."""
    text = (site / "sw.js").read_text()
    listed = json.loads(text.split("const FILES = ", 1)[1].split(";\n", 1)[0])
    sent = {}
    for name in listed:
        path = site / (name.removeprefix("./") + ("index.html" if name.endswith("/") else ""))
        data = path.read_bytes()
        sent[name] = len(data) if path.suffix in (".zip", ".zst", ".png") else len(gzip.compress(data, 6))
    total = sum(sent.values())
    print(f"a first visit: {total / 1_048_576:.3f} MiB on the wire")
    assert total <= 4.5 * 1_048_576
    # The standard library's compiled modules fill the room the other files leave.
    assert total > 4.5 * 1_048_576 - 32_768


def test_the_stdlib_is_one_zstd_frame_of_stored_entries_smaller_than_deflated(site):
    """Sent as it is (application/zstd), zstd over the whole archive beats the zip's own deflate,
    which packs each entry alone: the same entries deflated make a zip at least 30% larger."""
    with unpacked_stdlib(site) as archive:
        entries = archive.infolist()
        members = {entry.filename: archive.read(entry) for entry in entries}
    assert {entry.compress_type for entry in entries} == {zipfile.ZIP_STORED}
    packed = (site / "runtime" / "pyodide" / runtime.STDLIB).stat().st_size
    assert len(runtime.zip_bytes(members)) > 1.3 * packed
    assert not (site / "runtime" / "pyodide" / "python_stdlib.zip").exists()


def unpacked_app(site):
    data = zstandard.ZstdDecompressor().decompress((site / runtime.APP).read_bytes())
    return zipfile.ZipFile(io.BytesIO(data))


def test_the_app_archive_is_one_zstd_frame_and_needs_no_compressing_server(site):
    """Like the standard library: sent as it is, zstd over the whole archive beats the zip's own
    deflate of each entry; Python sources pack to well under half."""
    with unpacked_app(site) as archive:
        entries = archive.infolist()
        members = {entry.filename: archive.read(entry) for entry in entries}
    assert {entry.compress_type for entry in entries} == {zipfile.ZIP_STORED}
    packed = (site / runtime.APP).stat().st_size
    assert len(runtime.zip_bytes(members)) > 1.2 * packed
    assert packed < 0.45 * sum(entry.file_size for entry in entries)
    assert not (site / "app" / "app.zip").exists()


@pytest.mark.parametrize(("source", "expected"), [
    ('"""Module doc."""\nimport os  # why\nx = 1\n', "''\nimport os  \nx = 1\n"),
    ('def f():\n    """Two\n    lines."""\n    return "kept"  # note\n',
     "def f():\n    ''\n\n    return \"kept\"  \n"),
    ('class C:\n    "doc"\n    y = "not a docstring"\n', "class C:\n    ''\n    y = \"not a docstring\"\n"),
    ('s = "é"; t = 1  # é\n', 's = "é"; t = 1  \n'),
])
def test_without_docs(source, expected):
    assert runtime.without_docs(source.encode()).decode() == expected


def test_app_archive_holds_every_engine_and_site_module(site):
    with unpacked_app(site) as archive:
        names = set(archive.namelist())
    engine = {p.relative_to(build.ROOT).as_posix() for p in (build.ROOT / "engine").rglob("*.py")}
    pages = {p.relative_to(build.SITE).as_posix() for p in build.SITE.rglob("*.py")}
    # all but the command lines and the build's sprite, which no page runs
    build_only = {"engine/__main__.py", "engine/cli.py", "engine/conditions/__main__.py",
                  "engine/ledger/__main__.py", "tiles/sprite.py"}
    assert build_only <= engine | pages and not build_only & names
    assert engine - build_only <= names and "calculator/present.py" in names and "ledger/store.py" in names
    assert names == (engine | pages) - build_only
    assert all(n.endswith(".py") for n in names)


@pytest.mark.parametrize(("page", "root"), [("ko/index.html", "../"), ("ja/ledger/index.html", "../../"),
                                            ("ko/conditions/index.html", "../../")])
def test_every_page_unpacks_the_one_app_archive_and_calls_its_start(site, page, root):
    """One config for every page, inline, its interpreter's URL from the page's own folder (the
    interpreter unpacks app.zst: PyScript fetches no file); the script only calls the page
    package's start(document). Every page module is in the engine's image."""
    text = (site / page).read_text(encoding="utf-8")
    script = BeautifulSoup(text, "html.parser").find("script", type="py")
    config = json.loads(script["config"])
    assert config["interpreter"] == root + "assets/pyodide-loader.mjs"
    assert "files" not in config and "fetch" not in config
    assert f'<link rel="preload" href="{root}app/app.zst" as="fetch" crossorigin>' in text
    loader = (site / "assets" / "pyodide-loader.mjs").read_text()
    assert 'fetch(new URL("../app/app.zst", import.meta.url))' in loader
    assert 'pyodide.unpackArchive(unpackedApp(await app), "zip")' in loader
    package = {"index.html": "calculator", "ledger": "ledger", "conditions": "conditions"}[
        page.split("/")[1]]
    assert script.string.split() == ["from", "pyscript", "import", "document", "from", package,
                                     "import", "start", "start(document)"]
    warm = json.loads((site / build.BUILD_INFO).read_text())["warm"]
    assert {package, f"{package}.present", "dom"} <= set(warm)


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
    assert {"engine", "engine.query", "engine.tables", "calculator.present", "json"} <= set(info["warm"])
    assert not [n for n in info["warm"] if n.split(".")[0] in ("js", "pyscript", "polyscript")]
    page = BeautifulSoup((site / "ko" / "index.html").read_text(encoding="utf-8"), "html.parser")
    pyscript_config = json.loads(page.find("script", type="py")["config"])
    assert pyscript_config["interpreter"] == "../assets/pyodide-loader.mjs"


def test_the_compiler_run_under_node_drops_line_tables_and_lists_what_it_read(tmp_path):
    # runtime/pyc_worker.py is what runtime_pyc.mjs runs in Pyodide; here it runs in CPython.
    import marshal

    from runtime import pyc_worker

    source = b"def outer():\n    def inner():\n        return 6 * 7\n    return inner()\nANSWER = outer()\n"
    sources, compiled, imports = tmp_path / "s.zip", tmp_path / "c.zip", tmp_path / "i.json"
    sources.write_bytes(runtime.zip_bytes({"pkg/answer.py": source}))
    imports.write_text(json.dumps(["json", "no_such_module_here"]), encoding="utf-8")
    pyc_worker.main(str(sources), str(compiled), str(imports), scratch=str(tmp_path / "module"))
    with zipfile.ZipFile(compiled) as out:
        assert sorted(out.namelist()) == ["frozen.json", "pkg/answer.pyc", "read.json"]
        assert isinstance(json.loads(out.read("read.json")), list)
        assert "zipimport" in json.loads(out.read("frozen.json"))
        data = out.read("pkg/answer.pyc")
    assert data[:4] == __import__("importlib.util").util.MAGIC_NUMBER
    assert int.from_bytes(data[4:8], "little") == 0b01  # hash-based, check_source off: unchecked
    code = marshal.loads(data[16:])
    inner = next(c for c in next(c for c in code.co_consts if hasattr(c, "co_code")).co_consts
                 if hasattr(c, "co_code"))
    assert code.co_linetable == b"" and inner.co_linetable == b""
    assert code.co_filename == "pkg/answer.py"
    namespace = {}
    exec(code, namespace)
    assert namespace["ANSWER"] == 42
