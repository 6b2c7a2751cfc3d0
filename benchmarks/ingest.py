"""Offline ingest throughput (issue 11 "Ingest", issue 14 §4): LoCoMo turns through the
product's own add, as ``benchmarks/locomo.py --mode product`` stores them (one add per
session, one message per turn, the speaker as the message name, the session date as
timestamp, one user per conversation), on a Neo4j of the benchmark's own.

Before the timed part the store is pre-filled to ``--prefill`` memories with ``infer=False``
adds of 200 messages under another user (LoCoMo turn texts, each made unique by a suffix):
the vector and full-text indexes hold that many memories, the measured owners' graphs start
empty, as a new conversation's would in a shared store. The pre-fill's vectors are
pseudo-random unit vectors seeded by the text (``--prefill-vectors random``, the default: on
2 loaded cores the real embedder takes minutes for 10k texts, and no measured read compares
against another owner's vectors), or the real embedder's (``real``).

Variants (``--variant``, repeatable) run interleaved over the same sessions: session by
session, each variant adds the session to its own user, in an order rotated every session, so
the machine's load (2 shared cores) falls on all of them alike. Each variant is
``key=value`` pairs joined by ``+``: ``threads=N`` (embedder intra-op threads),
``batches=N`` (an embedder call's batches run side by side), ``infer=on|off``,
``context=N`` (context turns), ``overlap=on|off`` (ingest overlap),
``keys=composed|embedded`` (how context-key vectors are made), ``recent=N`` (vectors kept
across adds, 0 = off), ``onnx=fp32|int8`` (the ONNX variant; one store holds one
embedder's vectors, so every variant's embedder is recorded under the store's identity: only
speed is compared across ``onnx`` variants), ``scan=N`` (owners of up to N memories are
scanned whole for lifecycle candidates: ``lifecycle.exact_scan_max``), ``turns=each`` (one
add per message, the session as its run, as an agent storing each turn as it comes; the
timing is then per session, i.e. per add group), ``streams=N`` (N conversations ingested at
once, in threads, each its sessions in order, as an import of many conversations could; the
timing is then per round of sessions, and the split's parts overlap).

Before the timed part the server is also warmed for ``--warmup-seconds`` (120 by default)
with inferred adds of the other conversations under throwaway users: a freshly started Neo4j
spends its first minutes compiling (measured with ``neo4j_threads.py`` during a cold run: the
JIT compiler threads took 15.7 of Neo4j's 30.3 CPU seconds in the first 40 s, 6.8 of 19.9 in
the next 40 s and 3.4 of 15.6 in the 40 s after), and a deployed server has long paid that.
``--warmup-seconds 0`` times a cold server, as runs before 2026-12-04 evening did.

Sessions run in rounds: session 1 of every conversation, then session 2, and so on.

Each variant also reports its CPU per message: this process's (the API's side: spaCy, the
embedder, the driver) and the Neo4j server's (``/proc/<pid>/stat``), over its timed adds.

The split: wall time summed inside the embedder's ``embed``, the extractor's ``extract``
(spaCy), each named Neo4j read, the write transaction and the lifecycle step inside it. When
work overlaps in threads the parts can sum to more than the total.

    PYTHONPATH=. .venv/bin/python benchmarks/ingest.py --prefill 10000 \\
        --variant threads=1 --variant threads=2 --json benchmarks/results/ingest-x.json
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import sys
import threading
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from load_server import cpu_seconds
from locomo import DATASET, Batch, Stored, ingest_batch, load_samples, machine
from own_server import own_server
from store_identity import as_store_embedder

from graphmem import Memory, Settings
from graphmem.adapters.embeddings import make_embedder
from graphmem.adapters.neo4j.driver import make_driver
from graphmem.neo4j_server.layout import Layout

PREFILL_BATCH = 200


class Cpu:
    """CPU seconds spent during a variant's timed adds: this process (API work: spaCy, the
    embedder, the driver) and the Neo4j server, so a message's whole CPU cost is known."""

    def __init__(self, neo4j_pid: int | None) -> None:
        self.neo4j_pid = neo4j_pid
        self.client = self.server = 0.0

    def measure(self, fn: Callable[[], Any]) -> Any:
        c0, s0 = time.process_time(), self._server()
        try:
            return fn()
        finally:
            self.client += time.process_time() - c0
            self.server += self._server() - s0

    def _server(self) -> float:
        if self.neo4j_pid is None:
            return 0.0
        return cpu_seconds(self.neo4j_pid) or 0.0


