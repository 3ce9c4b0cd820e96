// Run calls into the engine under the pinned MicroPython (the npm package the pages use), in Node.
//
//   node tools/mpy_run.mjs [--root CHECKOUT] < calls.json > answers.json
//
// stdin: a JSON list of calls, each {"fn": "engine.calculate", "args": [...], "kwargs": {...}}
// (a function by its module path) or {"import": "engine.tiles"} (a module that must import);
// characters beyond ASCII as UTF-8, not escaped (MicroPython's json reads an escaped surrogate
// pair, \ud83d\ude00, as two characters).
// stdout: a JSON list of answers in the same order: {"value": ...} (the return value as JSON),
// {"error": {...}} (an error with as_dict(): InputError and its kin), or {"exception": {"type",
// "message"}} (anything else). One MicroPython for the whole batch: its start is paid once.
// The engine package is copied from this checkout, or the one --root names (every .py file
// under engine/), into
// MicroPython's file system; the time of the batch is written to stderr.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const given = process.argv.indexOf("--root");
const ROOT = given > 0 ? process.argv[given + 1] : join(dirname(fileURLToPath(import.meta.url)), "..");
const PACKAGE = "@micropython/micropython-webassembly-pyscript/micropython.mjs";

// The driver, run inside MicroPython: reads /batch.json, writes /answers.json.
const DRIVER = `
import json
import sys

sys.path = ["", "/"] + [p for p in sys.path if p not in ("", "/")]


def _find(path):
    module_name, _dot, name = path.rpartition(".")
    module = __import__(module_name)
    for part in module_name.split(".")[1:]:
        module = getattr(module, part)
    return getattr(module, name)


def _answer(call):
    try:
        if "import" in call:
            _find(call["import"] + ".__name__")
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
      if (name !== "__pycache__") found.push(...pythonFiles(path));
    } else if (name.endsWith(".py")) {
      found.push(path);
    }
  }
  return found;
}

async function main() {
  const input = readFileSync(0, "utf8");
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
    const target = "/" + relative(ROOT, path);
    mp.FS.mkdirTree(dirname(target));
    mp.FS.writeFile(target, readFileSync(path));
  }
  mp.FS.writeFile("/batch.json", input);
  try {
    mp.runPython(DRIVER);
  } catch (error) {
    process.stderr.write(output.join("\n") + "\n" + String(error.message || error) + "\n");
    process.exit(1);
  }
  const answers = mp.FS.readFile("/answers.json", { encoding: "utf8" });
  const done = performance.now();
  process.stdout.write(answers);
  const count = JSON.parse(input).length;
  process.stderr.write(JSON.stringify({
    calls: count,
    start_ms: Math.round(loaded - started),
    batch_ms: Math.round(done - loaded),
  }) + "\n");
}

main();
