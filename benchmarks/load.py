"""Bounded load test of the REST API on loopback, with an optional Neo4j outage in the middle.

    .venv/bin/python benchmarks/load.py --seconds 60 --agents 8 --json load.json
    .venv/bin/python benchmarks/load.py --fault --json fault.json

N agents (threads, one httpx client and one API key bound to its own user_id each) run a mix
of add / search / get / update / delete / list and cross-scope peeks for a fixed time against
the app served by uvicorn in this process, or with ``--api-workers N`` by ``uvicorn --workers
N`` processes of its own, as `graphmem serve` runs it (`load_server.py`). Reported:
throughput, p50/p95/p99 latency per operation, statuses per operation, the load average at
the start and the end, and the CPU milliseconds per request of this process, the API
processes and (with its own server) Neo4j. Then the graph is checked with Cypher (see
`invariants`). `load_ab.py` alternates variants of the API in one run.

``--soak`` (default 16 agents, 600 s) uses the default timeouts (request deadline 10 s) on its
own LocalNeo4j, stops it half-way, starts it ``--outage`` (5 s) later, keeps the load on until
``--seconds`` have passed, and also requires every request (not only failed ones) to be
answered within the bound; its JSON goes to benchmarks/results/soak-*.json by default.

``--fault`` runs against its own LocalNeo4j instance (temporary home, ports 27787/27774),
stops it for ``--outage`` seconds after ``--seconds`` x 0.3, starts it again and keeps the
load on until ``--post`` seconds after the restart. Requests that fail while it is away must
be 503 and fail within the bound (driver retry time + acquisition timeout + margin).
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import random
import statistics
import sys
import tempfile
import threading
import time
import uuid
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

import httpx
import neo4j
import uvicorn

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from api import create_app
from benchmarks.load_server import API_PORT, ApiProcess, CpuMeter
from graphmem import Memory, Settings
from graphmem.adapters.embeddings import make_embedder
from graphmem.adapters.neo4j import schema
from graphmem.adapters.neo4j.driver import make_driver
from graphmem.ports.embedder import Embedder

RESULTS = Path(__file__).resolve().parent / "results"
FAULT_BOLT_PORT = 27787
FAULT_HTTP_PORT = 27774
BOUND_MARGIN_S = 2.0
OPS = ("add", "search", "get", "update", "delete", "list", "peek")
WEIGHTS = (34, 24, 14, 8, 8, 6, 6)
PEOPLE = ("Alice", "Bob", "Chen", "Dana", "Emil", "Farah", "Goran", "Hana")
THINGS = ("tea", "Lisbon", "chess", "Python", "the piano", "Kyoto", "cycling", "Neo4j")
VERBS = ("likes", "lives in", "plays", "works with", "visited", "learns")


@dataclass
class Sample:
    op: str
    status: str  # HTTP status, or the transport error's class name
    latency_s: float
    start_s: float  # since the run began


@dataclass
class AgentState:
    user_id: str
    token: str
    acked: set[str] = field(default_factory=set)  # ids an add answered with
    deleted: set[str] = field(default_factory=set)  # ids it tried to delete (maybe gone)
    alive: list[str] = field(default_factory=list)
    scope_leaks: list[str] = field(default_factory=list)


class Agent(threading.Thread):
    def __init__(
        self,
        state: AgentState,
        base_url: str,
        seed: int,
        clock: float,
        stop: threading.Event,
        peers: list[AgentState],
    ) -> None:
        super().__init__(daemon=True)
        self.state, self.stop_event, self.peers, self.clock = state, stop, peers, clock
        self.rng = random.Random(seed)
        self.samples: list[Sample] = []
        self.http = httpx.Client(
            base_url=base_url, timeout=120.0, headers={"Authorization": f"Bearer {state.token}"}
        )
        self.n = 0

    def run(self) -> None:
        with self.http:
            while not self.stop_event.is_set():
                op = self.rng.choices(OPS, WEIGHTS)[0]
                if op in ("get", "update", "delete") and not self.state.alive:
                    op = "add"
                started = time.perf_counter()
                try:
                    status = str(getattr(self, f"op_{op}")())
                except httpx.HTTPError as exc:
                    status = type(exc).__name__
                now = time.perf_counter()
                self.samples.append(Sample(op, status, now - started, started - self.clock))

    def _fact(self) -> str:
        self.n += 1
        r = self.rng
        return f"{r.choice(PEOPLE)} {r.choice(VERBS)} {r.choice(THINGS)} (note {self.n})."

    def op_add(self) -> int:
        body: dict[str, Any] = {
            "messages": self._fact(),
            "user_id": self.state.user_id,
            "infer": self.rng.random() < 0.5,
            "metadata": {"n": self.n, "agent": self.state.user_id},
        }
        if self.rng.random() < 0.3:
            body["relations"] = [
                {
                    "source": self.rng.choice(PEOPLE),
                    "relation": "knows",
                    "target": self.rng.choice(PEOPLE) + " B",
                }
            ]
        response = self.http.post("/v1/memories", json=body)
        if response.status_code == 200:
            for item in response.json()["results"]:
                self.state.acked.add(item["id"])
                self.state.alive.append(item["id"])
        return response.status_code

    def op_search(self) -> int:
        query = f"{self.rng.choice(PEOPLE)} {self.rng.choice(THINGS)}"
        response = self.http.post(
            "/v1/memories/search", json={"query": query, "user_id": self.state.user_id}
        )
        if response.status_code == 200:
            self._check_scope(response.json()["results"])
            for rel in response.json()["relations"]:
                self._check_ids(rel.get("memory_ids", []))
        return response.status_code

    def op_get(self) -> int:
        response = self.http.get(f"/v1/memories/{self.rng.choice(self.state.alive)}")
        if response.status_code == 200:
            self._check_scope([response.json()])
        return response.status_code

    def op_update(self) -> int:
        memory_id = self.rng.choice(self.state.alive)
        response = self.http.put(f"/v1/memories/{memory_id}", json={"text": self._fact()})
        return response.status_code

    def op_delete(self) -> int:
        memory_id = self.state.alive.pop(self.rng.randrange(len(self.state.alive)))
        self.state.deleted.add(memory_id)  # before sending: a failed delete may still apply
        return self.http.delete(f"/v1/memories/{memory_id}").status_code

    def op_list(self) -> int:
        response = self.http.get(
            "/v1/memories",
            params={"user_id": self.state.user_id, "limit": 50, "include_merged": True},
        )
        if response.status_code == 200:
            self._check_scope(response.json()["results"])
        return response.status_code

    def op_peek(self) -> int:
        """Another agent's memory by id: must be 404 (an answer of 200 is a leak)."""
        others = [p for p in self.peers if p is not self.state and p.alive]
        if not others:
            return self.op_list()
        victim = self.rng.choice(others)
        memory_id = self.rng.choice(victim.alive) if victim.alive else "none"
        response = self.http.get(f"/v1/memories/{memory_id}")
        if response.status_code == 200:
            self.state.scope_leaks.append(f"peek {memory_id}")
        return response.status_code

    def _check_scope(self, records: list[dict[str, Any]]) -> None:
        for record in records:
            if record.get("user_id") != self.state.user_id:
                self.state.scope_leaks.append(f"saw {record.get('id')}")

    def _check_ids(self, memory_ids: list[str]) -> None:
        foreign = [i for p in self.peers if p is not self.state for i in memory_ids if i in p.acked]
        self.state.scope_leaks += [f"relation names {i}" for i in foreign]