class Split:
    """Wall seconds per part, summed over the run (and over threads with ``streams``)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.seconds: dict[str, float] = defaultdict(float)
        self.calls: dict[str, int] = defaultdict(int)
        self.texts = 0  # embedded
        self.chars = 0

    def wrap(self, part: str | Callable[..., str], fn: Callable[..., Any]) -> Callable[..., Any]:
        def timed(*args: Any, **kwargs: Any) -> Any:
            name = part(*args, **kwargs) if callable(part) else part
            start = time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                spent = time.perf_counter() - start
                with self.lock:
                    self.seconds[name] += spent
                    self.calls[name] += 1

        return timed


def instrument(memory: Memory, split: Split) -> None:
    """Time the embedder, the extractor, every Neo4j read (by statement name), the write
    transaction, and the lifecycle step inside it, on this Memory's own objects."""
    embedder: Any = memory.embedder
    timed_embed = split.wrap("embedding (ONNX)", embedder.embed)

    def embed(texts: Sequence[str]) -> list[list[float]]:
        split.texts += len(texts)
        split.chars += sum(len(t) for t in texts)
        return timed_embed(texts)

    embedder.embed = embed
    extractor: Any = memory.extractor
    extractor.extract = split.wrap("extraction (spaCy)", extractor.extract)
    statements: Any = memory.store.statements
    statements.read = split.wrap(lambda name, *a, **k: f"neo4j read {name}", statements.read)
    statements.in_write_tx = split.wrap("neo4j write tx (incl. lifecycle)", statements.in_write_tx)
    add: Any = memory._add
    add.lifecycle = split.wrap("lifecycle (inside write tx)", add.lifecycle)


# -- variants ----------------------------------------------------------------------------
def parse_variant(spec: str) -> dict[str, str]:
    pairs = [part.split("=", 1) for part in spec.split("+") if part]
    known = {
        "threads", "batches", "infer", "context", "overlap", "keys", "recent", "turns", "onnx",
        "scan", "streams",
    }  # fmt: skip
    out = {k: v for k, v in pairs}
    if bad := set(out) - known:
        raise SystemExit(f"unknown variant keys {sorted(bad)} (known: {sorted(known)})")
    return out


def variant_settings(base: Settings, variant: dict[str, str]) -> Settings:
    embedder = base.embedder
    if "threads" in variant:
        embedder = embedder.model_copy(update={"threads": int(variant["threads"])})
    if "batches" in variant:
        embedder = embedder.model_copy(update={"parallel_batches": int(variant["batches"])})
    if "onnx" in variant:
        embedder = embedder.model_copy(update={"onnx_variant": variant["onnx"]})
    indexing = base.indexing
    if "context" in variant:
        indexing = indexing.model_copy(update={"context_turns": int(variant["context"])})
    if "overlap" in variant and hasattr(indexing, "overlap_ingest"):
        indexing = indexing.model_copy(update={"overlap_ingest": variant["overlap"] == "on"})
    if "keys" in variant:  # how context-key vectors are made: composed | embedded
        indexing = indexing.model_copy(update={"key_vector": variant["keys"]})
    if "recent" in variant:  # vectors kept across adds (0 = off)
        indexing = indexing.model_copy(update={"recent_vectors": int(variant["recent"])})
    lifecycle = base.lifecycle
    if "scan" in variant:  # owners up to N memories scanned whole for lifecycle candidates
        lifecycle = lifecycle.model_copy(update={"exact_scan_max": int(variant["scan"])})
    return base.model_copy(
        update={"embedder": embedder, "indexing": indexing, "lifecycle": lifecycle}
    )


