"""The browser runtime the pages load, and nothing more. Used by build.py's copy stage.

- PyScript: `core.js` and the chunks the pages request (tests/browser/test_snapshot.py records
  every request and checks that the shipped chunks are exactly those).
- Pyodide: npm's files, except that the standard library (`python_stdlib.zst`, below) holds only
  the modules imported by the app, by PyScript's Python side and by Pyodide's own start, compiled
  ahead (below) or without comments and docstrings, and `pyodide-lock.json` lists no package (the
  pages load none).
- `app.zip`: every module of the engine package, subpackages included, and every `site/*.py`
  that is not a glue; the glues (`site/*glue*.py`) are the pages' scripts.
- `qr.zip`: segno's QR encoder (`segno/encoder.py` and `segno/consts.py` as the installed
  package has them, with its licence) as the package `segno_encoder`, fetched by the ledger only
  when its share box opens; not precached (a first visit never downloads it), kept by the service
  worker once fetched. The rest of segno (writers, helpers, command line) is not shipped: the
  page draws the code's SVG itself from the encoder's matrix.
- `ledger_page.zip`: the ledger glue's own modules (`site/ledger_page/`), for the ledger page only;
  they touch the page when imported, so they are no part of app.zip or of the engine's memory image.

The standard library is trimmed the way `pyodide-pack` does it, but statically: start from every
import of the app's modules, the glues and the Python code inside PyScript's and Pyodide's
JavaScript, then follow each stdlib module's own imports through the stock zip. A stdlib module is
followed only where its imports run on import (module level, not function bodies, not the blocks
of NEVER_IN_PYODIDE), so the few modules imported lazily on every visit are named in LAZY_IMPORTS.
The browser tests run every scenario on the trimmed library (a missing module is a page error).

Compiled ahead: on a phone's CPU, compiling the library's sources is most of a first visit's
Python start (measured at 4x slowdown: Pyodide's boot took 7.1 s from sources, 1.7 s from .pyc).
A .pyc is larger on the wire than its source, so the library holds .pyc files within the room a
first visit's FIRST_VISIT bytes leave once every other file it downloads is counted (build.py
passes it): modules are taken by the most source (compile work) per added byte first, among those
a start reads, as many as the room holds. They are compiled by Pyodide's own Python in Node
(runtime_pyc.mjs), so the bytecode is exactly the version the pages run, and carry no line table
(a standard-library frame in a traceback has no line number; the pages' own modules ship as
sources): without the line tables every module a start reads fits. Modules Pyodide has frozen
into its binary are left out (never read).

One zstd frame, not a deflated zip (STDLIB): GitHub Pages, like most hosts and CDNs, compresses
by content type (text, JavaScript, JSON, SVG, wasm) and sends archives and images as they are
(SENT_AS_IS). A zip deflates each entry alone; zstd over the whole archive (its entries stored)
is 30% smaller. The page decodes it with fzstd (npm, MIT; assets/stdlib.mjs, 0.1-0.2 s at 4x
slowdown, while the wasm still downloads) into the zip Pyodide mounts. app.zip and
ledger_page.zip deflate their entries: PyScript unpacks them itself.
"""
import ast
import functools
import gzip
import io
import json
import pathlib
import re
import subprocess
import tempfile
import tokenize
import zipfile
import zlib

ROOT = pathlib.Path(__file__).resolve().parent
SITE = ROOT / "site"
NODE = ROOT / "node_modules"
PYSCRIPT_DIST = NODE / "@pyscript" / "core" / "dist"
PYODIDE_DIST = NODE / "pyodide"
FZSTD_DIST = NODE / "fzstd"

# The PyScript files the pages request, by name up to the content hash of the chunk.
PYSCRIPT_CHUNKS = ("core.js", "core-", "error-")
# Imported by name at run time on every visit: Pyodide's own package (its C core imports modules
# of _pyodide; its JavaScript imports pyodide.* modules by quoted name, found in the text too),
# the codecs Python's start looks up (zipfile decodes plain ASCII names as cp437), and what
# PyScript's `files` uses to unpack app.zip (shutil). "a.*": the package a and all its modules.
LAZY_IMPORTS = ("site", "traceback", "_pyodide.*", "pyodide", "encodings.aliases", "encodings.ascii",
                "encodings.latin_1", "encodings.utf_8", "encodings.utf_8_sig", "encodings.cp437",
                "shutil", "zipfile")
