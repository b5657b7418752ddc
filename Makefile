# Bodegabordet: the two commands are `make run` and `make test`; both set up what is missing first.
# Every step is guarded by a stamp file, so a second run is quick and does nothing it need not do.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
HOST   ?= 127.0.0.1
PORT   ?= 8000

VENV_STAMP   := $(VENV)/.installed
NODE_STAMP   := web/node_modules/.installed
VENDOR_STAMP := web/vendor/.vendored

.PHONY: all setup run test build bench lint icons clean mutation endgame

all: setup

setup: $(VENV_STAMP) $(VENDOR_STAMP)

$(VENV_STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@

$(NODE_STAMP): web/package.json web/package-lock.json
	cd web && npm ci --ignore-scripts --no-audit --no-fund
	touch $@

# Copy only the Pyodide/PyScript files the app loads into web/vendor/, and fetch the pinned
# wheels it loads lazily (segno, for the QR code) with the venv's pip, and trim python_stdlib.zip
# to what the app imports (devtools/vendor.py, devtools/stdlib.py).
$(VENDOR_STAMP): $(NODE_STAMP) $(VENV_STAMP) devtools/vendor.py devtools/stdlib.py
	$(PY) -m devtools.vendor
	touch $@

run: setup
	$(PY) -m relay --dev --host $(HOST) --port $(PORT)

# pytest's exit 5 ("no tests collected") is a failure here, never a pass.
test: setup
	$(PY) -m pytest $(ARGS); status=$$?; \
	if [ $$status -eq 5 ]; then echo "no tests collected" >&2; exit 1; fi; exit $$status

build: setup
	$(PY) -m relay build

bench: setup
	$(PY) bench/startup.py

lint: setup
	$(PY) -m ruff check .

# Mutation testing over engine/ (docs/testing.md "Mutation testing"): mutmut, configured in
# pyproject.toml [tool.mutmut], runs the fast engine/regulars tests against every mutant.
# MUTATION_JOBS bounds the CPU it takes; a second run only re-tests what changed.
MUTATION_JOBS ?= 1
mutation: $(VENV_STAMP)
	$(PY) -m pip install --quiet -e '.[mutation]'
	$(VENV)/bin/mutmut run --max-children $(MUTATION_JOBS)
	$(VENV)/bin/mutmut results

# Snyd's heads-up endgame tables (engine/snyd/endgame_data.py, committed; issue 22): 1v1 by CFR+
# in pure Python, 2v1/1v2/2v2 by the exact sequence-form LP (HiGHS, in a double oracle: SciPy,
# the build-only extra [endgame]), 1v1 with jokers or En slags by CFR+ over the whole tree (numpy)
# and one exact LP per seat, until both best responses pin the value (~18 min, niced; the
# whole-tree CFR+ keeps its state in build/, so a second run resumes).
endgame: $(VENV_STAMP)
	$(PY) -m pip install --quiet -e '.[endgame]'
	nice -n 10 $(PY) -m engine.snyd.endgame --build

# Regenerate the PNG icons (they are committed; only needed when the drawing changes).
icons:
	$(PYTHON) -m devtools.icons

clean:
	rm -rf $(VENV) web/node_modules web/vendor dist test-artifacts
