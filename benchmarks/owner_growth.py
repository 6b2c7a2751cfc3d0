"""How an inferred add's cost grows with what its owner already holds (issue 11 "Ingest",
issue 14 §4/§6): the offline ingest benchmark measures owners that start empty, and the
latency benchmark's adds are ``infer=False`` (no lifecycle), so neither shows it.

For each ``--sizes`` value, a fresh owner is filled with that many ``infer=False`` memories
(LoCoMo turn texts of conversations 2–10, made unique by a suffix; 200 per add), then the
first ``--adds`` sessions of conversation 1 are added to it as ``benchmarks/locomo.py --mode
product`` adds them (``infer=True``, one add per session). Reported per size: messages/s over
those adds and the wall time of the lifecycle-candidate read (``memory/candidates_batch``,
inside each add's write transaction) per add. Runs against the configured Neo4j; each owner
is deleted afterwards. With ``--compare-exact`` each size also runs with every owner scanned
exactly (the read before ``lifecycle.exact_scan_max``), and each run keeps the transitions it
decided, to compare.

    PYTHONPATH=. .venv/bin/python benchmarks/owner_growth.py --sizes 0,1000,3000 \\
        --json benchmarks/results/owner-growth-x.json
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
import uuid
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from neo4j._sync.work.transaction import ManagedTransaction

sys.path.insert(0, str(Path(__file__).resolve().parent))

from locomo import DATASET, Stored, ingest_batch, load_samples, machine

from graphmem import Memory, Settings
from graphmem.adapters.neo4j.lifecycle_view import TxLifecycleView
from graphmem.cypher_catalog import query
from graphmem.domain.scope import Scope
from graphmem.domain.transitions import CandidateQuery, CandidateRead
from graphmem.lifecycle.guards import check_merge
from graphmem.search.lucene import scoped_query

WATCHED = "memory/candidates_batch"


class StatementClock:
    """Wall time of one named statement run inside managed transactions (its rows read)."""

    def __init__(self, name: str) -> None:
        self.text, self.seconds = query(name), list[float]()
        self._run = ManagedTransaction.run

    def __enter__(self) -> StatementClock:
        run, text, seconds = self._run, self.text, self.seconds

        def timed(tx: ManagedTransaction, cypher: Any, parameters: Any = None, **kw: Any) -> Any:
            start = time.perf_counter()
            result = run(tx, cypher, parameters, **kw)
            if cypher == text:
                rows = list(result)  # the statement's own work, not its caller's
                seconds.append(time.perf_counter() - start)
                return iter(rows)
            return result

        ManagedTransaction.run = timed  # type: ignore[method-assign]
        return self

    def __exit__(self, *_: object) -> None:
        ManagedTransaction.run = self._run  # type: ignore[method-assign]


def filler_texts(dataset: Path) -> list[str]:
    texts: list[str] = []
    for sample in json.loads(dataset.read_text())[1:]:
        conversation = sample["conversation"]
        for key in sorted(conversation):
            if key.startswith("session_") and isinstance(conversation[key], list):
                texts += [f"{t['text']} (#{len(texts)})" for t in conversation[key]]
    return texts


def one_size(memory: Memory, size: int, adds: int, filler: list[str]) -> dict[str, Any]:
    if size > len(filler):
        raise SystemExit(f"--sizes {size}: only {len(filler)} filler texts")
    user = f"bench-owner-growth-{uuid.uuid4().hex[:8]}"
    [sample] = load_samples(DATASET, 1)
    try:
        for start in range(0, size, 200):
            chunk = filler[start : min(size, start + 200)]
            memory.add([{"role": "user", "content": t} for t in chunk], user_id=user, infer=False)
        stored, messages = Stored(user_id=user), 0
        with StatementClock(WATCHED) as clock:
            began = time.perf_counter()
            for batch in sample.turns[:adds]:
                messages += len(batch.items)
                ingest_batch(memory, stored, sample.sample_id, batch, product=True)
            wall = time.perf_counter() - began
        return {
            "owner_holds": size,
            "adds": adds,
            "messages": messages,
            "messages_per_s": round(messages / wall, 1),
            "candidates_ms_per_add": [round(s * 1000, 1) for s in clock.seconds],
            "candidates_ms_median": round(statistics.median(clock.seconds) * 1000, 1),
            "candidates_share_of_wall": round(sum(clock.seconds) / wall, 3),
            "transitions": transitions(memory, user),
            **({"merge_recall": merge_recall(memory, user, filler[:size]) if size else {}}),
            "similar_read_ms": similar_read(memory, user, [t.text for t in sample.turns[0].items]),
        }
    finally:
        memory.delete_all(user_id=user)


def merge_recall(memory: Memory, user: str, held: list[str], probes: int = 50) -> dict[str, Any]:
    """Whether a large owner's narrowed read keeps the near-duplicates a merge needs: ``probes``
    held texts spread over the owner are added again (``infer=False``) with a clause appended,
    so each new text contains an old one; the merge-eligible candidates (``check_merge``) of the
    whole-owner scan are compared with those of the read narrowed by full-text matches."""
    step = max(1, len(held) // probes)
    texts = [f"{t}, and I still think about it on quiet evenings" for t in held[::step][:probes]]
    ids = [r.id for r in memory.add(texts, user_id=user, infer=False).results]
    lifecycle = memory.settings.lifecycle
    owner = Scope(user_id=user)
    queries = [
        CandidateQuery(new_id=i, query=scoped_query("text", t, owner.model_dump()))
        for i, t in zip(ids, texts, strict=True)
    ]

    def eligible(exact_scan_max: int) -> set[tuple[str, str]]:
        read = CandidateRead(
            queries=queries,
            k=lifecycle.similar_top_s,
            exclude=ids,
            exact_scan_max=exact_scan_max,
            fetch=lifecycle.text_fetch,
        )
        with memory.driver.session(database=memory.settings.neo4j.database) as session:
            found = session.execute_read(lambda tx: TxLifecycleView(tx).candidates_many(read))
        return {
            (new_id, row["id"])
            for (new_id, rows), text in zip(found.items(), texts, strict=True)
            for row in rows
            if check_merge(
                row["text"], text, row["cosine"], min_cosine=lifecycle.merge_min_cosine
            ).allowed
        }

    whole, narrowed = eligible(10**9), eligible(0)
    return {
        "probes": len(ids),
        "eligible_by_scan": len(whole),
        "also_found_narrowed": len(whole & narrowed),
        "recall": round(len(whole & narrowed) / len(whole), 3) if whole else None,
    }


def similar_read(memory: Memory, user: str, texts: list[str], runs: int = 5) -> dict[str, float]:
    """The LLM path's read of the memories it shows the model (``memory/similar_active_batch``)
    for one session's messages: median ms over ``runs``, scanning the owner and narrowed
    through the vector indexes (what ``lifecycle.exact_scan_max`` chooses between), and how
    many of the scan's memories the narrowed read keeps."""
    vectors = memory.embedder.embed(texts)
    scope, k = Scope(user_id=user), memory.settings.lifecycle.similar_top_s
    out: dict[str, float] = {}
    found: dict[str, list[set[str]]] = {}
    for name, scan in (("scan", None), ("indexes", 0)):
        seconds, rows = [], list[list[dict[str, Any]]]()
        for _ in range(runs):
            began = time.perf_counter()
            rows = memory.store.similar_active_many(scope, vectors, k, exact_scan_max=scan)
            seconds.append(time.perf_counter() - began)
        out[name] = round(statistics.median(seconds) * 1000, 1)
        found[name] = [{r["id"] for r in per_vector} for per_vector in rows]
    # the share of the scan's k nearest (per message) that the narrowed read also returns
    kept = [len(a & b) / len(a) for a, b in zip(found["scan"], found["indexes"], strict=True) if a]
    out["share_of_scan_kept"] = round(statistics.mean(kept), 3) if kept else 1.0
    return out


