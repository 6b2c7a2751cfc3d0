"""Neo4j CPU per commit, by the indexes a commit touches and by how many writes share it.

    PYTHONPATH=. .venv/bin/python benchmarks/commit_cost.py --prefill 5000 \\
        --json benchmarks/results/commit-cost-x.json

On a fresh Neo4j of its own (graphmem's schema: four full-text and four vector indexes),
pre-filled with ``--prefill`` memory-like nodes, it writes ``--writes`` nodes per case with
raw Cypher and reports the server's CPU (``/proc/<pid>/stat``) per commit and per node:

- one node per commit, touching no index, one full-text index, one vector index, or an entity
  (its full-text and vector index);
- memory-like nodes (text, vector, context key and key vector, one new entity each: six of
  the eight indexes) written 1, 2, 4 and 8 per commit: what group commit
  (``graphmem/adapters/neo4j/group_commit.py``) saves when adds overlap.

Cases alternate for ``--rounds`` rounds; the medians are reported.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import uuid
from collections import defaultdict
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from locomo import machine
from own_server import own_server

from graphmem.adapters.neo4j.driver import make_driver

ONE = "UNWIND $rows AS r CREATE (m:Memory {id: r.id, user_id: $u, lifecycle_state: 'active'"
CASES = {
    "no index": ONE + "})",
    "memory full-text": ONE + ", text: r.text})",
    "memory vector": ONE + ", embedding: r.v})",
    "entity (full-text + vector)": (
        "UNWIND $rows AS r CREATE (:Entity {key: r.ek, name: r.ek, user_id: $u, embedding: r.v})"
    ),
}
MEMORY_LIKE = (
    ONE + ", text: r.text, embedding: r.v, key_text: r.text, key_embedding: r.v})"
    " CREATE (e:Entity {key: r.ek, name: r.ek, user_id: $u, embedding: r.v})"
    " CREATE (m)-[:MENTIONS]->(e)"
)
GROUPS = (1, 2, 4, 8)


class Writer:
    def __init__(self, driver: Any, pid: int, seed: int) -> None:
        self.driver, self.pid = driver, pid
        self.rng = np.random.default_rng(seed)

    def cpu_s(self) -> float:
        with open(f"/proc/{self.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def rows(self, n: int) -> list[dict[str, Any]]:
        vectors = self.rng.standard_normal((n, 384)).astype(np.float32)
        vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
        return [
            {
                "id": str(uuid.uuid4()),
                "text": f"a note about the harbour {uuid.uuid4().hex[:8]}",
                "v": v.tolist(),
                "ek": f"entity-{uuid.uuid4().hex[:12]}",
            }
            for v in vectors
        ]

    def write(self, query: str, writes: int, per_commit: int) -> tuple[float, int]:
        """Neo4j CPU seconds for ``writes`` nodes, ``per_commit`` per transaction."""
        batches = [self.rows(per_commit) for _ in range(writes // per_commit)]
        user = f"bench-{uuid.uuid4().hex[:8]}"
        before = self.cpu_s()
        with self.driver.session() as session:
            for rows in batches:
                session.execute_write(lambda tx, r=rows: tx.run(query, rows=r, u=user).consume())
        return self.cpu_s() - before, len(batches)


def run(args: argparse.Namespace) -> dict[str, Any]:
    report: dict[str, Any] = {"machine": machine()}
    samples: dict[str, list[float]] = defaultdict(list)
    with own_server("commit-cost", args.bolt_port, args.http_port) as (settings, home):
        pid = int(next((home / "run").glob("*.pid")).read_text())
        with make_driver(settings.neo4j) as driver:
            w = Writer(driver, pid, seed=7)
            for _ in range(args.prefill // 500):
                w.write(MEMORY_LIKE, 500, 500)
            for query in CASES.values():  # warm-up: JIT and plan cache
                w.write(query, 50, 1)
            for rnd in range(args.rounds):
                for name, query in CASES.items():
                    cpu, commits = w.write(query, args.writes, 1)
                    samples[f"{name}, 1 per commit"].append(cpu / commits * 1000)
                for group in GROUPS if rnd % 2 == 0 else tuple(reversed(GROUPS)):
                    cpu, commits = w.write(MEMORY_LIKE, args.writes, group)
                    samples[f"memory-like, {group} per commit"].append(
                        cpu / (commits * group) * 1000
                    )
    report["neo4j_cpu_ms_median"] = {k: round(statistics.median(v), 2) for k, v in samples.items()}
    report["samples"] = {k: [round(x, 2) for x in v] for k, v in samples.items()}
    report["note"] = "one-per-commit cases: ms per commit; memory-like cases: ms per node written"
    report["machine"]["loadavg_end"] = list(os.getloadavg())
    return report


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--prefill", type=int, default=5000, help="memory-like nodes before timing")
    p.add_argument("--writes", type=int, default=200, help="nodes per case and round")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--bolt-port", type=int, default=21887)
    p.add_argument("--http-port", type=int, default=21888)
    p.add_argument("--json", type=Path)
    args = p.parse_args()
    report = run(args)
    report["command"] = "benchmarks/commit_cost.py " + " ".join(sys.argv[1:])
    report["date"] = datetime.now(UTC).isoformat(timespec="seconds")
    text = json.dumps(report, indent=1)
    print(text)
    if args.json:
        args.json.write_text(text + "\n")


if __name__ == "__main__":
    main()