class Runner:
    """One variant: its Memory (own embedder and extractor, shared driver), split and adds."""

    def __init__(
        self,
        name: str,
        spec: dict[str, str],
        settings: Settings,
        driver: Any,
        neo4j_pid: int | None = None,
    ) -> None:
        self.name, self.spec = name, spec
        self.cpu = Cpu(neo4j_pid)
        self.infer = spec.get("infer", "on") == "on"
        self.settings = variant_settings(settings, spec)
        own = make_embedder(self.settings.embedder)
        embedder = as_store_embedder(own, driver, settings.neo4j.database)
        self.memory = Memory(self.settings, driver=driver, embedder=embedder)
        self.split = Split()
        instrument(self.memory, self.split)
        self.add_seconds: list[float] = []
        self.messages = 0
        self.created = 0
        self.stores: dict[str, Stored] = {}

    def warm(self) -> None:
        """Load the embedder and spaCy before timing (a throwaway owner)."""
        self.memory.add(
            [{"role": "user", "name": "A", "content": "Warm up: I went to Paris yesterday."}],
            user_id=f"warmup-{self.name}",
        )
        self.split.seconds.clear()
        self.split.calls.clear()
        self.split.texts = self.split.chars = 0

    def round(self, jobs: list[tuple[str, Batch]]) -> None:
        """One session of each conversation: one after another, or with ``streams=N`` up to
        N conversations at once in threads (timed as one wall-clock interval per round)."""
        self.cpu.measure(lambda: self._round(jobs))

    def _round(self, jobs: list[tuple[str, Batch]]) -> None:
        streams = int(self.spec.get("streams", "1"))
        if streams <= 1:
            for sample_id, batch in jobs:
                self.add(sample_id, batch)
            return
        start = time.perf_counter()
        with ThreadPoolExecutor(max_workers=streams) as pool:
            created = list(pool.map(lambda job: self._ingest(*job), jobs))
        self.add_seconds.append(time.perf_counter() - start)
        self.created += sum(created)
        self.messages += sum(len(batch.items) for _, batch in jobs)

    def add(self, sample_id: str, batch: Batch) -> None:
        start = time.perf_counter()
        self.created += self._ingest(sample_id, batch)
        self.add_seconds.append(time.perf_counter() - start)
        self.messages += len(batch.items)

    def _ingest(self, sample_id: str, batch: Batch) -> int:
        stored = self.stores.setdefault(sample_id, Stored(user_id=f"{self.name}-{sample_id}"))
        if self.spec.get("turns") == "each":
            return self._per_turn(stored, sample_id, batch)
        if self.infer:
            return ingest_batch(self.memory, stored, sample_id, batch, product=True)
        messages = [{"role": "user", "name": i.speaker, "content": i.content} for i in batch.items]
        result = self.memory.add(
            messages, user_id=stored.user_id, timestamp=batch.timestamp, infer=False
        )
        return sum(1 for r in result.results if r.event == "ADD")

    def _per_turn(self, stored: Stored, sample_id: str, batch: Batch) -> int:
        """One add per message, the session as the run (an agent storing each turn as it
        comes): each turn's context key starts from the run's last turns in the store."""
        created = 0
        for item in batch.items:
            result = self.memory.add(
                [{"role": "user", "name": item.speaker, "content": item.content}],
                user_id=stored.user_id,
                run_id=f"{sample_id}-s{batch.session}",
                timestamp=batch.timestamp,
                infer=self.infer,
            )
            created += sum(1 for r in result.results if r.event == "ADD")
        return created

    def report(self) -> dict[str, Any]:
        total = sum(self.add_seconds)
        parts = dict(sorted(self.split.seconds.items(), key=lambda kv: -kv[1]))
        n = max(1, self.messages)
        return {
            "variant": self.name,
            "settings": self.spec,
            "embedder_threads": self.memory.embedder._threads()  # type: ignore[attr-defined]
            if hasattr(self.memory.embedder, "_threads")
            else None,
            "adds": len(self.add_seconds),
            "messages": self.messages,
            "memories_created": self.created,
            "seconds": round(total, 2),
            "messages_per_s": round(self.messages / total, 1) if total else None,
            "median_add_s": round(statistics.median(self.add_seconds), 4),
            "median_ms_per_message": round(1000 * total / max(1, self.messages), 2),
            "cpu_ms_per_message": {
                "this process (API side)": round(1000 * self.cpu.client / n, 2),
                "neo4j server": round(1000 * self.cpu.server / n, 2),
                "total": round(1000 * (self.cpu.client + self.cpu.server) / n, 2),
            },
            "split_s": {k: round(v, 2) for k, v in parts.items()},
            "split_share": {k: round(v / total, 3) for k, v in parts.items()} if total else {},
            "calls": dict(self.split.calls),
            "texts_embedded": self.split.texts,
            "chars_embedded": self.split.chars,
        }