# -- the server ---------------------------------------------------------------------------------
class ApiServer:
    """The app under uvicorn in a background thread, on a free loopback port."""

    def __init__(self, memory: Memory) -> None:
        app = create_app(memory.settings, memory=memory)
        config = uvicorn.Config(
            app, host="127.0.0.1", port=0, log_level="warning", access_log=False, lifespan="on"
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> str:
        self.thread.start()
        while not self.server.started:
            time.sleep(0.05)
        port = self.server.servers[0].sockets[0].getsockname()[1]
        return f"http://127.0.0.1:{port}"

    def __exit__(self, *_: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=30)


# -- invariants ---------------------------------------------------------------------------------
def invariants(
    driver: neo4j.Driver, database: str, agents: list[AgentState], base_url: str
) -> dict[str, Any]:
    """Checked after the load, with Cypher and through the API. Every value must be 0/[]."""
    users = [a.user_id for a in agents]

    def scalar(cypher: str, **params: Any) -> Any:
        return driver.execute_query(cypher, params, database_=database).records[0][0]

    expected = sorted(i for a in agents for i in a.acked - a.deleted)
    missing = scalar(
        "UNWIND $ids AS id OPTIONAL MATCH (m:Memory {id: id}) "
        "WITH id, m WHERE m IS NULL RETURN collect(id)",
        ids=expected,
    )
    wrong_owner = scalar(
        "UNWIND $pairs AS p MATCH (m:Memory {id: p[0]}) WHERE m.user_id <> p[1] RETURN count(m)",
        pairs=[[i, a.user_id] for a in agents for i in a.acked],
    )
    orphan_entities = scalar(
        "MATCH (e:Entity) WHERE e.user_id IN $users "
        "AND NOT EXISTS { (:Memory)-[:MENTIONS|MENTIONED]->(e) } RETURN count(e)",
        users=users,
    )
    orphan_triplets = scalar(
        "MATCH (:Entity)-[r:RELATES_TO]->(:Entity) WHERE r.user_id IN $users "
        "WITH r, r.memory_ids + coalesce(r.retired_memory_ids, []) AS asserted "
        "WHERE size(asserted) = 0 OR any(x IN asserted "
        "WHERE NOT EXISTS { MATCH (m:Memory {id: x}) }) RETURN count(r)",
        users=users,
    )
    bad_lifecycle = scalar(
        "MATCH (m:Memory) WHERE m.user_id IN $users "
        "OPTIONAL MATCH (m)-[l:MERGED_INTO|SUPERSEDED_BY]->(:Memory) "
        "WITH m, count(l) AS links "
        "WHERE (m.lifecycle_state = 'active' AND links <> 0) "
        "OR (m.lifecycle_state <> 'active' AND links <> 1) RETURN count(m)",
        users=users,
    )
    leaks = [leak for a in agents for leak in a.scope_leaks]
    counts = {}
    with httpx.Client(base_url=base_url, timeout=60.0) as http:
        for a in agents:
            listed = _list_all(http, a)
            leaks += [f"list {m['id']}" for m in listed if m["user_id"] != a.user_id]
            counts[a.user_id] = (
                len(listed),
                scalar("MATCH (m:Memory {user_id: $u}) RETURN count(m)", u=a.user_id),
            )
    count_mismatch = [u for u, (api, db) in counts.items() if api != db]
    return {
        "acknowledged_adds": sum(len(a.acked) for a in agents),
        "expected_present": len(expected),
        "missing_acknowledged": missing,
        "wrong_owner": wrong_owner,
        "orphan_entities": orphan_entities,
        "orphan_triplets": orphan_triplets,
        "bad_lifecycle_links": bad_lifecycle,
        "scope_leaks": leaks,
        "list_count_mismatch": count_mismatch,
    }


def _list_all(http: httpx.Client, agent: AgentState) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    params: dict[str, Any] = {"user_id": agent.user_id, "limit": 1000, "include_merged": True}
    headers = {"Authorization": f"Bearer {agent.token}"}
    while True:
        page = http.get("/v1/memories", params=params, headers=headers)
        page.raise_for_status()
        out += page.json()["results"]
        if not page.json().get("next_cursor"):
            return out
        params["cursor"] = page.json()["next_cursor"]


def violations(report: dict[str, Any]) -> int:
    inv = report["invariants"]
    keys = ("missing_acknowledged", "scope_leaks", "list_count_mismatch")
    return sum(len(inv[k]) for k in keys) + sum(
        inv[k] for k in ("wrong_owner", "orphan_entities", "orphan_triplets", "bad_lifecycle_links")
    )


# -- the run ------------------------------------------------------------------------------------
def _percentile(values: list[float], q: float) -> float:
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1]


