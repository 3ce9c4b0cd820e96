// Compiles Python modules with the Python the pages run (npm's Pyodide, in Node), for runtime.py.
//
//   node runtime_pyc.mjs SOURCES.zip COMPILED.zip IMPORTS.json
//
// In: a zip of module sources ("json/decoder.py") and a list of module names the pages import.
// Out: a zip of the same modules as unchecked hash-based .pyc files ("json/decoder.pyc"),
// frozen.json, the names of the modules Pyodide's Python has frozen into its binary, and read.json,
// the modules this Python reads from its standard library's zip when it boots and imports the
// list (what a page's start compiles; not the modules only named, frozen or aliased to a frozen
// one). The code objects carry no line table (co_linetable empty): a standard-library frame in a
// traceback names its file and function but no line. Of the bytes a first visit may spend, the
// line tables took 15% of the compiled library, and without them every module a start reads fits
// compiled (runtime.py, README "Start-up"). The pages' own modules ship as sources, line numbers
// and all.
import { readFileSync, writeFileSync } from "node:fs";
import { loadPyodide } from "./node_modules/pyodide/pyodide.mjs";

const [sources, compiled, imports] = process.argv.slice(2);

const pyodide = await loadPyodide({ env: { HOME: "/home/pyodide" } });
pyodide.FS.writeFile("/tmp/sources.zip", readFileSync(sources));
pyodide.FS.writeFile("/tmp/imports.json", readFileSync(imports));
pyodide.runPython(`
import _imp, importlib, json, sys, zipfile, zipimport

with open("/tmp/imports.json") as file:
    for name in json.load(file):
        try:
            importlib.import_module(name)
        except Exception:  # a page module (js, pyscript), one this Python has not, a stray word
            pass
read = sorted(name for name, module in list(sys.modules.items())
              if isinstance(getattr(module, "__loader__", None), zipimport.zipimporter))
import marshal, py_compile, types  # after the list: the pages never import py_compile

def without_lines(code):
    consts = tuple(without_lines(c) if isinstance(c, types.CodeType) else c for c in code.co_consts)
    return code.replace(co_linetable=b"", co_consts=consts)

with zipfile.ZipFile("/tmp/sources.zip") as sources, \\
        zipfile.ZipFile("/tmp/compiled.zip", "w", zipfile.ZIP_STORED) as compiled:
    compiled.writestr("frozen.json", json.dumps(sorted(_imp._frozen_module_names())))
    compiled.writestr("read.json", json.dumps(read))
    for info in sources.infolist():
        with open("/tmp/module.py", "wb") as file:
            file.write(sources.read(info))
        py_compile.compile("/tmp/module.py", "/tmp/module.pyc", dfile=info.filename, doraise=True,
                           invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
        with open("/tmp/module.pyc", "rb") as file:
            header, code = file.read(16), marshal.loads(file.read())
        compiled.writestr(zipfile.ZipInfo(info.filename + "c", info.date_time),
                          header + marshal.dumps(without_lines(code)))
`);
writeFileSync(compiled, pyodide.FS.readFile("/tmp/compiled.zip"));
