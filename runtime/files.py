"""What ships: where the npm packages are, and which files of the repository and of those
packages the site carries."""
import json
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
NODE = ROOT / "node_modules"
PYSCRIPT_DIST = NODE / "@pyscript" / "core" / "dist"
PYODIDE_DIST = NODE / "pyodide"
FZSTD_DIST = NODE / "fzstd"

# The PyScript files the pages request, by name up to the content hash of the chunk.
PYSCRIPT_CHUNKS = ("core.js", "core-", "error-")
QR_PACKAGE = "segno_encoder"


def pyscript_files():
    return sorted(p for p in PYSCRIPT_DIST.iterdir()
                  if p.is_file() and p.suffix == ".js" and p.name.startswith(PYSCRIPT_CHUNKS))


def pyodide_scripts():
    """Pyodide's JavaScript, which runs Python of its own (and imports pyodide.* by name)."""
    return [PYODIDE_DIST / "pyodide.mjs", PYODIDE_DIST / "pyodide.asm.mjs"]


# Modules no page runs: the command lines and the build's tile sprite. They stay out of the app
# archive and the memory image; their bytes go to the standard library's compiled modules.
BUILD_ONLY = ("engine/__main__.py", "engine/cli.py", "engine/conditions/__main__.py",
              "engine/ledger/__main__.py", "tiles/sprite.py")


def app_files():
    """{name inside the app archive: source path}: the engine package and the site's modules, packages
    and subpackages included, but not BUILD_ONLY."""
    engine = {p.relative_to(ROOT).as_posix(): p for p in sorted((ROOT / "engine").rglob("*.py"))}
    site = {p.relative_to(SITE).as_posix(): p for p in sorted(SITE.rglob("*.py"))}
    return {name: path for name, path in (engine | site).items() if name not in BUILD_ONLY}


def on_demand_files():
    """The modules the pages fetch only when they need them (the QR encoder)."""
    return sorted(qr_files().values())


def qr_files():
    """{name inside qr.zip: source path}: segno's encoder and constants, and its licence."""
    import segno  # a build input, like jinja2: pyproject.toml's dependencies

    package = pathlib.Path(segno.__file__).parent
    licence = next(pathlib.Path(package.parent).glob("segno-*.dist-info/licenses/LICENSE"), None) \
        or next(pathlib.Path(package.parent).glob("segno-*.dist-info/LICENSE"))
    return {f"{QR_PACKAGE}/encoder.py": package / "encoder.py",
            f"{QR_PACKAGE}/consts.py": package / "consts.py",
            f"{QR_PACKAGE}/LICENSE": licence}


def module_name(archive_name):
    """'engine/ledger/__init__.py' -> 'engine.ledger'; 'present.py' or 'present.pyc' -> 'present'."""
    return re.sub(r"\.pyc?$", "", archive_name).removesuffix("/__init__").replace("/", ".")


def copy_zstd_decoder(target):
    """fzstd (npm, MIT): the zstd decoder assets/stdlib.mjs unpacks the stdlib with, and its licence."""
    target.mkdir(parents=True, exist_ok=True)
    (target / "fzstd.mjs").write_bytes((FZSTD_DIST / "esm" / "index.mjs").read_bytes())
    (target / "LICENSE").write_bytes((FZSTD_DIST / "LICENSE").read_bytes())


def write_lockfile(target):
    """Pyodide's lock file without its package list: the pages install no package."""
    lock = json.loads((PYODIDE_DIST / "pyodide-lock.json").read_text(encoding="utf-8"))
    target.write_text(json.dumps({**lock, "packages": {}}, separators=(",", ":")), encoding="utf-8")
