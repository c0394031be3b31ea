# Two commands do everything on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP_RUN := $(VENV)/.installed-run
STAMP_TEST := $(VENV)/.installed-test
STAMP_DOCS := $(VENV)/.installed-docs

.PHONY: run test test-fast bench notebooks data docs pictures clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# the web extra too: every command of the README works after make run, crib-stats serve included
$(STAMP_RUN): pyproject.toml Makefile | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[web]'
	touch $@

$(STAMP_TEST): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@ $(STAMP_RUN) $(STAMP_DOCS)

$(STAMP_DOCS): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[docs]'
	touch $@

run: $(STAMP_RUN)
	$(BIN)/crib-stats enumerate
	@echo "make run: crib-stats is in $(BIN): '. $(BIN)/activate' puts it on this shell's PATH (or type $(BIN)/crib-stats)"

# the suite in WORKERS processes (pytest-xdist): one at a time they take the next test, the slow
# modules first; tests that must stay together are grouped (tests/conftest.py); with
# --warm-kernels every kernel is compiled into the run's shared cache before they start (conftest.py)
WORKERS ?= 2
XDIST := -n $(WORKERS) --dist loadgroup --no-loadscope-reorder

# everything: unit and slow tests, doctests, the notebooks (nbmake). Debian's chromium (the
# browser tests) is installed when missing while pip installs the venv: each keeps one core busy
CHROMIUM_INSTALL := test -x /usr/bin/chromium || ! command -v apt-get >/dev/null \
	|| (apt-get update -qq && apt-get install -y -qq chromium >/dev/null) \
	|| echo "make: could not install chromium (not root?): the browser tests will skip"
test:
	@( $(CHROMIUM_INSTALL) ) & browser=$$!; \
	$(MAKE) --no-print-directory $(STAMP_TEST); made=$$?; wait $$browser; exit $$made
	$(BIN)/python -m pytest $(XDIST) --warm-kernels --nbmake --durations=25

# the quick loop: no slow tests, no notebooks (the compiled kernels kept under .venv/)
test-fast: $(STAMP_TEST)
	NUMBA_CACHE_DIR=$(CURDIR)/$(VENV)/numba-cache $(BIN)/python -m pytest $(XDIST) -m "not slow"

bench: $(STAMP_TEST)
	$(BIN)/python scripts/bench.py --record

data: $(STAMP_TEST)
	$(BIN)/python scripts/regenerate_data.py

# the manual (docs/, mkdocs.yml) into site/, not committed; any warning (a broken link, a missing
# page, a public name without a docstring) fails it; make test builds it too (tests/test_docs.py)
docs: $(STAMP_DOCS)
	$(BIN)/python -m mkdocs build --strict --site-dir site

# the manual's and the README's pictures of the page (docs/web-*.png), drawn by the browser tests
# (make test draws them only into its temporary folder: it writes nothing into the checkout)
pictures: $(STAMP_TEST)
	CRIB_STATS_PICTURES=1 $(BIN)/python -m pytest $(XDIST) --warm-kernels tests/web

notebooks: $(STAMP_TEST)
	$(BIN)/python -m pip install --quiet -e '.[notebooks]'
	$(BIN)/jupyter lab notebooks/

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis build dist site *.egg-info
	find crib_stats -name __pycache__ -type d -prune -exec rm -rf {} +
	rm -rf "$${XDG_CACHE_HOME:-$$HOME/.cache}/crib-stats/numba" "$${XDG_CACHE_HOME:-$$HOME/.cache}/crib-stats/sweep" \
		"$${XDG_CACHE_HOME:-$$HOME/.cache}/crib-stats/equilibrium" "$${XDG_CACHE_HOME:-$$HOME/.cache}/crib-stats/tables"
