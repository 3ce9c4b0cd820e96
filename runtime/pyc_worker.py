"""Run by runtime_pyc.mjs inside npm's Pyodide in Node: compiles standard-library modules with the
very Python the pages run. Nothing happens at import; ``main(...)`` does the work.

In: a zip of module sources ("json/decoder.py") and a JSON list of module names the pages import.
Out: a zip of the same modules as unchecked hash-based .pyc files ("json/decoder.pyc"),
``frozen.json`` (the modules this Python has frozen into its binary) and ``read.json`` (the modules
it reads from its standard library's zip when it boots and imports the list: what a page's start
compiles; not the modules only named, frozen or aliased to a frozen one).

The code objects carry no line table (co_linetable empty): a standard-library frame in a traceback
names its file and function but no line. Of the bytes a first visit may spend, the line tables took
15% of the compiled library, and without them every module a start reads fits compiled (runtime,
README "Start-up"). The pages' own modules ship as sources, line numbers and all.

The imports above ``main`` and the order inside it matter: ``read`` lists what is loaded from the
zip once the pages' imports are done, so the compiler's own modules come after it.
"""
import _imp
import importlib
import json
import sys
import zipfile
import zipimport


def imported_from_zip(imports):
    """Import each name of the JSON file `imports`; the modules then loaded from the stdlib zip."""
    with open(imports) as file:
        for name in json.load(file):
            try:  # noqa: SIM105 (contextlib would be one more module read before the list is taken)
                importlib.import_module(name)
            except Exception:  # a page module (js, pyscript), one this Python has not, a stray word
                pass
    return sorted(name for name, module in list(sys.modules.items())
                  if isinstance(getattr(module, "__loader__", None), zipimport.zipimporter))


def without_lines(code):
    """`code` and the code objects in its constants with empty line tables."""
    import types

    consts = tuple(without_lines(c) if isinstance(c, types.CodeType) else c for c in code.co_consts)
    return code.replace(co_linetable=b"", co_consts=consts)


def main(sources, compiled, imports, scratch="/tmp/module"):
    """Compile every module of the zip `sources` into the zip `compiled` (paths in the runtime's
    file system), with frozen.json and read.json beside them."""
    read = imported_from_zip(imports)
    import marshal  # after the list: the pages never import py_compile
    import py_compile

    with zipfile.ZipFile(sources) as given, \
            zipfile.ZipFile(compiled, "w", zipfile.ZIP_STORED) as taken:
        taken.writestr("frozen.json", json.dumps(sorted(_imp._frozen_module_names())))
        taken.writestr("read.json", json.dumps(read))
        for info in given.infolist():
            with open(scratch + ".py", "wb") as file:
                file.write(given.read(info))
            py_compile.compile(scratch + ".py", scratch + ".pyc", dfile=info.filename, doraise=True,
                               invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
            with open(scratch + ".pyc", "rb") as file:
                header, code = file.read(16), marshal.loads(file.read())
            taken.writestr(zipfile.ZipInfo(info.filename + "c", info.date_time),
                           header + marshal.dumps(without_lines(code)))
