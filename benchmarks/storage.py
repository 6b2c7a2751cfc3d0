"""Bytes on disk per memory, by component, on a fresh Neo4j of the benchmark's own.

Stores LoCoMo conversations through the product's own ``add`` (one add per session, the
speaker as the message name, the session date as ``timestamp``), in two modes: ``verbatim``
(``infer=False``: one memory per turn, with its context key) and ``extract`` (the offline NLP
extractor: entities, triplets, lifecycle). Then it stops the server (so every page is on disk)
and reports ``du -b`` of the store and its parts, divided by the memories stored, with the
node and relationship counts behind them. A store of the same schema with nothing in it is
measured the same way first, and the growth over it (``marginal``) is reported per memory
too: a fresh store's files have fixed minimum sizes (every range index alone is a few pages),
which a store of a few hundred memories would otherwise spread over each of them.

    .venv/bin/python benchmarks/storage.py --conversations 2 --json <results file>

Data: LoCoMo-10 (Maharana et al., ACL 2024; CC BY-NC 4.0), read from ../shared/data/locomo.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from locomo import DATASET, load_samples
from own_server import own_server, remove

from graphmem import Memory, Settings

COUNTS = {
    "memories": "MATCH (m:Memory) RETURN count(m) AS n",
    "history_events": "MATCH (e:MemoryEvent) RETURN count(e) AS n",
    "entities": "MATCH (e:Entity) RETURN count(e) AS n",
    "triplets": "MATCH ()-[r:RELATES_TO]->() RETURN count(r) AS n",
    "context_keys": "MATCH (m:Memory) WHERE m.key_embedding IS NOT NULL RETURN count(m) AS n",
    "nodes": "MATCH (n) RETURN count(n) AS n",
    "relationships": "MATCH ()-[r]->() RETURN count(r) AS n",
}

#: component -> how its files are recognised under data/databases/neo4j
PARTS = {
    "property arrays (vectors, lists)": lambda p: p.name == "neostore.propertystore.db.arrays",
    "property strings (texts)": lambda p: p.name == "neostore.propertystore.db.strings",
    "other record stores": lambda p: (
        p.name.startswith("neostore")
        and p.name not in ("neostore.propertystore.db.arrays", "neostore.propertystore.db.strings")
    ),
    "vector indexes": lambda p: "/schema/index/vector" in str(p),
    "range indexes": lambda p: "/schema/index/range" in str(p),
    "full-text indexes": lambda p: "/schema/index/fulltext" in str(p),
    "token lookup indexes": lambda p: "/schema/index/token" in str(p),
}


def du(root: Path) -> dict[str, int]:
    files = [p for p in root.rglob("*") if p.is_file()]
    out = {"total": sum(p.stat().st_size for p in files)}
    for part, match in PARTS.items():
        out[part] = sum(p.stat().st_size for p in files if match(p))
    return out


def empty_store(args: argparse.Namespace) -> dict[str, int]:
    """Bytes of a migrated store with nothing in it (schema and indexes only)."""
    with own_server("storage-empty", args.bolt_port, args.http_port, keep=True) as (_, home):
        pass
    sizes = du(home / "data" / "databases" / "neo4j")
    remove(home)
    return sizes


def run_mode(mode: str, args: argparse.Namespace, empty: dict[str, int]) -> dict[str, Any]:
    with own_server(f"storage-{mode}", args.bolt_port, args.http_port, keep=True) as (
        settings,
        home,
    ):
        report = _fill(settings, mode, args)
    sizes = du(home / "data" / "databases" / "neo4j")  # the server stopped: pages on disk
    remove(home)
    memories = max(report["counts"]["memories"], 1)
    report["bytes"] = sizes
    report["kb_per_memory"] = {k: round(v / memories / 1024, 2) for k, v in sizes.items()}
    report["kb_per_memory_marginal"] = {
        k: round((v - empty[k]) / memories / 1024, 2) for k, v in sizes.items()
    }
    return report


def _fill(settings: Settings, mode: str, args: argparse.Namespace) -> dict[str, Any]:
    messages, start = 0, time.perf_counter()
    with Memory(settings) as memory:
        for sample in load_samples(args.data, args.conversations):
            for batch in sample.turns:
                memory.add(
                    [
                        {"role": "user", "name": i.speaker, "content": i.content}
                        for i in batch.items
                    ],
                    user_id=sample.sample_id,
                    timestamp=batch.timestamp,
                    infer=mode == "extract",
                )
                messages += len(batch.items)
        seconds = time.perf_counter() - start
        counts = {k: memory.driver.execute_query(q).records[0]["n"] for k, q in COUNTS.items()}
    return {"mode": mode, "messages": messages, "seconds": round(seconds, 1), "counts": counts}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DATASET)
    parser.add_argument("--conversations", type=int, default=2)
    parser.add_argument("--modes", default="verbatim,extract")
    parser.add_argument("--bolt-port", type=int, default=17787)
    parser.add_argument("--http-port", type=int, default=17788)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    started = os.getloadavg()[0]
    empty = empty_store(args)
    reports = [run_mode(mode, args, empty) for mode in args.modes.split(",")]
    result = {
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores",
        "load_avg_start_end": [round(started, 2), round(os.getloadavg()[0], 2)],
        "conversations": args.conversations,
        "empty_store_bytes": empty,
        "reports": reports,
    }
    for r in reports:
        print(
            f"\n{r['mode']}: {r['counts']['memories']} memories from {r['messages']} "
            f"messages in {r['seconds']} s; counts {r['counts']}"
        )
        for part, kb in r["kb_per_memory"].items():
            marginal = r["kb_per_memory_marginal"][part]
            print(f"  {part:34s} {kb:8.2f} KB per memory, {marginal:8.2f} over the empty store")
    if args.json:
        args.json.write_text(json.dumps(result, indent=2) + "\n")


if __name__ == "__main__":
    main()
