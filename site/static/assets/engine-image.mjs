// The engine's memory image on this device: one Pyodide memory snapshot per build, in Cache
// Storage beside the service worker's cache, gzip-compressed. The cache is named after the build
// (the service worker deletes other builds' images when it activates); the image carries the build
// and Pyodide version inside its compressed bytes, so an image copied from another build, a
// damaged one (gzip's CRC) or a truncated one is refused and deleted.
const PREFIX = "mahjong-payments-image-";
const HEAD = 64; // bytes of stamp before the image; keeps the image 16-byte aligned

function names(build, version) {
  return {
    cache: PREFIX + build,
    key: new URL(`../app/engine-${version}.image`, import.meta.url).href,
    stamp: new TextEncoder().encode(`mahjong-image 1 ${build} ${version}`.padEnd(HEAD)),
  };
}

/** The image for this build and Pyodide version as bytes, or null (none, or refused and deleted). */
export async function readImage(build, version) {
  if (!("caches" in self)) return null;
  const { cache, key, stamp } = names(build, version);
  const hit = await caches.match(key, { cacheName: cache });
  if (!hit) return null;
  try {
    const stream = hit.body.pipeThrough(new DecompressionStream("gzip"));
    const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
    if (bytes.length <= HEAD || bytes.length % 16 || !stamp.every((b, i) => bytes[i] === b)) {
      throw new Error("not an image of this build");
    }
    return bytes.subarray(HEAD);
  } catch {
    await dropImage(build, version);
    return null;
  }
}

export async function writeImage(build, version, image) {
  const { cache, key, stamp } = names(build, version);
  const plain = new Blob([stamp, image]);
  const packed = await new Response(plain.stream().pipeThrough(new CompressionStream("gzip"))).blob();
  const store = await caches.open(cache);
  await store.put(key, new Response(packed, { headers: { "Content-Type": "application/octet-stream" } }));
}

export async function dropImage(build, version) {
  const { cache, key } = names(build, version);
  try {
    if (await caches.has(cache)) await (await caches.open(cache)).delete(key);
  } catch {
    /* storage unavailable: nothing stored either */
  }
}
