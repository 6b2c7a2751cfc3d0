"""Neo4j's CPU for returning memories: the named projection the statements use against
``m {.*}`` (which also read each memory's vectors, 1.5 KB each, only to drop them).

On a fresh Neo4j of its own, one user gets ``--memories`` short facts (half with inference,
so with entities, triplets and links; the vectors are the configured embedder's). Then
``search/gate`` (``--ids`` of them against one query vector) and ``memory/list_by_user``
(a page of 50) each run as committed and with their memory projection replaced by the
``m {.*, embedding: null, ...}`` form they had before, ``--calls`` times per round, the two
forms alternated over ``--rounds`` rounds after a warm-up. Reported per statement and form:
the server's CPU per call (``/proc/<pid>/stat``), median over rounds, and the ratio.

    .venv/bin/python benchmarks/projection_cost.py \
        --json benchmarks/results/projection-cost-<date>.json
"""

from __future__ import annotations

import argparse
import random
import re
import statistics
import sys
import time
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from load_server import cpu_seconds
from locomo import machine, save
from own_server import own_server

from graphmem import Memory
from graphmem.cypher_catalog import query
from graphmem.domain.filters import NO_FILTER
from graphmem.neo4j_server.layout import Layout

STAR = "m {.*, embedding: null, key_embedding: null, text_embedding: null,"
PEOPLE = ("Alice", "Bob", "Chen", "Dana")
THINGS = ("tea", "Lisbon", "chess", "Python", "Kyoto", "cycling")
SCOPE_KEYS = "MATCH (m:Memory {user_id: $u}) RETURN DISTINCT m.scope_key"


def star_form(text: str) -> str:
    """``text`` with its named memory projection (``m {.id, ... .key_text, ``) replaced by
    the ``m {.*, ...}`` form: everything up to the first non-selector entry."""
    named = re.search(r"m \{(\.[a-z_]+,\s*)+", text)
    if named is None:
        raise SystemExit("no named memory projection found")
    return text[: named.start()] + STAR + " " + text[named.end() :]


def seed(memory: Memory, user: str, count: int) -> None:
    rng = random.Random(2)
    for i in range(count):
        fact = f"{rng.choice(PEOPLE)} likes {rng.choice(THINGS)} (note {i})."
        memory.add(fact, user_id=user, infer=i % 2 == 0, metadata={"n": i})


def column(driver: Any, text: str, user: str) -> list[Any]:
    return [record[0] for record in driver.execute_query(text, u=user).records]


def timed(driver: Any, text: str, params: dict[str, Any], calls: int, pid: int) -> float:
    """Server CPU milliseconds per call."""
    before = cpu_seconds(pid) or 0.0
    for _ in range(calls):
        driver.execute_query(text, params)
    return 1000 * ((cpu_seconds(pid) or 0.0) - before) / calls


def compare(driver: Any, name: str, params: dict[str, Any], args: argparse.Namespace,
            pid: int) -> dict[str, Any]:  # fmt: skip
    forms = {"named": query(name), "star": star_form(query(name))}
    for text in forms.values():  # warm-up, and both forms answer
        timed(driver, text, params, args.calls, pid)
    samples: dict[str, list[float]] = {form: [] for form in forms}
    for round_ in range(args.rounds):
        order = list(forms) if round_ % 2 == 0 else list(reversed(forms))
        for form in order:
            samples[form].append(timed(driver, forms[form], params, args.calls, pid))
    medians = {form: round(statistics.median(v), 3) for form, v in samples.items()}
    return {
        "server_cpu_ms_per_call_median": medians,
        "named_over_star": round(medians["named"] / medians["star"], 3),
        "samples": {form: [round(x, 3) for x in v] for form, v in samples.items()},
    }


def run(args: argparse.Namespace) -> dict[str, Any]:
    with own_server("projection", args.bolt_port, args.http_port) as (settings, home):
        pid = int(Layout(home).pid_file.read_text().strip())
        user = "bench-projection"
        with Memory(settings) as memory:
            seed(memory, user, args.memories)
            driver = memory.driver
            keys = column(driver, SCOPE_KEYS, user)
            ids = column(driver, "MATCH (m:Memory {user_id: $u}) RETURN m.id", user)[: args.ids]
            vector = memory.embedder.embed(["Alice and tea"])[0]
            gate = {
                "ids": ids, "vector": vector, "scope_keys": keys, "filter": NO_FILTER.params(),
                "resolved": None, "about": [],
            }  # fmt: skip
            page = {
                "user_id": user, "agent_id": None, "run_id": None, "states": ["active"],
                "filter": NO_FILTER.params(), "cursor_at": None, "cursor_id": None, "limit": 50,
            }  # fmt: skip
            return {
                "search/gate": compare(driver, "search/gate", gate, args, pid),
                "memory/list_by_user": compare(driver, "memory/list_by_user", page, args, pid),
            }


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--memories", type=int, default=300)
    p.add_argument("--ids", type=int, default=60, help="candidates per gate call")
    p.add_argument("--calls", type=int, default=100, help="calls per form and round")
    p.add_argument("--rounds", type=int, default=8)
    p.add_argument("--bolt-port", type=int, default=21887)
    p.add_argument("--http-port", type=int, default=21888)
    p.add_argument("--json", type=Path)
    args = p.parse_args(argv)
    started = time.perf_counter()
    report = {
        "command": " ".join([".venv/bin/python", "benchmarks/projection_cost.py", *sys.argv[1:]]),
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": machine(),
        "memories": args.memories,
        "gate_ids": args.ids,
        "results": run(args),
    }
    report["seconds"] = round(time.perf_counter() - started, 1)
    for name, result in report["results"].items():
        print(f"{name}: {result['server_cpu_ms_per_call_median']} ms of server CPU per call, "
              f"named/star x{result['named_over_star']}")  # fmt: skip
    if save(report, args.json):
        print(f"wrote {args.json}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
