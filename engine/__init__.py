"""Bodegabordet's rules engines: pure Python, no browser, no I/O, no clock.

The same code runs in CPython (tests, bots, relay) and in Pyodide (the PWA).
Each game lives in its own package (``engine.snyd`` …); errors shared by all
games live in ``engine.errors``.
"""