# -- pre-fill ------------------------------------------------------------------------------
def prefill(memory: Memory, samples: list[Any], target: int) -> dict[str, Any]:
    """``target`` memories under one other user, ``infer=False`` in batches of 200."""
    texts = [i.content for s in samples for b in s.turns for i in b.items]
    start, written, copy = time.perf_counter(), 0, 0
    while written < target and texts:
        chunk: list[str] = []
        for text in texts:
            chunk.append(f"{text} (#{copy})")
            if len(chunk) == PREFILL_BATCH or written + len(chunk) >= target:
                result = memory.add(
                    [{"role": "user", "content": t} for t in chunk],
                    user_id="bench-ingest-prefill",
                    infer=False,
                )
                written += sum(1 for r in result.results if r.event == "ADD")
                chunk = []
                if written >= target:
                    break
        copy += 1
    seconds = time.perf_counter() - start
    return {
        "memories": written,
        "seconds": round(seconds, 1),
        "memories_per_s": round(written / seconds, 1) if seconds else None,
        "how": "infer=False adds of 200 LoCoMo turn texts (suffixed to be unique) under "
        "user bench-ingest-prefill",
        "vectors": memory.embedder.__class__.__name__,
    }


class SeededVectors:
    """Pseudo-random unit vectors, one per text (seeded by its hash): the pre-fill's."""

    def __init__(self, name: str, dimension: int) -> None:
        self.name, self.dimension = name, dimension

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        out = []
        for text in texts:
            seed = int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")
            v = np.random.default_rng(seed).standard_normal(self.dimension).astype(np.float32)
            out.append((v / np.linalg.norm(v)).tolist())
        return out


def warm_server(memory: Memory, samples: list[Any], seconds: float) -> dict[str, Any]:
    """Ingest ``samples`` session by session for ``seconds`` before timing, one throwaway
    user per conversation and pass (so owners grow past ``lifecycle.exact_scan_max`` as the
    timed ones do): a freshly started Neo4j spends its first minutes compiling its hot paths
    (its JIT threads took 46% of its CPU in the first 50 s of a cold run, about a fifth two
    minutes later), which a server that has been up for a while no longer pays."""
    start = time.perf_counter()
    adds = messages = passes = 0
    rounds = max((len(s.turns) for s in samples), default=0)
    while samples and time.perf_counter() - start < seconds:
        stores = {
            s.sample_id: Stored(user_id=f"warmup-server-{s.sample_id}-{passes}") for s in samples
        }
        for n in range(rounds):
            for sample in samples:
                if n >= len(sample.turns) or time.perf_counter() - start >= seconds:
                    continue
                batch = sample.turns[n]
                ingest_batch(
                    memory, stores[sample.sample_id], sample.sample_id, batch, product=True
                )
                adds += 1
                messages += len(batch.items)
        passes += 1
    return {"seconds": round(time.perf_counter() - start, 1), "adds": adds, "messages": messages}


def interleave(runners: list[Runner], samples: list[Any]) -> None:
    """Session k of every conversation, for each variant in turn (rotated every round)."""
    sessions = max(len(s.turns) for s in samples)
    for n in range(sessions):
        jobs = [(s.sample_id, s.turns[n]) for s in samples if n < len(s.turns)]
        shift = n % len(runners)
        for runner in runners[shift:] + runners[:shift]:
            runner.round(jobs)
        if n % 5 == 0:
            done = ", ".join(f"{r.name} {r.messages / sum(r.add_seconds):.1f}/s" for r in runners)
            print(f"  session {n + 1}/{sessions}: {done}", flush=True)


