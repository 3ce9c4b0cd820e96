"""The browser runtime the pages load, and nothing more. Used by build.py's copy stage.

- PyScript: `core.js` and the chunks the pages request (files.PYSCRIPT_CHUNKS).
- The interpreter (files.INTERPRETERS): MicroPython's `micropython.mjs` and `.wasm` by default;
  with `--interpreter pyodide`, Pyodide's files as npm has them (a plain stock boot).
- `app/` (archive.py, bundle.py): every module of the engine package and of `site/` but the
  build's own, without docs, compiled ahead to `.mpy` for MicroPython (sources for Pyodide), in
  bundles: engine.bundle and one per page of the modules its package may import
  (files.page_files), unpacked by the page's script before it imports its package.
- `runtime/qrcode/`: qrcode-generator's ES module, imported by the ledger's share box only when
  it first draws a code.
"""
import gzip

from .archive import PAGES, bundle_names, without_docs, write_app
from .bundle import pack, unpack
from .files import (BUILD_ONLY, INTERPRETERS, PYSCRIPT_DIST, app_files, interpreter_files, loader_path,
                    module_name, page_files, pyscript_files, qrcode_files, shipped_name)

# What GitHub Pages sends without compressing it (by content type: archives and images); it gzips
# everything else the site holds (text, JavaScript, JSON, SVG, wasm).
SENT_AS_IS = (".zip", ".png", ".ico", ".jpg", ".webp", ".woff2")


def gzip_size(data):
    return len(gzip.compress(data, 6, mtime=0))


def wire_size(name, data):
    """The bytes GitHub Pages sends for the file `name` holding `data`."""
    return len(data) if name.endswith(SENT_AS_IS) else gzip_size(data)


__all__ = [
    "BUILD_ONLY", "INTERPRETERS", "PAGES", "PYSCRIPT_DIST", "SENT_AS_IS", "app_files", "bundle_names",
    "gzip_size", "interpreter_files", "loader_path", "module_name", "pack", "page_files",
    "pyscript_files", "qrcode_files", "shipped_name", "unpack", "wire_size", "without_docs",
    "write_app",
]
