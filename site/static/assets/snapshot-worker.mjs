// Makes the engine's memory image off the page's thread: a second Pyodide of the same build, the
// app unpacked where the page's loader unpacks it, the engine, every page package and the stdlib
// modules the pages import imported ahead (none touches the page on import: an image may hold no
// JavaScript object),
// then `makeMemorySnapshot`, stored by engine-image.mjs. Answers "stored" or "failed".
import { loadPyodide, version } from "../runtime/pyodide/pyodide.mjs";
import { writeImage } from "./engine-image.mjs";
import { stdlibURL, unpackedApp } from "./stdlib.mjs";

const INDEX_URL = new URL("../runtime/pyodide/", import.meta.url).href;

self.addEventListener("message", async ({ data: { build, warm } }) => {
  try {
    const pyodide = await loadPyodide({ indexURL: INDEX_URL, stdLibURL: await stdlibURL(),
                                       _makeSnapshot: true });
    const app = await fetch(new URL("../app/app.zst", import.meta.url));
    if (!app.ok) throw new Error(`app.zst: ${app.status}`);
    pyodide.unpackArchive(unpackedApp(await app.arrayBuffer()), "zip");
    // The names go in as a literal: a Python object made from a JavaScript one would be a reference
    // the image cannot hold.
    pyodide.runPython([
      "import importlib",
      `for _name in ${JSON.stringify(warm)}:`,
      "    importlib.import_module(_name)",
      "del _name, importlib",
    ].join("\n"));
    await writeImage(build, version, pyodide.makeMemorySnapshot());
    self.postMessage("stored");
  } catch (error) {
    console.warn("engine image not made:", error);
    self.postMessage("failed");
  }
});
