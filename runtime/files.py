"""What ships: where the npm packages are, and which files of the repository and of those
packages the site carries, for each interpreter."""
import ast
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
NODE = ROOT / "node_modules"
PYSCRIPT_DIST = NODE / "@pyscript" / "core" / "dist"
MICROPYTHON_DIST = NODE / "@micropython" / "micropython-webassembly-pyscript"
PYODIDE_DIST = NODE / "pyodide"
QRCODE_DIST = NODE / "qrcode-generator"

# Each interpreter's files as npm has them ({name in runtime/FOLDER/: source}), and the module
# PyScript's config names as its `interpreter` (the MicroPython loader finds its wasm beside it).
INTERPRETERS = {
    "mpy": {"folder": "micropython", "loader": "micropython.mjs", "compiled": True,
            "files": ("micropython.mjs", "micropython.wasm"), "dist": MICROPYTHON_DIST},
    "pyodide": {"folder": "pyodide", "loader": "pyodide.mjs", "compiled": False,
                "files": ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                          "pyodide-lock.json"), "dist": PYODIDE_DIST},
}
# The PyScript files the pages request, by name up to the content hash of the chunk.
PYSCRIPT_CHUNKS = ("core.js", "core-", "error-")

# Modules no page runs: the command lines and the build's tile sprite. They stay out of the app.
BUILD_ONLY = ("engine/__main__.py", "engine/cli.py", "engine/conditions/__main__.py",
              "engine/ledger/__main__.py", "engine/practice/__main__.py", "tiles/sprite.py")


def pyscript_files():
    return sorted(p for p in PYSCRIPT_DIST.iterdir()
                  if p.is_file() and p.suffix == ".js" and p.name.startswith(PYSCRIPT_CHUNKS))


def loader_path(interpreter):
    """The interpreter's module, from the site root: what PyScript's config names."""
    spec = INTERPRETERS[interpreter]
    return f"runtime/{spec['folder']}/{spec['loader']}"


def interpreter_files(interpreter):
    """{name under runtime/: source path} of `interpreter` ("mpy" or "pyodide")."""
    spec = INTERPRETERS[interpreter]
    return {f"{spec['folder']}/{name}": spec["dist"] / name for name in spec["files"]}


def qrcode_files():
    """{name under runtime/: source path}: qrcode-generator's ES module as npm has it, its licence
    in its opening comment (the ledger's share box imports it when it first draws a code)."""
    return {"qrcode/qrcode.mjs": QRCODE_DIST / "dist" / "qrcode.mjs"}


def app_files():
    """{name in app/: source path}: the engine package and the site's modules, packages and
    subpackages included, but not BUILD_ONLY."""
    engine = {p.relative_to(ROOT).as_posix(): p for p in sorted((ROOT / "engine").rglob("*.py"))}
    site = {p.relative_to(SITE).as_posix(): p for p in sorted(SITE.rglob("*.py"))}
    return {name: path for name, path in (engine | site).items() if name not in BUILD_ONLY}


def shipped_name(name, compiled):
    """A module's name in app/: 'ledger/page.py', or compiled for MicroPython 'ledger/page.mpy'."""
    return name[:-3] + ".mpy" if compiled else name


def module_name(archive_name):
    """'engine/ledger/__init__.py' -> 'engine.ledger'; 'present.py' or '.mpy' -> 'present'."""
    return re.sub(r"\.m?py$", "", archive_name).removesuffix("/__init__").replace("/", ".")


def page_files(package, files=None):
    """The names in app/ that the page running `package` may import: its package and every module
    reached from it by an import anywhere (a function's import runs some day), each package's
    __init__ on the way. A page downloads these and no other module.

    >>> names = page_files("calculator")
    >>> "calculator/__init__.py" in names, "engine/__init__.py" in names, "ledger/page.py" in names
    (True, True, False)
    """
    files = files or app_files()
    modules = {module_name(name): name for name in files}
    wanted, todo = set(), [package]
    while todo:
        module = todo.pop()
        parts = module.split(".")
        for depth in range(1, len(parts) + 1):  # a package's __init__ runs before its modules
            name = modules.get(".".join(parts[:depth]))
            if name is None or name in wanted:
                continue
            wanted.add(name)
            source = files[name].read_text(encoding="utf-8")
            todo += [found for found in imported(source, module_name(name), name.endswith("__init__.py"))
                     if found in modules]
    return sorted(wanted)


def imported(source, module, is_package):
    """The module names `source` (the module `module`) imports, anywhere in it; `from a import b`
    gives a and a.b (b may be a module)."""
    package = module if is_package else module.rpartition(".")[0]
    names = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)
    return names
