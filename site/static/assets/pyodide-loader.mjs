// PyScript's `interpreter` (app/pyscript.json): Pyodide's own loadPyodide, started from a memory
// image of the engine when this device holds one for this build, else booted as usual. After a
// normal boot, once the page is live and idle, a module worker makes the image for next time.
// <html data-engine-start="snapshot|fresh"> tells which, set when data-engine="ready" is.
//
// The page also loads this module itself, early and async (templates/_runtime_head.html.j2), so
// Pyodide boots while PyScript's own chunks still download and start; PyScript's call then
// receives that same Pyodide, with app/app.zst (the engine and the pages' packages) unpacked into
// Python's working directory, where the snapshot worker unpacks it too. The archive is fetched
// here, at once, so the page's <link rel="preload"> of it is taken up as soon as it is made:
// PyScript's own `files` would ask only once Pyodide is up, seconds after the page's load event.
import { loadPyodide as bootPyodide, version } from "../runtime/pyodide/pyodide.mjs";
import { anyImage, dropImage, readImage } from "./engine-image.mjs";
import { stdlibURL, unpackedApp } from "./stdlib.mjs";

export { version };

const INDEX_URL = new URL("../runtime/pyodide/", import.meta.url).href;
const IDLE_MS = 1500; // after the page is live, let the precache and first inputs go first
const root = document.documentElement;

const app = fetch(new URL("../app/app.zst", import.meta.url))
  .then((response) => (response.ok ? response.arrayBuffer() : Promise.reject(new Error(`app.zst: ${response.status}`))));
app.catch(() => {}); // reported when PyScript asks for the interpreter
const info = fetch(new URL("../app/build.json", import.meta.url))
  .then((response) => (response.ok ? response.json() : null))
  .catch(() => null);

// The page hears of each step at once (assets/engine-start.js): one that cannot finish (a file
// missing, a dropped connection, a frame of another build) shows the page's message and a retry,
// without waiting for PyScript to give up; one that finished keeps the page's stall timer quiet.
const tell = (name) => () => dispatchEvent(new Event(`engine:${name}`));

// Python's output before PyScript hands over its printers waits here.
const printers = { stdout: null, stderr: null };
const waiting = { stdout: [], stderr: [] };
const print = (stream) => (text) => (printers[stream] ? printers[stream](text) : waiting[stream].push(text));
const early = start({ indexURL: INDEX_URL, stdout: print("stdout"), stderr: print("stderr") });
let handedOut = false;

early.then(tell("progress"), tell("failed"));
app.then(tell("progress"), tell("failed"));

async function start(config) {
  const stdlib = stdlibURL(); // decoded while the device is asked for an image and reads it
  stdlib.then(tell("progress"), () => {}); // a failure: told by `early`
  const boot = async (extra = {}) => bootPyodide({ ...config, stdLibURL: await stdlib, ...extra });
  if (!(await anyImage())) return { pyodide: await boot(), how: "fresh" };
  const i = await info;
  const bytes = i && (await readImage(i.build, version).catch(() => null));
  if (bytes) {
    try {
      return { pyodide: await boot({ _loadSnapshot: bytes }), how: "snapshot" };
    } catch {
      // Refused by Pyodide (made by another Pyodide build) or failed to restore: boot normally,
      // and make a new image once live.
      await dropImage(i.build, version);
    }
  }
  return { pyodide: await boot(), how: "fresh" };
}

export async function loadPyodide(options = {}) {
  if (handedOut) { // a second interpreter
    return bootPyodide({ ...options, indexURL: INDEX_URL, stdLibURL: await stdlibURL() });
  }
  handedOut = true;
  for (const stream of ["stdout", "stderr"]) {
    if (options[stream]) {
      printers[stream] = options[stream];
      waiting[stream].splice(0).forEach(options[stream]);
    }
  }
  const { pyodide, how } = await early;
  try {
    pyodide.unpackArchive(unpackedApp(await app), "zip");
  } catch (error) { // an archive of another build, say: PyScript would not say
    tell("failed")();
    throw error;
  }
  whenReady(how);
  return pyodide;
}

function whenReady(how) {
  const mark = () => {
    if (root.dataset.engine !== "ready") return false;
    root.dataset.engineStart = how;
    if (how === "fresh") makeImageLater();
    return true;
  };
  const watch = new MutationObserver(() => mark() && watch.disconnect());
  watch.observe(root, { attributes: true, attributeFilter: ["data-engine"] });
}

async function makeImageLater() {
  const i = await info;
  if (!i || !("caches" in self)) return;
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
  await new Promise((resolve) => (self.requestIdleCallback || setTimeout)(resolve, { timeout: 5000 }));
  const worker = new Worker(new URL("./snapshot-worker.mjs", import.meta.url), { type: "module" });
  const done = (outcome) => {
    root.dataset.engineImage = outcome;
    worker.terminate();
  };
  worker.addEventListener("message", (event) => done(event.data));
  worker.addEventListener("error", () => done("failed"));
  worker.postMessage({ build: i.build, warm: i.warm });
}
