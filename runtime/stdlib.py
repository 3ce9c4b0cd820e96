"""The standard library as the site ships it: the modules the pages import, compiled ahead as many
as a first visit's byte budget holds, in one zstd frame.

Compiled ahead: on a phone's CPU, compiling the library's sources is most of a first visit's
Python start (measured at 4x slowdown: Pyodide's boot took 7.1 s from sources, 1.7 s from .pyc).
A .pyc is larger on the wire than its source, so the library holds .pyc files within the room a
first visit's FIRST_VISIT bytes leave once every other file it downloads is counted (build.py
passes it): modules are taken by the most source (compile work) per added byte first, among those
a start reads, as many as the room holds. They are compiled by Pyodide's own Python in Node
(runtime_pyc.mjs running pyc_worker.py), so the bytecode is exactly the version the pages run, and
carry no line table: without the line tables every module a start reads fits. Modules Pyodide has
frozen into its binary are left out (never read). The rest ship without comments and docstrings.

One zstd frame, not a deflated zip (STDLIB): GitHub Pages, like most hosts and CDNs, compresses
by content type (text, JavaScript, JSON, SVG, wasm) and sends archives and images as they are
(SENT_AS_IS). A zip deflates each entry alone; zstd over the whole archive (its entries stored)
is 30% smaller. The page decodes it with fzstd (npm, MIT; assets/stdlib.mjs, 0.1-0.2 s at 4x
slowdown, while the wasm still downloads) into the zip Pyodide mounts.
"""
import functools
import gzip
import json
import pathlib
import subprocess
import tempfile
import zipfile
import zlib

from .archive import without_docs, write_zip, zip_bytes, zstd_pack
from .files import PYODIDE_DIST, ROOT, module_name
from .imports import start_imports, stdlib_modules, stdlib_roots, trace

# A first visit's bytes on the wire (issue 9's goal; tests/test_runtime.py adds them up): what the
# compiled modules may add over their sources is what the other files leave of it, less SLACK.
FIRST_VISIT = 4.5 * 1_048_576
SLACK = 4096  # app/build.json, written after the standard library, and the zip's longer names
# What GitHub Pages sends without compressing it (by content type: archives and images); it gzips
# everything else the site holds.
SENT_AS_IS = (".zip", ".zst", ".png", ".ico", ".jpg", ".webp", ".woff2")
STDLIB = "python_stdlib.zst"  # the trimmed standard library as the site ships it (write_stdlib)
FROZEN_LIST = "frozen.json"  # beside the .pyc files pyc_worker.py writes: the frozen module names
READ_LIST = "read.json"  # and the modules a start reads from the zip


# ---------------------------------------------------------------- shrinking

# ---------------------------------------------------------------- compiling (Node)

def compile_modules(sources):
    """{'a/b.py': source} -> ({'a/b.pyc': bytecode}, modules read on start, frozen modules) from
    Pyodide's own Python: the compiled modules leave out those frozen into its binary, the second
    part names the modules its boot and start_imports() read from the standard library's zip, the
    third the modules frozen into the binary (runtime_pyc.mjs, pyc_worker.py)."""
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


# ---------------------------------------------------------------- bytes on the wire

def gzip_size(data):
    return len(gzip.compress(data, 6, mtime=0))


def deflated_size(data):
    """The bytes `data` takes as an entry of the zips write_zip makes."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return len(packer.compress(data) + packer.flush())


def wire_size(name, data):
    """The bytes GitHub Pages sends for the file `name` holding `data`."""
    return len(data) if name.endswith(SENT_AS_IS) else gzip_size(data)


# ---------------------------------------------------------------- the budget search

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
        entries = trace(stock, stdlib_roots())
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
