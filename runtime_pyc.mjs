// Compiles Python modules with the Python the pages run (npm's Pyodide, in Node), for runtime/.
//
//   node runtime_pyc.mjs SOURCES.zip COMPILED.zip IMPORTS.json
//
// The Python it runs is runtime/pyc_worker.py (what goes in and out: its docstring).
import { readFileSync, writeFileSync } from "node:fs";
import { loadPyodide } from "./node_modules/pyodide/pyodide.mjs";

const [sources, compiled, imports] = process.argv.slice(2);

const pyodide = await loadPyodide({ env: { HOME: "/home/pyodide" } });
pyodide.FS.writeFile("/tmp/sources.zip", readFileSync(sources));
pyodide.FS.writeFile("/tmp/imports.json", readFileSync(imports));
pyodide.runPython(readFileSync(new URL("./runtime/pyc_worker.py", import.meta.url), "utf8"));
pyodide.runPython('main("/tmp/sources.zip", "/tmp/compiled.zip", "/tmp/imports.json")');
writeFileSync(compiled, pyodide.FS.readFile("/tmp/compiled.zip"));
