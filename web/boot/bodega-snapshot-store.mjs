// Where the Pyodide memory snapshot lives: Cache Storage, one cache per snapshot key
// ("bodegabordet-snapshot-<KEY>", bodega-snapshot-key.mjs: python.zip, Pyodide's runtime and
// these modules), one entry per Pyodide version. sw.js's activate step deletes other keys'.
//
// Stored raw (~31 MB on disk): gzip (CompressionStream) made it 6.7 MB, but inflating it on
// the page's thread cost 0.3–1.1 s at 1× and 0.6–3 s at 4× CPU, against 0.1–0.3 s / 0.15–0.8 s
// to read it raw (docs/performance.md). The length is stored beside it: a cut-short entry is
// refused (Pyodide itself checks the magic number and its build id).

const PREFIX = "bodegabordet-snapshot-";
const LENGTH = "X-Bodega-Length";

export const cacheName = (key) => PREFIX + key;

// A synthetic same-origin URL: never fetched, only a key in the cache.
const entryURL = (pyodideVersion) =>
  new URL(`bodega-snapshot-${pyodideVersion}.bin`, import.meta.url).href;

/** The stored snapshot's cache entry (a Response, body not read yet), or null: quick. */
export async function find(key, pyodideVersion) {
  if (!key || !globalThis.caches) return null;
  if (!(await caches.has(cacheName(key)))) return null; // has(): never creates one
  const cache = await caches.open(cacheName(key));
  return (await cache.match(entryURL(pyodideVersion))) || null;
}

/** The bytes of an entry from find() (Uint8Array); throws when it was cut short. */
export async function bytesOf(hit) {
  const bytes = new Uint8Array(await hit.arrayBuffer());
  if (String(bytes.length) !== hit.headers.get(LENGTH)) {
    throw new Error(`snapshot of ${bytes.length} bytes, ${hit.headers.get(LENGTH)} stored`);
  }
  return bytes;
}

/** The stored snapshot's bytes (Uint8Array), or null when there is none. */
export async function read(key, pyodideVersion) {
  const hit = await find(key, pyodideVersion);
  return hit && bytesOf(hit);
}

/** Store `bytes` for this key and Pyodide version; returns the bytes written. */
export async function write(key, pyodideVersion, bytes) {
  const cache = await caches.open(cacheName(key));
  await cache.put(entryURL(pyodideVersion), new Response(bytes, {
    headers: { "Content-Type": "application/octet-stream", [LENGTH]: String(bytes.length) },
  }));
  return bytes.length;
}

/** Forget this key's snapshot (a damaged or stale one). */
export async function remove(key) {
  if (key && globalThis.caches) await caches.delete(cacheName(key));
}

/** Delete every other key's snapshot: sw.js does it on activate, but a snapshot worker of an
 * old page can still have been writing then (31 MB left behind until the next version). */
export async function removeOthers(key) {
  if (!globalThis.caches) return;
  const stale = (await caches.keys()).filter((name) => name.startsWith(PREFIX) && name !== cacheName(key));
  await Promise.all(stale.map((name) => caches.delete(name)));
}