# Modules that hold references to the page (JavaScript objects): never part of a memory snapshot.
PAGE_MODULES = ("js", "pyscript", "polyscript", "_pyscript", "pyodide.http", "pyodide.console")
# Conditions of `if` blocks that never run on import in Pyodide: type checkers, scripts, Windows.
NEVER_IN_PYODIDE = (r"^(typing\.)?TYPE_CHECKING$|^__name__ == .__main__.$|^sys\.platform == .win32.$"
                    r"|^os\.name == .nt.$|^_?sys\.platform\.startswith\(.win.\)$")
PYODIDE_MODULE_NAMES = re.compile(r"""["'](_?pyodide(?:\.\w+)+)["']""")  # pyimport("pyodide.code")
IMPORT_TEXT = re.compile(r"\b(?:from\s+(\.*[\w.]*)\s+import|import\s+([\w.]+(?:\s*,\s*[\w.]+)*))")
FIXED_TIME = (2020, 1, 1, 0, 0, 0)  # zip entries carry no build time: same input, same bytes
# A first visit's bytes on the wire (issue 9's goal; tests/test_runtime.py adds them up): what the
# compiled modules may add over their sources is what the other files leave of it, less SLACK.
FIRST_VISIT = 4.5 * 1_048_576
SLACK = 4096  # app/build.json, written after the standard library, and the zip's longer names
# What GitHub Pages sends without compressing it (by content type: archives and images); it gzips
# everything else the site holds.
SENT_AS_IS = (".zip", ".zst", ".png", ".ico", ".jpg", ".webp", ".woff2")
STDLIB = "python_stdlib.zst"  # the trimmed standard library as the site ships it (write_stdlib)
ZSTD_LEVEL = 19
FROZEN_LIST = "frozen.json"  # beside the .pyc files runtime_pyc.mjs writes: the frozen module names
READ_LIST = "read.json"  # and the modules a start reads from the zip


# ---------------------------------------------------------------- what ships

def pyscript_files():
    return sorted(p for p in PYSCRIPT_DIST.iterdir()
                  if p.is_file() and p.suffix == ".js" and p.name.startswith(PYSCRIPT_CHUNKS))


def app_files():
    """{name inside app.zip: source path}: the engine package, its subpackages, site modules
    and the tiles package (its sprite drawn at build time, not shipped)."""
    engine = {p.relative_to(ROOT).as_posix(): p for p in sorted((ROOT / "engine").rglob("*.py"))}
    site = {p.name: p for p in sorted(SITE.glob("*.py")) if "glue" not in p.stem}
    tiles = {p.relative_to(SITE).as_posix(): p for p in sorted((SITE / "tiles").glob("*.py"))
             if p.stem != "sprite"}  # the sprite is drawn at build time
    return engine | site | tiles


def page_files():
    """{name inside ledger_page.zip: source path}: the ledger glue's modules."""
    return {p.relative_to(SITE).as_posix(): p for p in sorted((SITE / "ledger_page").glob("*.py"))}


def glue_files():
    """The pages' scripts and the modules only they import (the QR encoder, on demand)."""
    return sorted([*SITE.glob("*glue*.py"), *page_files().values(), *qr_files().values()])


QR_PACKAGE = "segno_encoder"
QR_INIT = (b'"""segno %s (BSD licence, LICENSE here): its QR encoder only, unchanged, for the '
           b'ledger\'s share box."""\n')


