"""Does one tenant's data change another tenant's ranking? (issue 12, 3b)

Stores the target LoCoMo conversations through the product's own ``add`` on a Neo4j of the
benchmark's own, answers their questions (recall@k of the evidence turns, as
``benchmarks/locomo.py``), then stores ``--noise`` memories of other users (the other
conversations' turns, repeated under fresh user ids) and answers the same questions again,
each time with the default settings, with the exact vector scan forced, and with the
full-text signal switched off (to attribute what moves).

    .venv/bin/python benchmarks/tenant_isolation.py --targets 2 --noise 6000 --infer --json <file>

``--noise-batch N`` stores the noise faster, for a run with ~100k other memories: the same
turns, verbatim, N per add (a fresh user's whole conversation in as few adds as that takes,
each add stamped with its first session's date), and each distinct text embedded once (the
vectors stored are the ones the embedder gives; the rounds repeat the same texts).
``--noise-infer`` sends the noise through extraction instead (speaker names kept, as the
targets), so other tenants also write entities and triplet facts (expected to be about as
slow per memory as the targets' ingest; not yet run).

Data: LoCoMo-10 (Maharana et al., ACL 2024; CC BY-NC 4.0), read from ../shared/data/locomo.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from locomo import (
    DATASET,
    CachedEmbedder,
    Failures,
    Sample,
    Stored,
    evaluate,
    graphmem_ranker,
    ingest,
    load_samples,
)
from own_server import own_server

from graphmem import Memory, Settings
from graphmem.adapters.embeddings import make_embedder


def exact(settings: Settings) -> Settings:
    """The same settings with every scope scanned exactly (no vector index)."""
    search = settings.search.model_copy(update={"exact_scan_max": 10**9})
    return settings.model_copy(update={"search": search})


def without_fulltext(settings: Settings) -> Settings:
    """The same settings with the full-text signal's weight at 0: whatever still moves when
    other tenants arrive does not come from Lucene's index-wide statistics."""
    search = settings.search.model_copy(update={"weight_fulltext": 0.0})
    return settings.model_copy(update={"search": search})


VARIANTS = {"default": lambda s: s, "exact scan": exact, "no full-text": without_fulltext}


def answer(
    settings: Settings, targets: list[Sample], stores: list[Stored], variants: list[str]
) -> dict[str, Any]:
    out = {}
    for name in variants:
        with Memory(VARIANTS[name](settings)) as memory:
            failures = Failures()
            out[name] = evaluate(graphmem_ranker(memory, None, failures), targets, stores)
            out[name]["failed_searches"] = failures.failed
    return out


def add_noise(
    memory: Memory, others: list[Sample], target: int, batch: int | None, infer: bool
) -> dict[str, Any]:
    """Other users' memories: the other conversations' sessions, one add each (``batch``:
    that many turns per add), under a fresh user id per conversation and round, until
    ``target`` memories are stored. Without ``infer`` the turns are sent without speaker names
    (one speaker: no context keys), which keeps the noise to one embedding per memory; they
    still enter the memory text, vector and full-text indexes."""
    stored, rounds, adds, start = 0, 0, 0, time.perf_counter()
    while stored < target:
        rounds += 1
        for sample in others:
            user_id = f"noise-{rounds}-{sample.sample_id}-{uuid.uuid4().hex[:6]}"
            for stamp, items in _noise_adds(sample, batch, target - stored):
                messages = [
                    {"role": "user", "content": i.content, **({"name": i.speaker} if infer else {})}
                    for i in items
                ]
                result = memory.add(messages, user_id=user_id, timestamp=stamp, infer=infer)
                adds += 1
                stored += sum(1 for r in result.results if r.event == "ADD")
                if stored >= target:
                    break
            if stored >= target:
                break
    seconds = time.perf_counter() - start
    return {"memories": stored, "rounds": rounds, "adds": adds, "seconds": round(seconds, 1),
            "batch": batch, "infer": infer}  # fmt: skip


def _noise_adds(sample: Sample, batch: int | None, left: int) -> list[tuple[str, list[Any]]]:
    """The adds of one noise conversation: (timestamp, turns), a session each, or ``batch``
    turns each (at most ``left`` turns in all)."""
    if batch is None:
        return [(b.timestamp, b.items) for b in sample.turns]
    turns = [(b.timestamp, i) for b in sample.turns for i in b.items][:left]
    return [
        (turns[n][0], [i for _, i in turns[n : n + batch]]) for n in range(0, len(turns), batch)
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DATASET)
    parser.add_argument("--targets", type=int, default=2)
    parser.add_argument("--skip", type=int, default=0, help="conversations before the targets")
    parser.add_argument("--noise", type=int, default=6_000)
    parser.add_argument("--infer", action="store_true", help="targets through extraction")
    parser.add_argument("--noise-batch", type=int, help="noise turns per add (fast noise)")
    parser.add_argument("--noise-infer", action="store_true", help="noise through extraction")
    parser.add_argument(
        "--variants",
        nargs="+",
        choices=list(VARIANTS),
        default=list(VARIANTS),
        metavar="NAME",
        help="settings to answer with (default: all three)",
    )
    parser.add_argument("--bolt-port", type=int, default=17797)
    parser.add_argument("--http-port", type=int, default=17798)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    load_start = os.getloadavg()[0]
    samples = load_samples(args.data, None)
    chosen = range(args.skip, args.skip + args.targets)
    targets = [samples[i] for i in chosen]
    others = [s for i, s in enumerate(samples) if i not in chosen]
    with own_server("tenants", args.bolt_port, args.http_port) as (settings, _):
        stores: list[Stored] = []
        mode = "product" if args.infer else "turns"
        with Memory(settings) as memory:
            ingested = ingest(memory, targets, mode, "target", stores)
        alone = answer(settings, targets, stores, args.variants)
        embedder = CachedEmbedder(make_embedder(settings.embedder)) if args.noise_batch else None
        with Memory(settings, embedder=embedder) as memory:
            noise = add_noise(memory, others, args.noise, args.noise_batch, args.noise_infer)
        shared = answer(settings, targets, stores, args.variants)
    result = {
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores",
        "load_avg_start_end": [round(load_start, 2), round(os.getloadavg()[0], 2)],
        "targets": [s.sample_id for s in targets],
        "target_mode": mode,
        "ingest": ingested,
        "noise": noise,
        "alone": alone,
        "with_other_tenants": shared,
    }
    for name in args.variants:
        a = alone[name]["recall"]["10"]["1-5"]
        b = shared[name]["recall"]["10"]["1-5"]
        print(f"{name:10s} R@10 (1-5): alone {a:.4f}, with {noise['memories']} others {b:.4f}")
    if args.json:
        args.json.write_text(json.dumps(result, indent=2) + "\n")


if __name__ == "__main__":
    main()
