# make serve: build and serve the site locally.  make test: every test, browser ones included.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000
CHROMIUM ?= /usr/bin/chromium
export CHROMIUM
# The pages' interpreter: mpy (MicroPython) or pyodide.
INTERPRETER ?= mpy
# make test's processes (pytest-xdist): one per core of this 2-core machine; JOBS=0 runs in one.
JOBS ?= 2
# The originality checker and the reference documents live beside the repository, not in it.
ORIGINALITY ?= $(wildcard ../shared/tools/check_originality.py)

.PHONY: build serve test test-engine bench lint clean

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $@

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

$(CHROMIUM):
	@echo "Chromium is missing: installing Debian's chromium (needs root)"
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium

build: $(VENV)/.installed node_modules/.installed
	$(PY) build.py --out _site --interpreter $(INTERPRETER)

serve: build
	@echo "Korean:   http://$(HOST):$(PORT)/ko/"
	@echo "Japanese: http://$(HOST):$(PORT)/ja/"
	$(PY) -m http.server $(PORT) --bind $(HOST) --directory _site

test: build $(CHROMIUM)
	$(PY) -m ruff check engine tests build.py site runtime tools
	@if [ -n "$(ORIGINALITY)" ]; then $(PYTHON) $(ORIGINALITY) .; \
	else echo "originality check skipped: check_originality.py not found beside the repo"; fi
	$(PY) -m pytest -n $(JOBS) --doctest-modules engine site runtime build.py tests

test-engine: $(VENV)/.installed node_modules/.installed
	$(PY) -m pytest --doctest-modules engine site runtime build.py tests -m "not browser"

bench: build $(CHROMIUM)
	$(PY) tools/bench.py $(BENCH_ARGS)

clean:
	rm -rf _site
