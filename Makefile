# Two commands on a fresh machine: `make demo` and `make test`. Both create and use .venv.
VENV    := .venv
PY      := $(VENV)/bin/python
GM      := $(VENV)/bin/graphmem
STAMP   := $(VENV)/.installed-stamp
PYTEST_ARGS ?=

.PHONY: install neo4j demo test test-fast lint bench-locomo bench-latency bench-scale clean-scale clean-neo4j

$(STAMP): pyproject.toml constraints.txt
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -c constraints.txt -e '.[dev]'
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

# The 1M scale run (issue 14 §6; docs/benchmarks.md "1M memories"): ~45 min on 2 cores
# and ~8 GB of disk, on a Neo4j of its own sized for it (heap 4 GB, page cache 6 GB), left
# running with the store kept for `--reuse` runs. Stop it with `make clean-scale`.
SCALE_HOME  ?= $(HOME)/.cache/graphmem/neo4j-scale
SCALE_SIZES ?= 10000,100000,1000000
SCALE_BOLT  ?= 27687
SCALE_ENV   := GRAPHMEM_NEO4J__HOME=$(SCALE_HOME) GRAPHMEM_NEO4J__BOLT_PORT=$(SCALE_BOLT) \
	GRAPHMEM_NEO4J__HTTP_PORT=27474 GRAPHMEM_NEO4J__URI=bolt://127.0.0.1:$(SCALE_BOLT) \
	GRAPHMEM_NEO4J__HEAP_SIZE=4g GRAPHMEM_NEO4J__PAGECACHE_SIZE=6g \
	GRAPHMEM_NEO4J__START_TIMEOUT_S=600 GRAPHMEM_SEARCH__SIGNAL_TIMEOUT_S=60

bench-scale: install
	$(SCALE_ENV) $(GM) neo4j start
	$(SCALE_ENV) $(GM) migrate
	$(SCALE_ENV) $(PY) benchmarks/latency.py --sizes $(SCALE_SIZES) --scopes 1000 \
		--queries 200 --prefix scale1m --keep --build-embed-cache --skip-index-check \
		--plot docs/latency-1m.png --json benchmarks/results/latency-$(TODAY)-scale.json

clean-scale:
	-$(SCALE_ENV) $(GM) neo4j stop

clean-neo4j:
	-$(GM) neo4j stop