def summarize(
    samples: list[Sample], elapsed: float, bound_s: float | None = None
) -> dict[str, Any]:
    by_op: dict[str, list[Sample]] = defaultdict(list)
    for s in samples:
        by_op[s.op].append(s)
    ops = {}
    for op, group in sorted(by_op.items()):
        ms = [s.latency_s * 1000 for s in group]
        ops[op] = {
            "count": len(group),
            "p50_ms": _percentile(ms, 50),
            "p95_ms": _percentile(ms, 95),
            "p99_ms": _percentile(ms, 99),
            "max_ms": max(ms),
            "over_bound": sum(1 for s in group if bound_s is not None and s.latency_s > bound_s),
            "statuses": dict(Counter(s.status for s in group)),
        }
    statuses = Counter(s.status for s in samples)
    return {
        "requests": len(samples),
        "elapsed_s": elapsed,
        "throughput_rps": len(samples) / elapsed if elapsed else 0.0,
        "statuses": dict(statuses),
        "server_errors": sum(n for k, n in statuses.items() if k.startswith("5")),
        "operations": ops,
    }


@dataclass
class ServerPlan:
    """Where the API runs: in this process (``workers`` 0, uvicorn in a thread beside the
    agents, as before), or in processes of its own as `graphmem serve` runs it."""

    workers: int = 0
    port: int = API_PORT
    source: Path = Path(__file__).resolve().parent.parent
    neo4j_pid: int | None = None  # to count Neo4j's CPU when the benchmark owns the server
    pure_python_http: bool = False  # uvicorn on asyncio and h11, not uvloop and httptools

    def server(self, memory: Memory) -> ApiServer | ApiProcess:
        if self.workers <= 0:
            return ApiServer(memory)
        return ApiProcess(
            memory.settings,
            workers=self.workers,
            port=self.port,
            source=self.source,
            pure_python_http=self.pure_python_http,
        )

    def meter(self, server: ApiServer | ApiProcess) -> CpuMeter:
        groups = {"benchmark_process": [os.getpid()]}
        if isinstance(server, ApiProcess):
            groups["api_processes"] = server.pids
        if self.neo4j_pid is not None:
            groups["neo4j"] = [self.neo4j_pid]
        return CpuMeter(groups)


