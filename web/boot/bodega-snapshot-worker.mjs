// Makes the Pyodide memory snapshot in a Web Worker, off the page's thread, with no snapshot
// bytes on the wire: it loads Pyodide like the page does (from the service worker's cache),
// unpacks python.zip, imports the modules app/main.py names (web/app/shell/snapshot_imports.py: two
// passes, so no module that needs the DOM at import time is half in it), snapshots the heap
// and stores it (bodega-snapshot-store.mjs). The page's loader (bodega-pyodide.mjs) starts it.
import { loadPyodide, version } from "./pyodide.mjs";
import { KEY } from "./bodega-snapshot-key.mjs";
import { write } from "./bodega-snapshot-store.mjs";

const indexURL = new URL("./", import.meta.url).href;
const BUNDLE = new URL("../python.zip", import.meta.url).href;
const HOME = "/home/pyodide"; // Pyodide's working directory: where PyScript unpacks it too

const quiet = () => {};

async function interpreter(bundle) {
  const pyodide = await loadPyodide({ indexURL, _makeSnapshot: true, stdout: quiet, stderr: quiet });
  pyodide.unpackArchive(bundle, "zip", { extractDir: HOME });
  return pyodide;
}

async function make() {
  const started = performance.now();
  const response = await fetch(BUNDLE);
  if (!response.ok) throw new Error(`python.zip: HTTP ${response.status}`);
  const bundle = new Uint8Array(await response.arrayBuffer());
  let pyodide = await interpreter(bundle);
  const trial = JSON.parse(pyodide.runPython(
    "import json, app.shell.snapshot_imports as s\n" +
    "json.dumps(s.trial(open('app/main.py', encoding='utf-8').read()))"));
  if (Object.keys(trial.failed).length) {
    // Modules that failed ran part of their body: start over with only what loaded whole.
    pyodide = null;
    pyodide = await interpreter(bundle);
    pyodide.runPython(`import app.shell.snapshot_imports as s\ns.load(${JSON.stringify(trial.loaded)})`);
  }
  pyodide.runPython("import gc\ngc.collect()");
  const bytes = pyodide.makeMemorySnapshot();
  const stored = await write(KEY, version, bytes);
  return { ok: true, raw: bytes.length, stored, loaded: trial.loaded.length,
           failed: trial.failed, ms: Math.round(performance.now() - started) };
}

make().then(postMessage, (error) => postMessage({ ok: false, error: String(error && error.stack || error) }));