def qr_files():
    """{name inside qr.zip: source path}: segno's encoder and constants, and its licence."""
    import segno  # a build input, like jinja2: pyproject.toml's dependencies

    package = pathlib.Path(segno.__file__).parent
    licence = next(pathlib.Path(package.parent).glob("segno-*.dist-info/licenses/LICENSE"), None) \
        or next(pathlib.Path(package.parent).glob("segno-*.dist-info/LICENSE"))
    return {f"{QR_PACKAGE}/encoder.py": package / "encoder.py",
            f"{QR_PACKAGE}/consts.py": package / "consts.py",
            f"{QR_PACKAGE}/LICENSE": licence}


def write_qr_zip(target):
    import segno

    members = {name: path.read_bytes() for name, path in qr_files().items()}
    members[f"{QR_PACKAGE}/__init__.py"] = QR_INIT % segno.__version__.encode()
    write_zip(target, members)


def module_name(archive_name):
    """'engine/ledger/__init__.py' -> 'engine.ledger'; 'present.py' or 'present.pyc' -> 'present'."""
    return re.sub(r"\.pyc?$", "", archive_name).removesuffix("/__init__").replace("/", ".")


# ---------------------------------------------------------------- reading imports

def absolute(name, level, package):
    """The module a relative import names, seen from `package`."""
    if not level:
        return name
    parts = package.split(".")
    return ".".join(p for p in [*parts[: len(parts) - level + 1], name] if p)


def on_import(tree):
    """The nodes that run when a module is imported: not function bodies, not the blocks of
    NEVER_IN_PYODIDE."""
    todo = list(tree.body)
    while todo:
        node = todo.pop()
        yield node
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            continue
        if isinstance(node, ast.If) and re.search(NEVER_IN_PYODIDE, ast.unparse(node.test)):
            todo.extend(node.orelse)
            continue
        todo.extend(ast.iter_child_nodes(node))


def imports_of(source, package="", anywhere=False):
    """Every module name `source` imports (`from a import b` gives a and a.b: b may be a module)."""
    text = source.decode("utf-8") if isinstance(source, bytes) else source
    try:
        tree = ast.parse(text)
    except SyntaxError:  # syntax newer than the Python running the build: read the lines
        return imports_in_text(text, package, anywhere)
    names = set()
    for node in ast.walk(tree) if anywhere else on_import(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = absolute(node.module or "", node.level, package)
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)
    return names


def lines_on_import(text):
    """The lines outside function bodies and __main__ blocks, judged by indentation."""
    inside = []  # indents of the enclosing blocks skipped
    for line in text.splitlines():
        stripped = line.lstrip()
        if not stripped or stripped.startswith("#"):
            continue
        indent = len(line) - len(stripped)
        while inside and indent <= inside[-1]:
            inside.pop()
        if re.match(r"(async\s+)?def\s|if __name__ == .__main__.", stripped):
            inside.append(indent)
        elif not inside:
            yield line


def imports_in_text(text, package="", anywhere=True):
    """Import statements found as text: Python source the AST cannot read, or Python code kept in
    JavaScript strings."""
    text = text.replace("\\n", "\n").replace("\\t", "\t")  # Python kept in JavaScript strings
    if not anywhere:
        text = "\n".join(lines_on_import(text))
    names = set()
    for source, listed in IMPORT_TEXT.findall(text):
        if source:
            dots = len(source) - len(source.lstrip("."))
            names.add(absolute(source[dots:], dots, package))
        else:
            names.update(name.strip() for name in listed.split(","))
    return names


# ---------------------------------------------------------------- tracing

def import_roots():
    """What the browser imports first: the app's and glues' imports anywhere in their code, the
    Python inside PyScript's and Pyodide's JavaScript, the modules that JavaScript imports by
    name, and LAZY_IMPORTS."""
    roots = set(LAZY_IMPORTS)
    for path in [*app_files().values(), *(p for p in glue_files() if p.suffix == ".py")]:
        roots |= imports_of(path.read_text(encoding="utf-8"), anywhere=True)
    for path in [*pyscript_files(), PYODIDE_DIST / "pyodide.mjs", PYODIDE_DIST / "pyodide.asm.mjs"]:
        text = path.read_text(encoding="utf-8")
        roots |= imports_in_text(text) | set(PYODIDE_MODULE_NAMES.findall(text))
    return roots