def run_load(
    memory: Memory,
    *,
    seconds: float,
    agents: int,
    seed: int = 7,
    fault: FaultPlan | None = None,
    plan: ServerPlan | None = None,
    before_clock: Callable[[str, list[AgentState]], None] | None = None,
) -> dict[str, Any]:
    """Drive the API for ``seconds`` (or through the fault plan) and check the invariants.
    ``before_clock(base_url, agents)`` runs once the server is up, before the timed part."""
    plan = plan or ServerPlan()
    keystore = memory.keys
    run_id = uuid.uuid4().hex[:8]
    states, key_ids = [], []
    for i in range(agents):
        user_id = f"load-{run_id}-agent-{i}"
        token, key = keystore.create(user_ids=[user_id])
        states.append(AgentState(user_id=user_id, token=token))
        key_ids.append(key.id)
    stop = threading.Event()
    server = plan.server(memory)
    with server as base_url:
        if before_clock is not None:
            before_clock(base_url, states)
        meter = plan.meter(server)
        meter.start()
        clock = time.perf_counter()
        workers = [
            Agent(s, base_url, seed * 1000 + i, clock, stop, states) for i, s in enumerate(states)
        ]
        for w in workers:
            w.start()
        outage = fault.run(clock, base_url) if fault else None
        if fault is None:
            time.sleep(seconds)
        stop.set()
        for w in workers:
            w.join(timeout=180)
        elapsed = time.perf_counter() - clock
        samples = [s for w in workers for s in w.samples]
        report = {
            "run_id": run_id,
            "agents": agents,
            "seed": seed,
            "api_workers": plan.workers or "in-process",
            "cpu": meter.stop(len(samples), elapsed),
            "load": summarize(samples, elapsed, fault.bound_s if fault else None),
            "invariants": invariants(
                memory.driver, memory.settings.neo4j.database, states, base_url
            ),
        }
    if outage is not None:
        report["fault"] = outage.judge(samples)
    for key_id in key_ids:
        keystore.revoke(key_id)
    report["violations"] = violations(report)
    return report


