// Bodegabordet service worker: offline-first.
// The server (relay/site.py) and `python -m relay build` fill in the three lines below: a content
// hash of every precached file, the list of those files, and the key of the Pyodide memory
// snapshot this version uses (web/boot/). Never edit them by hand.
const VERSION = "dev";
const PRECACHE = ["index.html"];
const SNAPSHOT_KEY = "dev";

const CACHE = "bodegabordet-" + VERSION;
// Made by the page's snapshot worker (web/boot/bodega-snapshot-store.mjs), never by this worker.
const SNAPSHOT_CACHE = "bodegabordet-snapshot-" + SNAPSHOT_KEY;
const SCOPE = new URL("./", self.location).href;
const INDEX = new URL("index.html", SCOPE).href;

self.addEventListener("install", (event) => {
  // Fetch past the HTTP cache so a new version never precaches stale bytes.
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      cache.addAll(PRECACHE.map((url) => new Request(new URL(url, SCOPE), { cache: "no-cache" })))
    )
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(
        // Older versions' files and snapshots go; this version's snapshot stays.
        keys.filter((key) => key.startsWith("bodegabordet-") && key !== CACHE && key !== SNAPSHOT_CACHE)
            .map((key) => caches.delete(key))
      ))
      .then(() => self.clients.claim())
  );
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "SKIP_WAITING") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // Every navigation in scope (/, /?t=…) is the one-page app: answer with the cached shell.
  if (request.mode === "navigate" && url.href.startsWith(SCOPE)) {
    event.respondWith(
      caches.open(CACHE)
        .then((cache) => cache.match(INDEX))
        .then((hit) => hit || fetch(request))
    );
    return;
  }
  // Cache-first; query strings are ignored so `?v=` cache-busters still hit the precache.
  event.respondWith(
    caches.open(CACHE)
      .then((cache) => cache.match(request, { ignoreSearch: true }))
      .then((hit) => hit || fetch(request))
  );
});