def trace(archive, roots):
    """The entries of the stdlib `archive` that importing `roots` reads, with their parents."""
    names = set(archive.namelist())

    def locate(module):
        path = module.replace(".", "/")
        if f"{path}/__init__.py" in names:
            return f"{path}/__init__.py", module
        if f"{path}.py" in names:
            return f"{path}.py", module.rpartition(".")[0]
        return None, None

    keep, todo = set(), [name for name in roots if not name.endswith(".*")]
    for package in (name[:-2] for name in roots if name.endswith(".*")):
        prefix = package.replace(".", "/") + "/"
        todo.extend(module_name(n).replace("/", ".") for n in names
                    if n.startswith(prefix) and n.endswith(".py"))
    while todo:
        parts = todo.pop().split(".")
        for end in range(1, len(parts) + 1):
            entry, package = locate(".".join(parts[:end]))
            if entry and entry not in keep:
                keep.add(entry)
                todo.extend(imports_of(archive.read(entry), package))
    return keep


def stdlib_modules(entries):
    return sorted(module_name(entry) for entry in entries)


# ---------------------------------------------------------------- shrinking

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


# ---------------------------------------------------------------- writing

def zip_bytes(members, compress_type=zipfile.ZIP_DEFLATED):
    """`members`: {name: bytes} as a zip, entries in name order, no build time in it."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name in sorted(members):
            archive.writestr(zipfile.ZipInfo(name, date_time=FIXED_TIME), members[name],
                             compress_type=compress_type,
                             compresslevel=9 if compress_type == zipfile.ZIP_DEFLATED else None)
    return buffer.getvalue()


def write_zip(target, members):
    """`members`: {name: bytes}, deflated: the server sends a zip as it is."""
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(zip_bytes(members))


def zstd_pack(data):
    """`data` as one zstd frame (level 19, content size in the header), as assets/stdlib.mjs reads it."""
    import zstandard  # a build input, like segno: pyproject.toml's dependencies

    return zstandard.ZstdCompressor(level=ZSTD_LEVEL, write_content_size=True).compress(data)


def write_app_zip(target):
    write_zip(target, {name: path.read_bytes() for name, path in app_files().items()})


def write_page_zip(target):
    write_zip(target, {name: path.read_bytes() for name, path in page_files().items()})


def start_imports():
    """The modules a page imports on its start beyond Pyodide's own boot: LAZY_IMPORTS and what
    the app's modules, the glues and PyScript's Python snippets import at module level (PyScript's
    tar.gz unpacking reads so too: its tarfile and gzip count, though the pages unpack a zip)."""
    names = {name for name in LAZY_IMPORTS if not name.endswith(".*")}
    for path in [*app_files().values(), *glue_files()]:
        names |= imports_of(path.read_text(encoding="utf-8"))
    for path in pyscript_files():
        names |= imports_in_text(path.read_text(encoding="utf-8"), anywhere=False)
    return sorted(name for name in names if re.fullmatch(r"\w+(\.\w+)*", name))


def compile_modules(sources):
    """{'a/b.py': source} -> ({'a/b.pyc': bytecode}, modules read on start, frozen modules) from
    Pyodide's own Python: the compiled modules leave out those frozen into its binary, the second
    part names the modules its boot and start_imports() read from the standard library's zip, the
    third the modules frozen into the binary (runtime_pyc.mjs)."""
    with tempfile.TemporaryDirectory() as folder:
        given, taken = pathlib.Path(folder, "sources.zip"), pathlib.Path(folder, "compiled.zip")
        imports = pathlib.Path(folder, "imports.json")
        write_zip(given, sources)
        imports.write_text(json.dumps(start_imports()), encoding="utf-8")
        subprocess.run(["node", str(ROOT / "runtime_pyc.mjs"), str(given), str(taken), str(imports)],
                       check=True)
        with zipfile.ZipFile(taken) as compiled:
            frozen = set(json.loads(compiled.read(FROZEN_LIST)))
            read = set(json.loads(compiled.read(READ_LIST)))
            return {name: compiled.read(name) for name in compiled.namelist()
                    if name not in (FROZEN_LIST, READ_LIST) and module_name(name) not in frozen}, read, frozen


def gzip_size(data):
    return len(gzip.compress(data, 6, mtime=0))


def deflated_size(data):
    """The bytes `data` takes as an entry of the zips write_zip makes."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return len(packer.compress(data) + packer.flush())


