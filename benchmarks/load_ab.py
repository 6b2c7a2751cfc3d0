"""Variants of the API under the same load, alternated in one run against one Neo4j, so that a
shared machine's changing load falls on all of them alike.

    .venv/bin/python benchmarks/load_ab.py --rounds 3 --seconds 40 \\
        --variant before=/tmp/base-src:1 --variant after=.:1 --variant after-2w=.:2 \\
        --json benchmarks/results/load-ab.json

A variant is ``name=SOURCE:WORKERS``: the API served by ``uvicorn --workers WORKERS`` from the
code in SOURCE (this checkout is ``.``; an older commit can be exported with ``git archive``),
or WORKERS 0 for the API in the benchmark's process beside the agents; ``SOURCE:WORKERS:
asyncio-h11`` serves it on uvicorn's pure-Python loop and HTTP parser instead of uvloop and
httptools (which uvicorn picks when they are installed). Each window starts the
API afresh; unless ``--cold``, one inferred add and one search are sent before the clock
starts, so a server that loads its models on first use is measured after that; and before
the first round ``--warmup-seconds`` of load warm the fresh Neo4j's JIT and plan cache. The summary
gives, per variant, the median over rounds of requests/s, search p95 and CPU per request,
and each median's ratio to the first variant's.
"""

from __future__ import annotations

import argparse
import json
import logging
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.load import AgentState, ServerPlan, fault_settings, run_load, violations
from graphmem import Memory, Settings
from graphmem.adapters.embeddings import make_embedder
from graphmem.adapters.neo4j import schema
from graphmem.adapters.neo4j.driver import make_driver
from graphmem.neo4j_server import LocalNeo4j

ROOT = Path(__file__).resolve().parent.parent
WARM_ATTEMPTS = 20


@dataclass
class Variant:
    name: str
    source: Path
    workers: int
    server: str = "auto"  # uvicorn's loop and HTTP parser: auto, or asyncio-h11 (pure Python)

    @classmethod
    def parse(cls, text: str) -> Variant:
        name, _, rest = text.partition("=")
        source, workers, *server = rest.split(":")
        return cls(name, (ROOT / source).resolve(), int(workers), *server)


def prewarm(base_url: str, agents: list[AgentState]) -> None:
    """An inferred add and a search, as any client's first requests, repeated until they
    answer 200 (a server loading its models on first use answers 503 past the deadline)."""
    agent = agents[0]
    headers = {"Authorization": f"Bearer {agent.token}"}
    with httpx.Client(base_url=base_url, headers=headers, timeout=600.0) as http:
        for _ in range(WARM_ATTEMPTS):
            body = {"messages": "Alice plays chess in Kyoto.", "user_id": agent.user_id}
            added = http.post("/v1/memories", json=body)
            search = {"query": "Alice chess", "user_id": agent.user_id}
            found = http.post("/v1/memories/search", json=search)
            if added.status_code == 200:
                agent.acked |= {item["id"] for item in added.json()["results"]}
            if added.status_code == found.status_code == 200:
                return
        raise RuntimeError(f"no answer 200 after {WARM_ATTEMPTS} warm-up attempts")


def one_window(
    memory: Memory, variant: Variant, args: argparse.Namespace, neo4j_pid: int | None
) -> dict[str, Any]:
    plan = ServerPlan(
        workers=variant.workers,
        source=variant.source,
        neo4j_pid=neo4j_pid,
        pure_python_http=variant.server == "asyncio-h11",
    )
    report = run_load(
        memory,
        seconds=args.seconds,
        agents=args.agents,
        seed=args.seed,
        plan=plan,
        before_clock=None if args.cold else prewarm,
    )
    load = report["load"]
    search = load["operations"].get("search", {})
    return {
        "variant": variant.name,
        "workers": variant.workers,
        "source": str(variant.source),
        "throughput_rps": load["throughput_rps"],
        "requests": load["requests"],
        "server_errors": load["server_errors"],
        "search_p50_ms": search.get("p50_ms"),
        "search_p95_ms": search.get("p95_ms"),
        "violations": violations(report),
        "cpu": report["cpu"],
        "report": report,
    }