@dataclass
class Outage:
    stop_began_s: float
    stopped_s: float
    start_began_s: float
    started_s: float
    bound_s: float

    def judge(self, samples: list[Sample]) -> dict[str, Any]:
        """Requests answered while Neo4j shut down, was down, and started again; the bound
        applies to requests sent while it was fully down (after the stop returned)."""

        def window(lo: float, hi: float) -> list[Sample]:
            return [s for s in samples if lo <= s.start_s < hi]

        def failed(group: list[Sample]) -> list[Sample]:
            return [s for s in group if not s.status.startswith(("2", "4"))]

        def statuses(group: list[Sample]) -> dict[str, int]:
            return dict(Counter(s.status for s in group))

        stopping = [
            s
            for s in samples
            if s.start_s < self.stopped_s and s.start_s + s.latency_s >= self.stop_began_s
        ]
        down = window(self.stopped_s, self.started_s)
        after = [s for s in samples if s.start_s >= self.started_s]
        ok_after = [s for s in after if s.status.startswith("2")]
        max_down = max((s.latency_s for s in failed(down)), default=0.0)
        before = [s for s in samples if s.start_s + s.latency_s < self.stop_began_s]
        return {
            **asdict(self),
            "statuses_before": statuses(before),
            "stop_took_s": self.stopped_s - self.stop_began_s,
            "start_took_s": self.started_s - self.start_began_s,
            "statuses_stopping": statuses(stopping),
            "max_failed_latency_stopping_s": max(
                (s.latency_s for s in failed(stopping)), default=0.0
            ),
            "stopping_not_503": statuses([s for s in failed(stopping) if s.status != "503"]),
            "statuses_down": statuses(down),
            "down_not_503": statuses([s for s in failed(down) if s.status != "503"]),
            "max_failed_latency_down_s": max_down,
            "within_bound": max_down <= self.bound_s,
            "first_ok_after_restart_s": (
                min(s.start_s + s.latency_s for s in ok_after) - self.started_s
            )
            if ok_after
            else None,
            "statuses_after": statuses(after),
            "errors_after_recovery": sum(
                1 for s in after if s.status.startswith("5") or not s.status[0].isdigit()
            ),
        }


@dataclass
class FaultPlan:
    """Stop the server ``before_s`` into the run for ``outage_s``; load on ``after_s`` more."""

    server: Any  # LocalNeo4j
    before_s: float
    outage_s: float
    after_s: float
    bound_s: float
    end_s: float = 0.0  # keep the load on at least until then (the soak's total duration)

    def run(self, clock: float, base_url: str) -> Outage:
        def now() -> float:
            return time.perf_counter() - clock

        time.sleep(self.before_s)
        stop_began = now()
        self.server.stop()
        stopped = now()
        time.sleep(self.outage_s)
        start_began = now()
        self.server.start()
        started = now()
        time.sleep(max(self.after_s, self.end_s - now()))
        return Outage(stop_began, stopped, start_began, started, self.bound_s)


def failure_bound(settings: Settings) -> float:
    """How long a request may take to fail while Neo4j is down: the API's request deadline
    (``DeadlineMiddleware`` answers 503 there whatever the route is doing), plus a margin.

    The driver budgets (managed retries plus one connection acquisition) make most failures
    come sooner, but an add makes several driver calls and embeds before the first one, so
    on a loaded machine only the deadline is a bound the service guarantees."""
    return settings.api.request_deadline_s + BOUND_MARGIN_S


def fault_settings(
    base: Settings,
    home: Path,
    connect_s: float | None,
    retry_s: float | None,
    ports: tuple[int, int] = (FAULT_BOLT_PORT, FAULT_HTTP_PORT),
) -> Settings:
    """The benchmark's own server; ``connect_s`` / ``retry_s`` tighten the driver, ``None``
    keeps the settings' defaults (the soak). The request deadline stays as configured: a
    slow answer from a cold server is not a failure."""
    bolt, http = ports
    update: dict[str, Any] = {
        "uri": f"bolt://127.0.0.1:{bolt}",
        "bolt_port": bolt,
        "http_port": http,
        "home": home,
        "heap_size": "512m",
        "pagecache_size": "256m",
    }
    if connect_s is not None and retry_s is not None:
        update |= {
            "connection_timeout_s": connect_s,
            "connection_acquisition_timeout_s": 2 * connect_s,
            "max_transaction_retry_time_s": retry_s,
        }
    return base.model_copy(update={"neo4j": base.neo4j.model_copy(update=update)})


