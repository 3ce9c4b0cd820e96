"""The browser runtime the pages load, and nothing more. Used by build.py's copy stage.

- PyScript: `core.js` and the chunks the pages request (tests/browser/test_snapshot.py records
  every request and checks that the shipped chunks are exactly those).
- Pyodide: npm's files, except that the standard library (`python_stdlib.zst`: stdlib.py) holds
  only the modules the pages import (imports.py), compiled ahead or without comments and
  docstrings, and `pyodide-lock.json` lists no package (the pages load none).
- `app.zst` (APP): every module of the engine package and of `site/` (the pages' packages and their
  shared modules), subpackages included; a page's script only calls its package's start()
  (files.py, archive.py).
- `qr.zip`: segno's QR encoder (`segno/encoder.py` and `segno/consts.py` as the installed
  package has them, with its licence) as the package `segno_encoder`, fetched by the ledger only
  when its share box opens; not precached (a first visit never downloads it), kept by the service
  worker once fetched. The rest of segno (writers, helpers, command line) is not shipped: the
  page draws the code's SVG itself from the encoder's matrix.

Modules: files.py (what ships), imports.py (which modules a start imports: one scanner over one
root set), stdlib.py (the standard library's packing and the byte budget search; the Python it
runs under Node is pyc_worker.py), archive.py (app.zip, qr.zip).
"""
from .archive import APP, without_docs, write_app_zip, write_qr_zip, write_zip, zip_bytes, zstd_pack
from .files import (PYODIDE_DIST, PYSCRIPT_DIST, app_files, copy_zstd_decoder, module_name, on_demand_files,
                    pyscript_files, qr_files, write_lockfile)
from .imports import start_imports, stdlib_roots, trace, warm_modules
from .stdlib import (FIRST_VISIT, SENT_AS_IS, SLACK, STDLIB, compile_order, compile_modules, deflated_size,
                     gzip_size, wire_size, write_stdlib)

__all__ = [
    "APP", "FIRST_VISIT", "PYODIDE_DIST", "PYSCRIPT_DIST", "SENT_AS_IS", "SLACK", "STDLIB",
    "app_files", "compile_modules", "compile_order", "copy_zstd_decoder", "deflated_size",
    "gzip_size", "module_name", "on_demand_files", "pyscript_files", "qr_files",
    "start_imports", "stdlib_roots", "trace", "warm_modules", "wire_size", "without_docs",
    "write_app_zip", "write_lockfile", "write_qr_zip", "write_stdlib",
    "write_zip", "zip_bytes", "zstd_pack",
]