def wire_size(name, data):
    """The bytes GitHub Pages sends for the file `name` holding `data`."""
    return len(data) if name.endswith(SENT_AS_IS) else gzip_size(data)


def compile_order(sources, compiled, read):
    """The sources worth compiling ahead, best first: of the modules a start reads (`read`), the
    most source (compile work) per added deflated byte (a stand-in for the zstd frame's growth)."""
    cost = {name: max(deflated_size(compiled[name + "c"]) - deflated_size(sources[name]), 0)
            for name in sources
            if name + "c" in compiled and module_name(name) in read}  # a .pyc smaller than its source is free
    return sorted(cost, key=lambda n: (-len(sources[n]) / max(cost[n], 1), n))


def write_stdlib(target, room):
    """The trimmed standard library as STDLIB: one zstd frame of a zip of stored entries, at most
    `room` bytes once it holds compiled modules (never less than its sources alone); returns the
    module names it holds. The modules Pyodide has frozen into its binary are left out: a start
    never reads them."""
    with zipfile.ZipFile(PYODIDE_DIST / "python_stdlib.zip") as stock:
        entries = trace(stock, import_roots())
        sources = {entry: without_docs(stock.read(entry)) for entry in entries}
    compiled, read, frozen = compile_modules(sources)
    sources = {name: data for name, data in sources.items() if module_name(name) not in frozen}
    order = compile_order(sources, compiled, read)

    @functools.cache  # the search tries each count once; the last one it kept is written
    def packed(count):
        chosen = set(order[:count])
        members = ({name: data for name, data in sources.items() if name not in chosen}
                   | {name + "c": compiled[name + "c"] for name in chosen})
        return zstd_pack(zip_bytes(members, zipfile.ZIP_STORED))

    # The most modules whose archive still fits the room (each one compiled makes it larger).
    low, high = 0, len(order)
    while low < high:
        middle = (low + high + 1) // 2
        low, high = (middle, high) if len(packed(middle)) <= room else (low, middle - 1)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(packed(low))
    return stdlib_modules(entries)


def copy_zstd_decoder(target):
    """fzstd (npm, MIT): the zstd decoder assets/stdlib.mjs unpacks STDLIB with, and its licence."""
    target.mkdir(parents=True, exist_ok=True)
    (target / "fzstd.mjs").write_bytes((FZSTD_DIST / "esm" / "index.mjs").read_bytes())
    (target / "LICENSE").write_bytes((FZSTD_DIST / "LICENSE").read_bytes())


def write_lockfile(target):
    """Pyodide's lock file without its package list: the pages install no package."""
    lock = json.loads((PYODIDE_DIST / "pyodide-lock.json").read_text(encoding="utf-8"))
    target.write_text(json.dumps({**lock, "packages": {}}, separators=(",", ":")), encoding="utf-8")


def warm_modules(stdlib):
    """What a memory snapshot imports ahead: the app's modules and the stdlib modules the glues and
    PyScript's Python side import directly; nothing that holds the page."""
    direct = set()
    for path in (p for p in glue_files() if p.suffix == ".py"):
        direct |= imports_of(path.read_text(encoding="utf-8"))
    for path in pyscript_files():
        direct |= imports_in_text(path.read_text(encoding="utf-8"))
    app = [module_name(name) for name in app_files() if not name.endswith("__main__.py")]
    known = set(stdlib) | set(app)
    wanted = {name for name in direct | {"shutil", "zipfile"} if name in known}  # + unpacking
    page = {n for n in wanted if n in PAGE_MODULES or n.startswith(tuple(m + "." for m in PAGE_MODULES))}
    return sorted(set(app) | wanted - page)