def run_fault(
    base: Settings,
    *,
    seconds: float,
    agents: int,
    outage_s: float | None,
    post_s: float,
    connect_s: float | None,
    retry_s: float | None,
    seed: int = 7,
    embedder: Embedder | None = None,
    ports: tuple[int, int] = (FAULT_BOLT_PORT, FAULT_HTTP_PORT),
    stop_at: float = 0.3,
    end_s: float = 0.0,
    plan: ServerPlan | None = None,
) -> dict[str, Any]:
    """The load against a fresh LocalNeo4j under a temporary home, with an outage of
    ``outage_s`` seconds (none when ``None``) starting ``stop_at`` x ``seconds`` in."""
    from graphmem.neo4j_server import LocalNeo4j

    with tempfile.TemporaryDirectory(prefix="graphmem-fault-") as tmp:
        settings = fault_settings(base, Path(tmp), connect_s, retry_s, ports)
        server = LocalNeo4j(settings.neo4j)
        try:
            server.start()
            embedder = embedder or make_embedder(settings.embedder)
            with make_driver(settings.neo4j) as driver:
                schema.migrate(driver, settings.neo4j.database, embedder.dimension, embedder.name)
            with Memory(settings, embedder=embedder) as memory:
                outage_plan = (
                    None
                    if outage_s is None
                    else FaultPlan(
                        server, seconds * stop_at, outage_s, post_s, failure_bound(settings), end_s
                    )
                )
                server_plan = replace(plan or ServerPlan(), neo4j_pid=server.status().pid)
                report = run_load(
                    memory,
                    seconds=seconds,
                    agents=agents,
                    seed=seed,
                    fault=outage_plan,
                    plan=server_plan,
                )
        finally:
            server.stop()
    report["settings"] = {
        "request_deadline_s": settings.api.request_deadline_s,
        "connection_timeout_s": settings.neo4j.connection_timeout_s,
        "connection_acquisition_timeout_s": settings.neo4j.connection_acquisition_timeout_s,
        "max_transaction_retry_time_s": settings.neo4j.max_transaction_retry_time_s,
    }
    if outage_s is None:
        return report
    fault = report["fault"]
    report["violations"] += sum(fault["down_not_503"].values()) + (not fault["within_bound"])
    report["violations"] += sum(fault["stopping_not_503"].values())
    report["violations"] += fault["errors_after_recovery"] + (not fault["statuses_after"])
    return report


def run_soak(
    base: Settings,
    *,
    seconds: float,
    agents: int,
    outage_s: float,
    seed: int = 7,
    ports: tuple[int, int] = (FAULT_BOLT_PORT, FAULT_HTTP_PORT),
    embedder: Embedder | None = None,
) -> dict[str, Any]:
    """``seconds`` of mixed load by ``agents`` agents with the default timeouts, Neo4j
    stopped half-way and started again ``outage_s`` later. Every request, not only the
    failed ones, must be answered within the bound (request deadline + margin)."""
    report = run_fault(
        base,
        seconds=seconds,
        agents=agents,
        outage_s=outage_s,
        post_s=min(10.0, seconds / 4),
        connect_s=None,
        retry_s=None,
        seed=seed,
        embedder=embedder,
        ports=ports,
        stop_at=0.5,
        end_s=seconds,
    )
    report["soak"] = judge_soak(report)
    report["violations"] += report["soak"]["over_bound"] + report["soak"]["transport_errors"]
    return report


def judge_soak(report: dict[str, Any]) -> dict[str, Any]:
    ops = report["load"]["operations"].values()
    bound = report["fault"]["bound_s"]
    inv = report["invariants"]
    return {
        "bound_s": bound,
        "max_latency_s": max((op["max_ms"] for op in ops), default=0.0) / 1000,
        "over_bound": sum(op["over_bound"] for op in ops),
        "transport_errors": sum(
            n for op in ops for status, n in op["statuses"].items() if not status[0].isdigit()
        ),
        "acknowledged_writes_lost": len(inv["missing_acknowledged"]),
        "invariant_violations": violations(report),
    }


