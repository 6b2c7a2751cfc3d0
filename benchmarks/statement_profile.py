"""Where Neo4j spends its time, per named Cypher statement, for each operation of the load mix.

    .venv/bin/python benchmarks/statement_profile.py --bolt-port 25687 --http-port 25474 \\
        --warmup-seconds 60 --repeats 60 --json benchmarks/results/statement-profile.json

On its own fresh Neo4j (temporary home), with the API in this process: ``--warmup-seconds``
of the load mix (8 agents) warm the JVM and the plan cache, then each operation runs
``--repeats`` times one at a time over HTTP (add without inference, add with inference, add
with one explicit relation, update, delete, get, list, search). Per operation it reports the
Neo4j CPU milliseconds per request (``/proc``) and, per statement, how often it ran and the
server's milliseconds (``result_available_after + result_consumed_after`` from the driver's
result summaries, so commit time is not in them). Statements are named by their file under
``cypher/``; text that is in no file is shown by its first words.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
from neo4j._sync.work.result import Result

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.load import PEOPLE, THINGS, VERBS, ApiServer, fault_settings, run_load
from benchmarks.load_server import cpu_seconds
from graphmem import Memory, Settings
from graphmem.adapters.embeddings import make_embedder
from graphmem.adapters.neo4j import schema
from graphmem.adapters.neo4j.driver import make_driver
from graphmem.cypher_catalog import all_names, query
from graphmem.neo4j_server import LocalNeo4j, conf


class StatementClock:
    """Counts each finished statement and its server milliseconds, by statement name."""

    def __init__(self) -> None:
        self.names = {query(n).strip(): n for n in all_names()}
        self.lock = threading.Lock()
        self.counts: dict[str, int] = defaultdict(int)
        self.ms: dict[str, float] = defaultdict(float)
        self.commits = 0

    def name(self, text: str) -> str:
        return self.names.get(text.strip()) or "other: " + " ".join(text.split())[:60]

    def record(self, text: str, available: Any, consumed: Any) -> None:
        with self.lock:
            name = self.name(text)
            self.counts[name] += 1
            self.ms[name] += float(available or 0) + float(consumed or 0)

    def take(self) -> dict[str, dict[str, float]]:
        with self.lock:
            out = {n: {"count": self.counts[n], "server_ms": self.ms[n]} for n in self.counts}
            self.counts.clear()
            self.ms.clear()
        return out

    def install(self) -> None:
        original = Result._handle_warnings
        clock = self

        def handle(result: Result) -> None:
            meta = result._metadata
            clock.record(str(meta.get("query", "")), meta.get("t_first"), meta.get("t_last"))
            original(result)

        Result._handle_warnings = handle  # type: ignore[method-assign]


class StackSampler(threading.Thread):
    """Takes ``jstack`` of Neo4j every ``period`` seconds while running and counts, for each
    runnable Bolt worker thread, the first frames that name what it is doing."""

    def __init__(self, pid: int, period: float = 0.5) -> None:
        super().__init__(daemon=True)
        self.pid, self.period = pid, period
        self.stop_event = threading.Event()
        self.frames: dict[str, int] = defaultdict(int)
        self.samples = 0
        self.jstack = str(Path(os.readlink(f"/proc/{pid}/exe")).parent / "jstack")

    def run(self) -> None:
        while not self.stop_event.wait(self.period):
            try:
                dump = subprocess.run(
                    [self.jstack, str(self.pid)], capture_output=True, text=True, timeout=30
                ).stdout
            except (OSError, subprocess.TimeoutExpired):
                continue
            self.samples += 1
            for block in dump.split("\n\n"):
                if "neo4j.BoltWorker" not in block or "RUNNABLE" not in block:
                    continue
                frames = [
                    line.strip()[3:].split("(")[0]
                    for line in block.splitlines()
                    if line.strip().startswith("at ")
                ]
                if not frames or frames[0].startswith(("sun.nio", "java.lang.Thread.sleep")):
                    continue
                self.frames[classify(frames)] += 1

    def take(self) -> dict[str, int]:
        self.stop_event.set()
        self.join()
        return dict(sorted(self.frames.items(), key=lambda kv: -kv[1])[:25])


KINDS = (
    ("commit: lucene vector", ("HnswGraphBuilder", "Lucene99Hnsw", "hnsw")),
    ("commit: lucene merge/flush", ("IndexWriter.merge", "DocumentsWriter", "flush")),
    ("commit: lucene", ("org.apache.lucene",)),
    ("commit: other", ("TransactionImpl.commit", "KernelTransactionImplementation.commit")),
    ("cypher planning", ("cypher.internal.compiler", "QueryPlanner", "planner")),
    ("cypher parsing", ("cypher.internal.parser", "ast.factory")),
    ("cypher runtime", ("cypher.internal.runtime",)),
    ("kernel", ("org.neo4j.kernel", "org.neo4j.internal")),
    ("bolt", ("org.neo4j.bolt",)),
)


def classify(frames: list[str]) -> str:
    """A coarse label (first matching kind, innermost frame first) plus the innermost
    frame of org.neo4j or org.apache.lucene."""
    top = next((f for f in frames if f.startswith(("org.neo4j", "org.apache.lucene"))), frames[0])
    for label, needles in KINDS:
        if any(n in f for f in frames[:60] for n in needles):
            return f"{label} | {top}"
    return f"other | {top}"


def thread_cpu(pid: int) -> dict[str, float]:
    """CPU seconds so far per kind of Neo4j thread (its name without numbers)."""
    out: dict[str, float] = defaultdict(float)
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            name = (task / "comm").read_text().strip().rstrip("0123456789#-_ ")
            fields = (task / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        out[name] += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return out


class Caller:
    """One user's HTTP client for single operations, keeping the ids its adds returned."""

    def __init__(self, base_url: str, token: str, user_id: str) -> None:
        self.http = httpx.Client(
            base_url=base_url, timeout=120.0, headers={"Authorization": f"Bearer {token}"}
        )
        self.user_id = user_id
        self.alive: list[str] = []
        self.n = 0

    def fact(self) -> str:
        self.n += 1
        n = self.n
        return f"{PEOPLE[n % 8]} {VERBS[n % 6]} {THINGS[(n // 3) % 8]} (note {n})."

    def add(self, infer: bool, relation: bool = False) -> None:
        body: dict[str, Any] = {
            "messages": self.fact(),
            "user_id": self.user_id,
            "infer": infer,
            "metadata": {"n": self.n, "agent": self.user_id},
        }
        if relation:
            body["relations"] = [
                {"source": PEOPLE[self.n % 8], "relation": "knows", "target": "Bob B"}
            ]
        response = self.http.post("/v1/memories", json=body)
        response.raise_for_status()
        self.alive += [item["id"] for item in response.json()["results"]]

    def update(self) -> None:
        memory_id = self.alive[self.n % len(self.alive)]
        self.http.put(f"/v1/memories/{memory_id}", json={"text": self.fact()}).raise_for_status()

    def delete(self) -> None:
        self.http.delete(f"/v1/memories/{self.alive.pop()}").raise_for_status()

    def get(self) -> None:
        self.http.get(f"/v1/memories/{self.alive[self.n % len(self.alive)]}").raise_for_status()
        self.n += 1

    def list(self) -> None:
        params = {"user_id": self.user_id, "limit": 50, "include_merged": True}
        self.http.get("/v1/memories", params=params).raise_for_status()

    def search(self) -> None:
        self.n += 1
        body = {"query": f"{PEOPLE[self.n % 8]} {THINGS[self.n % 8]}", "user_id": self.user_id}
        self.http.post("/v1/memories/search", json=body).raise_for_status()


