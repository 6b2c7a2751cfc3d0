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
	$(VENV)/bin/ruff format --check graphmem api tests benchmarks
	$(VENV)/bin/pyright

TODAY   := $(shell date -u +%Y%m%d)

# The runs behind docs/benchmarks.md (about an hour and half an hour on 2 cores).
bench-locomo: neo4j
	$(PY) benchmarks/locomo.py --mode both --context 2 --json benchmarks/results/locomo-$(TODAY)-context2.json
	$(PY) benchmarks/locomo.py --mode turns --context 0 --json benchmarks/results/locomo-$(TODAY)-verbatim.json

bench-latency: neo4j
	$(PY) benchmarks/latency.py --sizes 1000,10000,100000 --scopes 100 --queries 200 \
		--plot docs/latency.png --json benchmarks/results/latency-$(TODAY).json

clean-neo4j:
	-$(GM) neo4j stop
