// PyScript's `interpreter` (app/pyscript.json): Pyodide's own loadPyodide, started from a memory
// image of the engine when this device holds one for this build, else booted as usual. After a
// normal boot, once the page is live and idle, a module worker makes the image for next time.
// <html data-engine-start="snapshot|fresh"> tells which, set when data-engine="ready" is.
import { loadPyodide as bootPyodide, version } from "../runtime/pyodide/pyodide.mjs";
import { dropImage, readImage } from "./engine-image.mjs";

export { version };

const INDEX_URL = new URL("../runtime/pyodide/", import.meta.url).href;
const IDLE_MS = 1500; // after the page is live, let the precache and first inputs go first
const root = document.documentElement;

// Started on import, so reading the image overlaps PyScript's own start.
const info = fetch(new URL("../app/build.json", import.meta.url))
  .then((response) => (response.ok ? response.json() : null))
  .catch(() => null);
const image = info.then((i) => (i ? readImage(i.build, version) : null)).catch(() => null);

export async function loadPyodide(options = {}) {
  const config = { ...options, indexURL: INDEX_URL };
  const bytes = await image;
  if (bytes) {
    try {
      const pyodide = await bootPyodide({ ...config, _loadSnapshot: bytes });
      whenReady("snapshot");
      return pyodide;
    } catch {
      // Refused by Pyodide (another Pyodide build) or failed to restore: boot normally below,
      // and replace the image.
      const i = await info;
      await dropImage(i.build, version);
    }
  }
  const pyodide = await bootPyodide(config);
  whenReady("fresh");
  return pyodide;
}

function whenReady(start) {
  const mark = () => {
    if (root.dataset.engine !== "ready") return false;
    root.dataset.engineStart = start;
    if (start === "fresh") makeImageLater();
    return true;
  };
  const watch = new MutationObserver(() => mark() && watch.disconnect());
  watch.observe(root, { attributes: true, attributeFilter: ["data-engine"] });
}

async function makeImageLater() {
  const i = await info;
  if (!i || !("caches" in self) || !("CompressionStream" in self)) return;
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