def summarize(windows: list[dict[str, Any]], order: list[str]) -> dict[str, Any]:
    def median(name: str, get: Any) -> float:
        values = [get(w) for w in windows if w["variant"] == name]
        return statistics.median(v for v in values if v is not None)

    summary: dict[str, Any] = {}
    for name in order:
        cpu_groups = next(w for w in windows if w["variant"] == name)["cpu"]["cpu_ms_per_request"]
        summary[name] = {
            "rounds": sum(1 for w in windows if w["variant"] == name),
            "throughput_rps": median(name, lambda w: w["throughput_rps"]),
            "search_p95_ms": median(name, lambda w: w["search_p95_ms"]),
            "search_p50_ms": median(name, lambda w: w["search_p50_ms"]),
            "server_errors": sum(w["server_errors"] for w in windows if w["variant"] == name),
            "violations": sum(w["violations"] for w in windows if w["variant"] == name),
            "cpu_ms_per_request": {
                group: median(name, lambda w, g=group: w["cpu"]["cpu_ms_per_request"].get(g))
                for group in cpu_groups
            },
        }
    first = summary[order[0]]
    for name in order:
        row = summary[name]
        row["throughput_ratio"] = row["throughput_rps"] / first["throughput_rps"]
        row["search_p95_ratio"] = row["search_p95_ms"] / first["search_p95_ms"]
    return summary


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", action="append", required=True, type=Variant.parse)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=40.0)
    parser.add_argument("--agents", type=int, default=8)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--cold", action="store_true", help="no warm-up request before the clock")
    parser.add_argument(
        "--warmup-seconds",
        type=float,
        default=60.0,
        help="load (in-process API, not reported) on the fresh Neo4j before the rounds",
    )
    parser.add_argument(
        "--order",
        choices=("same", "reverse-odd"),
        default="same",
        help="reverse-odd: odd rounds run the variants in reverse order, so a server still "
        "warming up does not favour the last variant",
    )
    parser.add_argument("--bolt-port", type=int, default=22797)
    parser.add_argument("--http-port", type=int, default=22798)
    parser.add_argument("--json", type=Path)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    for name in ("neo4j", "graphmem.api", "uvicorn.error", "graphmem.services.search"):
        logging.getLogger(name).setLevel(logging.CRITICAL)
    order = [v.name for v in args.variant]
    windows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="graphmem-load-ab-") as tmp:
        ports = (args.bolt_port, args.http_port)
        settings = fault_settings(Settings(), Path(tmp), 2.0, 3.0, ports)
        server = LocalNeo4j(settings.neo4j)
        server.start()
        try:
            embedder = make_embedder(settings.embedder)
            with make_driver(settings.neo4j) as driver:
                schema.migrate(driver, settings.neo4j.database, embedder.dimension, embedder.name)
            with Memory(settings, embedder=embedder) as memory:
                memory.warm_up()  # the in-process variant's models, before any window
                if args.warmup_seconds > 0:  # a fresh JVM compiles and plans for a while
                    run_load(memory, seconds=args.warmup_seconds, agents=args.agents)
                for round_no in range(args.rounds):
                    odd = args.order == "reverse-odd" and round_no % 2 == 1
                    for variant in reversed(args.variant) if odd else args.variant:
                        window = one_window(memory, variant, args, server.status().pid)
                        window["round"] = round_no
                        windows.append(window)
                        print(
                            f"round {round_no} {variant.name}: "
                            f"{window['throughput_rps']:.1f} req/s, search p95 "
                            f"{window['search_p95_ms']:.0f} ms, 5xx {window['server_errors']}, "
                            f"CPU ms/request {window['cpu']['cpu_ms_per_request']}, load "
                            f"{window['cpu']['load_average_start']}",
                            flush=True,
                        )
        finally:
            server.stop()
    summary = summarize(windows, order)
    result = {
        "command": " ".join(sys.argv),
        "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "summary": summary,
        "windows": windows,
    }
    print(json.dumps(summary, indent=2))
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(result, indent=2, default=str) + "\n")
    return 1 if any(row["violations"] for row in summary.values()) else 0


if __name__ == "__main__":
    raise SystemExit(main())
