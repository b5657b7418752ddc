// PyScript's `interpreter` (/pyscript.json names ./vendor/bodega-pyodide.mjs): Pyodide's own
// loader, restored from a memory snapshot when this browser has one for this app's KEY (a hash
// of python.zip, Pyodide's runtime and these modules: relay/site.py generates the key module).
//
// PyScript imports this module and calls loadPyodide({stdout, stderr, indexURL}). The stored
// snapshot (Cache Storage, bodega-snapshot-store.mjs) is looked up at import time, in parallel
// with PyScript's other work. With one, Pyodide skips Python's start-up and the app's imports
// (they are in the snapshot); without one, or when it does not restore, Pyodide starts as
// usual, and once the Snyd table is ready and the page idle a Web Worker makes the snapshot
// for the next start (bodega-snapshot-worker.mjs). <html data-snapshot> says which:
// "restored" | "making" | "stored" | "failed" | "off" (no Cache Storage or Worker here).
import { loadPyodide as loadPlain, version } from "./pyodide.mjs";
import { KEY } from "./bodega-snapshot-key.mjs";
import { bytesOf, find, remove, removeOthers } from "./bodega-snapshot-store.mjs";

export { version };

const root = document.documentElement;
// Whether there is one is known in a few ms; its 31 MB are read while Pyodide fetches and sets
// up the rest (`_loadSnapshot` takes a promise): waiting for the bytes first cost 0.2–0.7 s at
// 4× CPU (docs/performance.md).
const entry = find(KEY, version).catch(() => null);
const snapshot = entry.then((hit) => hit && bytesOf(hit)).catch((error) => {
  console.warn("Bodegabordet: the stored Python snapshot could not be read", error);
  return remove(KEY).catch(() => {}).then(() => null);
});
const snapshotOrFail = () => snapshot.then((bytes) => {
  if (!bytes) throw new Error("no readable snapshot");
  return bytes;
});

// A snapshot freezes the interpreter's state: every restore would draw the same "random"
// numbers (table seeds, tab ids). secrets/uuid read the OS each time; the hash seed stays the
// one of this device's snapshot (docs/boot.md).
const AFTER_RESTORE = "import random\nrandom.seed()";

const state = (value) => root.setAttribute("data-snapshot", value);

export async function loadPyodide(options) {
  // A share link's form first: Python's start holds the main thread for seconds, so it waits
  // for the friend's tap (web/app/shell.js "Python waits for the friend's tap").
  const shell = globalThis.bodegaShell;
  if (shell && typeof shell.pythonMayStart === "function") await shell.pythonMayStart();
  if (await entry) {
    try {
      const pyodide = await loadPlain({ ...options, _loadSnapshot: snapshotOrFail() });
      pyodide.runPython(AFTER_RESTORE);
      performance.mark("bodega:snapshot-restored");
      state("restored");
      tableReady().then(idle).then(() => removeOthers(KEY)).catch(() => {});
      return pyodide;
    } catch (error) {
      console.warn("Bodegabordet: the stored Python snapshot did not restore; starting without it", error);
      await remove(KEY).catch(() => {});
    }
  }
  const pyodide = await loadPlain(options);
  // (__bodegaNoSnapshot: set by the browser tests that do not test the snapshot, devtools/)
  if (KEY && globalThis.caches && typeof Worker === "function" && !globalThis.__bodegaNoSnapshot) {
    state("making");
    makeSnapshotLater();
  } else {
    state("off");
  }
  return pyodide;
}

// -- making the snapshot: after the table is ready, when the page is idle --------------------

const tableReady = () => new Promise((resolve) => {
  if (performance.getEntriesByName("bodega:table-ready").length) return resolve();
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName("bodega:table-ready").length) {
      observer.disconnect();
      resolve();
    }
  });
  observer.observe({ type: "mark" });
});

// On a first visit the service worker is still precaching: wait for it (capped), so the
// worker's downloads come from its cache and do not compete with the precache.
const workerSettled = () => {
  const sw = navigator.serviceWorker;
  if (!sw) return Promise.resolve();
  const cap = new Promise((resolve) => setTimeout(resolve, 30_000));
  const ready = sw.ready.then(() => sw.controller ? null : new Promise((resolve) =>
    sw.addEventListener("controllerchange", resolve, { once: true })));
  return Promise.race([ready, cap]);
};

const idle = () => new Promise((resolve) =>
  (globalThis.requestIdleCallback || ((f) => setTimeout(f, 200)))(resolve, { timeout: 5_000 }));

async function makeSnapshotLater() {
  await tableReady();
  await workerSettled();
  await idle();
  await removeOthers(KEY).catch(() => {});
  const url = new URL("./bodega-snapshot-worker.mjs", import.meta.url);
  performance.mark("bodega:snapshot-start");
  const worker = new Worker(url, { type: "module", name: "bodega-snapshot" });
  worker.onmessage = ({ data }) => {
    worker.terminate();
    if (data.ok) {
      performance.mark("bodega:snapshot-stored", { detail: data });
      state("stored");
    } else {
      console.warn("Bodegabordet: no Python snapshot this time:", data.error);
      state("failed");
    }
  };
  worker.onerror = (event) => {
    worker.terminate();
    console.warn("Bodegabordet: the snapshot worker failed:", event.message);
    state("failed");
  };
}
