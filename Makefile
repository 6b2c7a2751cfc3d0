# Two commands on a fresh machine: `make demo` and `make test`. Both create and use .venv.
VENV    := .venv
PY      := $(VENV)/bin/python
GM      := $(VENV)/bin/graphmem
STAMP   := $(VENV)/.installed-stamp
PYTEST_ARGS ?=

.PHONY: install neo4j demo test test-fast lint bench-locomo bench-latency clean-neo4j

$(STAMP): pyproject.toml
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

neo4j: install
	$(GM) neo4j start
	$(GM) migrate

demo: neo4j
	$(PY) -m graphmem.demo

test: install
	$(PY) -m pytest $(PYTEST_ARGS)

test-fast: install
	$(PY) -m pytest -m "not slow" $(PYTEST_ARGS)

lint: install
	$(VENV)/bin/ruff check graphmem api tests benchmarks
	$(VENV)/bin/pyright

bench-locomo: neo4j
	$(PY) benchmarks/locomo.py

bench-latency: neo4j
	$(PY) benchmarks/latency.py

clean-neo4j:
	-$(GM) neo4j stop