def operations(c: Caller) -> dict[str, Callable[[], None]]:
    return {
        "add infer=false": lambda: c.add(False),
        "add infer=true": lambda: c.add(True),
        "add infer=true +1 relation": lambda: c.add(True, relation=True),
        "update": c.update,
        "delete": c.delete,
        "get": c.get,
        "list": c.list,
        "search": c.search,
    }


def profile(
    memory: Memory,
    clock: StatementClock,
    neo4j_pid: int,
    repeats: int,
    only: list[str] | None = None,
    stacks: bool = False,
) -> dict:
    user_id = f"profile-{time.time_ns()}"
    token, _ = memory.keys.create(user_ids=[user_id])
    out: dict[str, Any] = {}
    with ApiServer(memory) as base_url:
        caller = Caller(base_url, token, user_id)
        for _ in range(repeats * 2):  # a store to update, delete and read
            caller.add(True)
        for op, call in operations(caller).items():
            if only and op not in only:
                continue
            call()
            clock.take()
            sampler = StackSampler(neo4j_pid) if stacks else None
            if sampler:
                sampler.start()
            started = cpu_seconds(neo4j_pid) or 0.0
            threads = thread_cpu(neo4j_pid)
            t0 = time.perf_counter()
            for _ in range(repeats):
                call()
            wall = time.perf_counter() - t0
            cpu = (cpu_seconds(neo4j_pid) or 0.0) - started
            by_thread = {
                k: 1000 * (v - threads.get(k, 0.0)) / repeats
                for k, v in thread_cpu(neo4j_pid).items()
            }
            statements = clock.take()
            frames = sampler.take() if sampler else {}
            out[op] = {
                "neo4j_cpu_ms": 1000 * cpu / repeats,
                "wall_ms": 1000 * wall / repeats,
                "statements_per_request": sum(s["count"] for s in statements.values()) / repeats,
                "server_ms": sum(s["server_ms"] for s in statements.values()) / repeats,
                "statements": {
                    name: {"per_request": s["count"] / repeats, "ms": s["server_ms"] / repeats}
                    for name, s in sorted(statements.items(), key=lambda kv: -kv[1]["server_ms"])
                },
                "bolt_worker_stacks": frames,
                "neo4j_cpu_ms_by_thread": {
                    k: v for k, v in sorted(by_thread.items(), key=lambda kv: -kv[1]) if v >= 0.5
                },
            }
            print_op(op, out[op])
    return out


