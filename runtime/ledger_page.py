"""The ledger glue's own modules (`site/ledger_page/`) as `ledger_page.zip`, for the ledger page
only: they touch the page when imported, so they are no part of app.zip or of the engine's memory
image. Everything here goes once the pages are packages that touch nothing at import (the target
layout): this module, its import in files.glue_files() and in imports.warm_modules()."""
from .archive import write_zip
from .files import SITE

# Modules that hold references to the page (JavaScript objects): never part of a memory snapshot.
PAGE_MODULES = ("js", "pyscript", "polyscript", "_pyscript", "pyodide.http", "pyodide.console")


def page_files():
    """{name inside ledger_page.zip: source path}: the ledger glue's modules."""
    return {p.relative_to(SITE).as_posix(): p for p in sorted((SITE / "ledger_page").glob("*.py"))}


def write_page_zip(target):
    write_zip(target, {name: path.read_bytes() for name, path in page_files().items()})


def holds_the_page(name):
    """Whether module `name` is one of PAGE_MODULES or inside one."""
    return name in PAGE_MODULES or name.startswith(tuple(m + "." for m in PAGE_MODULES))