def ratios(results: list[dict[str, Any]]) -> dict[str, Any]:
    """Each variant against the first: throughput ratio and per-add median ratio."""
    first = results[0]
    return {
        r["variant"]: {
            "messages_per_s_ratio": round(r["messages_per_s"] / first["messages_per_s"], 3),
            "median_add_ratio": round(r["median_add_s"] / first["median_add_s"], 3),
        }
        for r in results[1:]
    }


def run(
    settings: Settings,
    driver: Any,
    every: list[Any],
    samples: list[Any],
    specs: list[str],
    target: int,
    report: dict[str, Any],
    random_vectors: bool = True,
    neo4j_pid: int | None = None,
    warmup_seconds: float = 0.0,
) -> None:
    real = make_embedder(settings.embedder)
    vectors = real if random_vectors is False else SeededVectors(real.name, real.dimension)
    with Memory(settings, driver=driver, embedder=vectors) as filler:
        report["prefill"] = prefill(filler, every, target)
    print(f"pre-filled: {report['prefill']}", flush=True)
    runners = [
        Runner(spec, parse_variant("" if spec == "default" else spec), settings, driver, neo4j_pid)
        for spec in specs
    ]
    spare = [s for s in every if s not in samples] or samples
    report["server_warmup"] = warm_server(runners[0].memory, spare, warmup_seconds)
    print(f"server warmed: {report['server_warmup']}", flush=True)
    for runner in runners:
        runner.warm()
    report["machine"]["loadavg_timed_start"] = list(os.getloadavg())
    interleave(runners, samples)
    report["machine"]["loadavg_end"] = list(os.getloadavg())
    report["results"] = [r.report() for r in runners]
    report["ratios_to_first"] = ratios(report["results"])


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--limit-samples", type=int, default=None, help="first N conversations")
    p.add_argument("--skip-samples", type=int, default=0, help="skip the first N")
    p.add_argument("--prefill", type=int, default=10_000, help="memories before timing")
    p.add_argument("--prefill-vectors", choices=("random", "real"), default="random")
    p.add_argument(
        "--warmup-seconds",
        type=float,
        default=120.0,
        help="inferred adds of the other conversations before timing (0: time a cold server)",
    )
    p.add_argument("--variant", action="append", help="e.g. threads=1, infer=off (repeatable)")
    p.add_argument("--dataset", type=Path, default=DATASET)
    p.add_argument("--bolt-port", type=int, default=21787)
    p.add_argument("--http-port", type=int, default=21788)
    p.add_argument("--json", type=Path)
    return p.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    specs = args.variant or ["default"]
    every = load_samples(args.dataset, None)
    samples = every[args.skip_samples :][: args.limit_samples]
    report: dict[str, Any] = {
        "command": " ".join(
            ["PYTHONPATH=. .venv/bin/python", "benchmarks/ingest.py", *sys.argv[1:]]
        ),
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": machine(),
        "samples": [s.sample_id for s in samples],
    }
    with (
        own_server("ingest", args.bolt_port, args.http_port) as (settings, home),
        make_driver(settings.neo4j) as driver,
    ):
        pid = int(Layout(home).pid_file.read_text().strip())
        run(settings, driver, every, samples, specs, args.prefill, report,
            args.prefill_vectors == "random", pid, args.warmup_seconds)  # fmt: skip
    for r in report["results"]:
        print(
            f"{r['variant']:>24}: {r['messages_per_s']} messages/s, median add "
            f"{r['median_add_s'] * 1000:.0f} ms, {r['memories_created']} memories"
        )
        print(f"{'':>26}CPU per message (ms): {r['cpu_ms_per_message']}")
        for part, share in r["split_share"].items():
            print(f"{'':>26}{share:6.1%}  {part}")
    print(json.dumps(report["ratios_to_first"], indent=2))
    load = report["machine"]
    print(f"load average: start {load['loadavg_start']}, end {load['loadavg_end']}")
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(report, indent=2) + "\n")
        print(f"wrote {args.json}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
