// The standard library as the site ships it: one zstd frame (runtime/pyodide/python_stdlib.zst,
// written by runtime.py) holding the zip Pyodide mounts, its entries stored. GitHub Pages sends a
// zip as it is, and zstd over the whole archive is 30% smaller than the zip's own deflate
// (README, "Start-up"). Decoded here with fzstd (runtime/fzstd, MIT) and handed to loadPyodide
// as a blob: URL, its `stdLibURL`. Used by the page's loader and by the image worker.
import { decompress } from "../runtime/fzstd/fzstd.mjs";

const PACKED = new URL("../runtime/pyodide/python_stdlib.zst", import.meta.url);
let unpacked = null;

export function stdlibURL() {
  unpacked ??= fetch(PACKED)
    .then((response) => {
      if (!response.ok) throw new Error(`python_stdlib.zst: ${response.status}`);
      return response.arrayBuffer();
    })
    .then((packed) => URL.createObjectURL(
      new Blob([decompress(new Uint8Array(packed))], { type: "application/zip" })));
  return unpacked;
}

// The app archive (app/app.zst: the engine and the pages' packages) is packed the same way: one
// zstd frame of a zip of stored entries, decoded here into the zip Pyodide unpacks.
export function unpackedApp(packed) {
  return decompress(new Uint8Array(packed));
}
