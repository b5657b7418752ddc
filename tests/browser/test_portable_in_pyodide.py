"""Run every tests/portable/test_*.py inside Pyodide (Python 3.14 in Chromium), like pytest would.

The portable modules use plain asserts, the stdlib and the engine only (the engine helper writes
them; CPython runs them through pytest as usual). Each `test_*` function is called in the page;
any failure fails this test with the Python traceback. Finding no module or no test fails too.
"""

from __future__ import annotations

import json

from devtools import browser as bt

PORTABLE = bt.ROOT / "tests" / "portable"

RUN_ALL = """
import importlib, inspect, json, sys, traceback
sys.path.insert(0, "portable_root")
results = []
for name in MODULES:
    try:
        module = importlib.import_module("tests.portable." + name)
    except BaseException:
        results.append({"test": name, "ok": False, "error": traceback.format_exc()})
        continue
    for fname, fn in sorted(vars(module).items()):
        if not (fname.startswith("test_") and inspect.isfunction(fn)):
            continue
        if fn.__module__ != module.__name__:
            continue  # imported from elsewhere, not a test of this module
        try:
            fn()
            results.append({"test": f"{name}::{fname}", "ok": True})
        except BaseException:
            results.append({"test": f"{name}::{fname}", "ok": False,
                            "error": traceback.format_exc()})
{"python": sys.version.split()[0], "results": results}
"""


def test_portable_engine_checks_pass_in_pyodide(browser, app_server, watches) -> None:
    sources = {p.name: p.read_text(encoding="utf-8") for p in sorted(PORTABLE.glob("*.py"))}
    modules = sorted(n[:-3] for n in sources if n.startswith("test_"))
    assert modules, f"no tests/portable/test_*.py found in {PORTABLE}"

    context = browser.new_context(locale=bt.LOCALE)
    watches.append(bt.watch(context, app_server.origin))
    try:
        page = bt.pyodide_page(context, app_server.url)
        bt.write_files(page, {f"portable_root/tests/portable/{name}": text
                              for name, text in sources.items()})
        out = bt.run_in_pyodide(page, f"MODULES = {json.dumps(modules)}\n" + RUN_ALL)
    finally:
        context.close()

    assert out["python"].startswith("3.1"), out["python"]
    results = out["results"]
    assert results, "the portable modules hold no test_* functions"
    failures = [f"{r['test']}\n{r['error']}" for r in results if not r["ok"]]
    assert not failures, f"{len(failures)} of {len(results)} failed in Pyodide " \
        f"{out['python']}:\n" + "\n".join(failures)
    print(f"{len(results)} portable checks passed in Pyodide {out['python']}")