def print_op(op: str, row: dict[str, Any]) -> None:
    print(
        f"{op}: Neo4j CPU {row['neo4j_cpu_ms']:.1f} ms, wall {row['wall_ms']:.1f} ms, "
        f"{row['statements_per_request']:.1f} statements, server {row['server_ms']:.1f} ms",
        flush=True,
    )
    for name, s in row["statements"].items():
        print(f"    {name:<40} {s['per_request']:>5.2f} x  {s['ms']:>7.2f} ms")
    for thread, ms in row["neo4j_cpu_ms_by_thread"].items():
        print(f"    thread {thread:<32} {ms:>7.1f} ms")
    for frame, n in row["bolt_worker_stacks"].items():
        print(f"    stack {n:>5}  {frame}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=60)
    parser.add_argument("--warmup-seconds", type=float, default=60.0)
    parser.add_argument("--agents", type=int, default=8)
    parser.add_argument("--bolt-port", type=int, default=25687)
    parser.add_argument("--http-port", type=int, default=25474)
    parser.add_argument("--json", type=Path)
    parser.add_argument("--op", action="append", help="only these operations (repeatable)")
    parser.add_argument("--stacks", action="store_true", help="sample Neo4j with jstack")
    parser.add_argument(
        "--conf", action="append", default=[], help="an extra neo4j.conf line (repeatable)"
    )
    args = parser.parse_args(argv)
    extra_conf(args.conf)
    for name in ("neo4j", "graphmem.api", "uvicorn.error", "graphmem.services.search"):
        logging.getLogger(name).setLevel(logging.CRITICAL)
    clock = StatementClock()
    clock.install()
    with tempfile.TemporaryDirectory(prefix="graphmem-stmt-") as tmp:
        ports = (args.bolt_port, args.http_port)
        settings = fault_settings(Settings(), Path(tmp), 2.0, 3.0, ports)
        server = LocalNeo4j(settings.neo4j)
        server.start()
        try:
            embedder = make_embedder(settings.embedder)
            with make_driver(settings.neo4j) as driver:
                schema.migrate(driver, settings.neo4j.database, embedder.dimension, embedder.name)
            with Memory(settings, embedder=embedder) as memory:
                memory.warm_up()
                load = os_load()
                if args.warmup_seconds > 0:
                    run_load(memory, seconds=args.warmup_seconds, agents=args.agents)
                clock.take()
                pid = server.status().pid
                assert pid is not None
                result = profile(memory, clock, pid, args.repeats, args.op, args.stacks)
        finally:
            server.stop()
    report = {
        "command": " ".join(sys.argv),
        "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "extra_conf": args.conf,
        "load_average_start": load,
        "load_average_end": os_load(),
        "operations": result,
    }
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(report, indent=2) + "\n")
    return 0


def extra_conf(lines: list[str]) -> None:
    """Append ``lines`` to the neo4j.conf graphmem writes for the server this run starts."""
    render = conf.render_conf

    def rendered(settings: Any, home: Path) -> str:
        return render(settings, home) + "".join(f"{line}\n" for line in lines)

    conf.render_conf = rendered


def os_load() -> tuple[float, float, float]:
    return os.getloadavg()


if __name__ == "__main__":
    raise SystemExit(main())