def transitions(memory: Memory, user: str) -> list[list[str]]:
    """Each lifecycle transition of the owner as [action, old text, new text], sorted: what
    two runs decided, comparable across stores (ids differ)."""
    rows = memory.driver.execute_query(
        "MATCH (o:Memory {user_id: $u})-[r:MERGED_INTO|SUPERSEDED_BY]->(n:Memory) "
        "RETURN type(r) AS action, o.text AS old, n.text AS new",
        u=user,
        database_=memory.settings.neo4j.database,
    ).records
    return sorted([r["action"], r["old"], r["new"]] for r in rows)


def variants(memory: Memory, compare_exact: bool) -> list[tuple[str, Memory]]:
    """The product's settings, and with ``compare_exact`` the same with every owner scanned
    exactly (sharing the driver and embedder)."""
    if not compare_exact:
        return [("default", memory)]
    lifecycle = memory.settings.lifecycle.model_copy(update={"exact_scan_max": 10**9})
    exact = Memory(
        memory.settings.model_copy(update={"lifecycle": lifecycle}),
        driver=memory.driver,
        embedder=memory.embedder,
    )
    return [("exact scan", exact), ("default", memory)]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sizes", default="0,1000,3000", help="memories the owner holds")
    parser.add_argument("--adds", type=int, default=3, help="sessions of conversation 1")
    parser.add_argument(
        "--compare-exact",
        action="store_true",
        help="also run each size with every owner scanned exactly (lifecycle.exact_scan_max)",
    )
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    report: dict[str, Any] = {
        "command": " ".join(["PYTHONPATH=. .venv/bin/python", *sys.argv]),
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": machine(),
        "watched_statement": WATCHED,
        "results": [],
    }
    filler = filler_texts(DATASET)
    with Memory(Settings()) as memory:
        report["embedder"] = memory.embedder.name
        runs = variants(memory, args.compare_exact)
        for _, used in runs:  # warm-up, not reported: the first plans and model runs
            one_size(used, 0, 1, filler)
        for size in (int(v) for v in args.sizes.split(",")):
            for name, used in runs:
                row = {"variant": name, **one_size(used, size, args.adds, filler)}
                report["results"].append(row)
                print(json.dumps({k: v for k, v in row.items() if k != "transitions"}), flush=True)
    report["machine"]["loadavg_end"] = list(os.getloadavg())
    if args.json:
        args.json.write_text(json.dumps(report, indent=2) + "\n")
        print(f"wrote {args.json}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
