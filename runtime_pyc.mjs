// Compiles Python modules with the Python the pages run (npm's Pyodide, in Node), for runtime.py.
//
//   node runtime_pyc.mjs SOURCES.zip COMPILED.zip
//
// In: a zip of module sources ("json/decoder.py"). Out: a zip of the same modules as unchecked
// hash-based .pyc files ("json/decoder.pyc"), and frozen.json, the names of the modules Pyodide's
// Python has frozen into its binary. Compiled with PYTHONNODEBUGRANGES, CPython's documented
// switch for smaller code objects: line numbers are kept, column ranges are not.
import { readFileSync, writeFileSync } from "node:fs";
import { loadPyodide } from "./node_modules/pyodide/pyodide.mjs";

const [sources, compiled] = process.argv.slice(2);

const pyodide = await loadPyodide({ env: { HOME: "/home/pyodide", PYTHONNODEBUGRANGES: "1" } });
pyodide.FS.writeFile("/tmp/sources.zip", readFileSync(sources));
pyodide.runPython(`
import _imp, json, py_compile, zipfile

with zipfile.ZipFile("/tmp/sources.zip") as sources, \\
        zipfile.ZipFile("/tmp/compiled.zip", "w", zipfile.ZIP_STORED) as compiled:
    compiled.writestr("frozen.json", json.dumps(sorted(_imp._frozen_module_names())))
    for info in sources.infolist():
        with open("/tmp/module.py", "wb") as file:
            file.write(sources.read(info))
        py_compile.compile("/tmp/module.py", "/tmp/module.pyc", dfile=info.filename, doraise=True,
                           invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
        with open("/tmp/module.pyc", "rb") as file:
            compiled.writestr(zipfile.ZipInfo(info.filename + "c", info.date_time), file.read())
`);
writeFileSync(compiled, pyodide.FS.readFile("/tmp/compiled.zip"));
