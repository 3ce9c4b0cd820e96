// The engine and the pages' own modules (site/) under the pinned MicroPython (the npm package the
// pages use), in Node: calls answered, or every site module imported.
//
//   node tools/mpy_run.mjs [--root CHECKOUT] [--stub MODULE]... [--with FILE]... < calls.json > answers.json
//   node tools/mpy_run.mjs [--root CHECKOUT] [--stub MODULE]... [--with FILE]... --imports
//
// stdin: a JSON list of calls, each {"fn": "engine.calculate", "args": [...], "kwargs": {...}} (a
// function by its module path) or {"import": "engine.tiles"} (a module that must import);
// characters beyond ASCII as UTF-8, not escaped (MicroPython's json reads an escaped surrogate
// pair, \ud83d\ude00, as two characters). stdout: a JSON list of answers in the same order:
// {"value": ...} (the return value as JSON), {"error": {...}} (an error with as_dict(): InputError
// and its kin), or {"exception": {"type", "message"}} (anything else). One MicroPython for the
// whole batch: its start is paid once; the time of the batch is written to stderr.
// --imports: imports every module under site/ in turn and prints "ok NAME" or "FAIL NAME: error"
// for each; the exit status is 1 when any failed.
//
// The file system holds engine/ (every .py file) at /, site/'s .py files under /site (on sys.path,
// as the pages import them: `import dom`, `from ledger import page`), and a stand-in for PyScript's
// `pyscript` package (window and document None; pyscript.ffi's create_proxy and to_js give back
// what they are given): nothing here has a page. --stub MODULE (a site module, "ledger.share")
// puts a module in its place whose every name is a function that does nothing (for a module
// someone else is changing). --with FILE copies a helper module to / (importable by its name).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { basename, dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

function option(name) {
  const values = [];
  process.argv.forEach((arg, at) => {
    if (arg === name) values.push(process.argv[at + 1]);
  });
  return values;
}

const ROOT = option("--root")[0] || join(dirname(fileURLToPath(import.meta.url)), "..");
const STUBS = option("--stub");
const HELPERS = option("--with");
const IMPORTS = process.argv.includes("--imports");
const PACKAGE = "@micropython/micropython-webassembly-pyscript/micropython.mjs";

const PYSCRIPT = {
  "/pyscript/__init__.py": "# A stand-in for PyScript's package: no page here.\nwindow = None\ndocument = None\n",
  "/pyscript/ffi.py": "# A stand-in for PyScript's pyscript.ffi: no JavaScript here.\n\n\n" +
    "def create_proxy(function):\n    return function\n\n\n" +
    "def to_js(value, **options):\n    return value\n",
};
const STUB = "# A stand-in for a module being changed elsewhere: every name does nothing.\n\n\n" +
  "def __getattr__(name):\n    return lambda *args, **kwargs: None\n";

const DRIVER = `
import json
import sys

sys.path = ["", "/", "/site"] + [p for p in sys.path if p not in ("", "/", "/site")]


def _find(path):
    module_name, _dot, name = path.rpartition(".")
    module = __import__(module_name)
    for part in module_name.split(".")[1:]:
        module = getattr(module, part)
    return getattr(module, name)


def _answer(call):
    try:
        if "import" in call:
            __import__(call["import"])
            return {"value": True}
        value = _find(call["fn"])(*call.get("args", []), **call.get("kwargs", {}))
        return {"value": value}
    except Exception as error:
        if hasattr(error, "as_dict"):
            return {"error": error.as_dict()}
        return {"exception": {"type": type(error).__name__, "message": str(error)}}


def _run():
    with open("/batch.json") as file:
        calls = json.load(file)
    answers = []
    for call in calls:
        answer = _answer(call)
        try:
            text = json.dumps(answer)
        except Exception as error:
            text = json.dumps({"exception": {"type": "NotJSON", "message": str(error)}})
        answers.append(text)
    with open("/answers.json", "w") as file:
        file.write("[" + ",\\n".join(answers) + "]")


_run()
`;

function pythonFiles(folder) {
  const found = [];
  for (const name of readdirSync(folder).sort()) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) {
      if (name !== "__pycache__" && name !== "static" && name !== "templates") found.push(...pythonFiles(path));
    } else if (name.endsWith(".py")) {
      found.push(path);
    }
  }
  return found;
}

function moduleName(path) {
  const parts = relative(join(ROOT, "site"), path).replace(/\.py$/, "").split("/");
  if (parts[parts.length - 1] === "__init__") parts.pop();
  return parts.join(".");
}

function copyInto(mp, target, bytes) {
  mp.FS.mkdirTree(dirname(target));
  mp.FS.writeFile(target, bytes);
}

async function main() {
  const started = performance.now();
  const { loadMicroPython } = await import(PACKAGE);
  const output = [];
  const mp = await loadMicroPython({
    heapsize: 256 * 1024 * 1024,
    pystack: 64 * 1024,
    stdout: (line) => output.push(line),
    stderr: (line) => output.push(line),
  });
  const loaded = performance.now();
  for (const path of pythonFiles(join(ROOT, "engine"))) {
    copyInto(mp, "/" + relative(ROOT, path), readFileSync(path));
  }
  const siteFiles = existsSync(join(ROOT, "site")) ? pythonFiles(join(ROOT, "site")) : [];
  for (const path of siteFiles) {
    const stubbed = STUBS.includes(moduleName(path));
    copyInto(mp, "/" + relative(ROOT, path), stubbed ? STUB : readFileSync(path));
  }
  for (const [target, text] of Object.entries(PYSCRIPT)) copyInto(mp, target, text);
  for (const path of HELPERS) copyInto(mp, "/" + basename(path), readFileSync(path));

  // The calls' text as given (JavaScript's JSON would write -0.0 as 0).
  const input = IMPORTS
    ? JSON.stringify(siteFiles.map((path) => ({ import: moduleName(path) })))
    : readFileSync(0, "utf8");
  const calls = JSON.parse(input);
  mp.FS.writeFile("/batch.json", input);
  try {
    mp.runPython(DRIVER);
  } catch (error) {
    process.stderr.write(output.join("\n") + "\n" + String(error.message || error) + "\n");
    process.exit(1);
  }
  const answers = mp.FS.readFile("/answers.json", { encoding: "utf8" });
  const done = performance.now();
  if (IMPORTS) {
    let failed = 0;
    JSON.parse(answers).forEach((answer, at) => {
      const name = calls[at].import;
      const stub = STUBS.includes(name) ? " (stubbed)" : "";
      if (answer.value === true) {
        process.stdout.write(`ok ${name}${stub}\n`);
      } else {
        failed += 1;
        const why = answer.exception ? `${answer.exception.type}: ${answer.exception.message}` : JSON.stringify(answer);
        process.stdout.write(`FAIL ${name}: ${why}\n`);
      }
    });
    process.exitCode = failed ? 1 : 0;
  } else {
    process.stdout.write(answers);
  }
  process.stderr.write(JSON.stringify({
    calls: calls.length,
    start_ms: Math.round(loaded - started),
    batch_ms: Math.round(done - loaded),
  }) + "\n");
}

main();
