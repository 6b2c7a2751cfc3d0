"""Neo4j's CPU by thread kind over a window, from ``/proc`` (Linux): run it beside a load.

    .venv/bin/python benchmarks/neo4j_threads.py --pid <neo4j pid> --wait 60 --window 120 \\
        --json benchmarks/results/neo4j-threads-<date>.json

Threads are grouped by kind with ``statement_profile.thread_cpu`` (their name without its
trailing number), so the result says which kind of thread used the CPU: Bolt workers
(statements, commits), the JIT compiler, garbage collection, the page cache. The result of
2026-12-03 was written by a first version that removed every digit from the names
("neoj.BoltWorke" for "neo4j.BoltWorke", "C CompilerThre" for "C2 CompilerThre").
Used for issue 14 §5 (docs/reliability.md).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.statement_profile import thread_cpu


def window(pid: int, wait: float, length: float) -> dict[str, object]:
    time.sleep(wait)
    before, start = thread_cpu(pid), time.monotonic()
    time.sleep(length)
    after, took = thread_cpu(pid), time.monotonic() - start
    used = {k: after[k] - before.get(k, 0.0) for k in after}
    kinds = {k: round(v, 2) for k, v in sorted(used.items(), key=lambda kv: -kv[1]) if v > 0.05}
    total = sum(used.values())
    return {"window_s": round(took, 1), "cpu_s": round(total, 2), "cores": round(total / took, 2),
            "by_kind_s": kinds}  # fmt: skip


def main() -> int:
    parser = argparse.ArgumentParser(description="Neo4j CPU by thread kind over a window")
    parser.add_argument("--pid", type=int, required=True, help="the Neo4j server's process id")
    parser.add_argument("--wait", type=float, default=0.0, help="seconds before the window")
    parser.add_argument("--window", type=float, default=60.0, help="seconds measured")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    report = {"pid": args.pid, **window(args.pid, args.wait, args.window)}
    print(json.dumps(report, indent=1))
    if args.json:
        args.json.write_text(json.dumps(report, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