# -- output -------------------------------------------------------------------------------------
def table(report: dict[str, Any]) -> str:
    load = report["load"]
    cpu = report["cpu"]
    lines = [
        f"{report['agents']} agents, {load['elapsed_s']:.1f} s, {load['requests']} "
        f"requests, {load['throughput_rps']:.1f} req/s; statuses {load['statuses']}",
        f"API workers {report['api_workers']}; load average {cpu['load_average_start']} -> "
        f"{cpu['load_average_end']}; CPU ms per request "
        + ", ".join(f"{k} {v:.1f}" for k, v in cpu["cpu_ms_per_request"].items()),
        f"{'op':<8}{'count':>7}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}{'max ms':>9}  statuses",
    ]
    for op, s in load["operations"].items():
        lines.append(
            f"{op:<8}{s['count']:>7}{s['p50_ms']:>9.1f}{s['p95_ms']:>9.1f}"
            f"{s['p99_ms']:>9.1f}{s['max_ms']:>9.1f}  {s['statuses']}"
        )
    lines.append(f"invariants: {json.dumps(report['invariants'])}")
    if "fault" in report:
        lines.append(f"fault: {json.dumps(report['fault'])}")
    if "soak" in report:
        lines.append(f"soak: {json.dumps(report['soak'])}")
    lines.append(f"violations: {report['violations']}")
    return "\n".join(lines)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, help="load duration (60; soak 600)")
    parser.add_argument("--agents", type=int, help="concurrent agents (8; soak 16)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--json", type=Path, help="write the report here")
    parser.add_argument("--fault", action="store_true", help="own Neo4j, stopped mid-run")
    parser.add_argument(
        "--soak",
        action="store_true",
        help="own Neo4j, default timeouts, restarted half-way; every request "
        "within the bound; report under benchmarks/results/",
    )
    parser.add_argument(
        "--own-server",
        action="store_true",
        help="own Neo4j on 27787 (temporary home) instead of settings' URI",
    )
    parser.add_argument("--bolt-port", type=int, default=FAULT_BOLT_PORT, help="own Neo4j")
    parser.add_argument("--http-port", type=int, default=FAULT_HTTP_PORT, help="own Neo4j")
    parser.add_argument(
        "--api-workers",
        type=int,
        default=0,
        help="0: the API in this process beside the agents; N: `uvicorn --workers N` processes",
    )
    parser.add_argument("--api-port", type=int, default=API_PORT, help="with --api-workers")
    parser.add_argument("--outage", type=float, help="seconds Neo4j is down (10; soak 5)")
    parser.add_argument("--post", type=float, default=15.0, help="load after the restart")
    parser.add_argument("--connect-timeout", type=float, default=2.0, help="fault mode")
    parser.add_argument("--retry-time", type=float, default=3.0, help="fault mode")
    return parser


def _run(args: argparse.Namespace) -> dict[str, Any]:
    base, ports = Settings(), (args.bolt_port, args.http_port)
    plan = ServerPlan(workers=args.api_workers, port=args.api_port)
    if args.soak:
        return run_soak(
            base,
            seconds=args.seconds or 600.0,
            agents=args.agents or 16,
            outage_s=5.0 if args.outage is None else args.outage,
            seed=args.seed,
            ports=ports,
        )
    seconds, agents = args.seconds or 60.0, args.agents or 8
    if args.fault or args.own_server:
        return run_fault(
            base,
            seconds=seconds,
            agents=agents,
            seed=args.seed,
            outage_s=(10.0 if args.outage is None else args.outage) if args.fault else None,
            post_s=args.post,
            connect_s=args.connect_timeout,
            retry_s=args.retry_time,
            ports=ports,
            plan=plan,
        )
    with Memory(base) as memory:
        return run_load(memory, seconds=seconds, agents=agents, seed=args.seed, plan=plan)


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    # Expected during an outage: the driver's retry notices and the API's 5xx tracebacks.
    for name in ("neo4j", "graphmem.api", "uvicorn.error"):
        logging.getLogger(name).setLevel(logging.CRITICAL)
    report = _run(args)
    report["command"] = " ".join(sys.argv)
    report["date"] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    print(table(report))
    out = args.json
    if out is None and args.soak:
        name = f"soak-{report['agents']}agents-{report['load']['elapsed_s']:.0f}s"
        out = RESULTS / f"{name}-{time.strftime('%Y%m%d-%H%M', time.gmtime())}.json"
    if out:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(report, indent=2, default=str) + "\n")
        print(f"report: {out}")
    return 1 if report["violations"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
