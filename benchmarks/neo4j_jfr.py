"""What Neo4j's Java threads execute over a window, from a JDK Flight Recorder recording of the
running server: run it beside a load.

    .venv/bin/python benchmarks/neo4j_jfr.py --pid <neo4j pid> --wait 120 --seconds 70 \\
        --json benchmarks/results/neo4j-jfr-<date>.json

It starts a recording with the ``profile`` settings through the ``jcmd`` of the JDK that runs
the server, reads its ``jdk.ExecutionSample`` events (stacks 80 frames deep) with ``jfr``, and
puts each sample in the first ``CATEGORIES`` entry whose pattern occurs in its thread name or
stack; it also counts the thread starts (Lucene starts a merge thread per merge) and the
exceptions thrown. Execution samples cover threads running Java code only: the JIT compiler,
GC, the kernel and native code are not in them (``neo4j_threads.py`` has the CPU per thread
kind, ``perf`` the kernel's share). Used for issue 14 §5 (docs/reliability.md).
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

#: (category, pattern in the thread name or a frame's class.method), first match wins
CATEGORIES = (
    ("lucene merge", "Lucene Merge Thread"),
    ("index sampling", "IndexSampling"),
    ("recorder", "jdk/jfr"),
    ("commit: Lucene refresh", "maybeRefreshBlocking"),
    ("commit: other", "TransactionCommitProcess"),
    ("commit: other", "KernelTransactionImplementation.commit"),
    ("cypher planning", "CypherPlanner"),
    ("cypher planning", "CompilationPhases"),
    ("cypher planning", "ExecutionEngine.getQuery"),
    ("uniqueness check", "validateNoExistingNodeWithExactValues"),
    ("vector search", "VectorIndex"),
    ("vector search", "KnnVectorQuery"),
    ("full-text search", "FulltextIndexReader"),
    ("full-text search", "lucene/search"),
    ("lucene write", "IndexWriter"),
    ("range index seek", "SeekCursor"),
    ("cypher execution", "cypher/internal/runtime"),
    ("cypher execution", "cypher/operations"),
    ("bolt network", "netty"),
    ("bolt protocol", "org/neo4j/bolt"),
    ("query router", "org/neo4j/router"),
)


def _jdk_tool(pid: int, name: str) -> str:
    """``jcmd`` / ``jfr`` of the JDK the process runs on (its ``java`` sits beside them)."""
    tool = Path(f"/proc/{pid}/exe").resolve().parent / name
    if not tool.exists():
        raise SystemExit(f"{tool} not found: the server's runtime has no {name} (a JRE?)")
    return str(tool)


def record(pid: int, seconds: float, out: Path) -> None:
    jcmd = _jdk_tool(pid, "jcmd")
    subprocess.run(
        [jcmd, str(pid), "JFR.start", "name=graphmem-bench", f"duration={int(seconds)}s",
         f"filename={out}", "settings=profile"],
        check=True, capture_output=True, text=True,
    )  # fmt: skip
    deadline = time.monotonic() + seconds + 60
    time.sleep(seconds + 2)
    while time.monotonic() < deadline:  # the file is complete once the recording stopped
        check = subprocess.run([jcmd, str(pid), "JFR.check"], capture_output=True, text=True)
        if "graphmem-bench" not in check.stdout and out.exists() and out.stat().st_size > 0:
            return
        time.sleep(1)
    raise SystemExit("the recording did not finish")


def events(pid: int, recording: Path, kind: str, depth: int) -> list[dict[str, Any]]:
    printed = subprocess.run(
        [_jdk_tool(pid, "jfr"), "print", "--json", "--stack-depth", str(depth),
         "--events", kind, str(recording)],
        check=True, capture_output=True, text=True,
    ).stdout  # fmt: skip
    return json.loads(printed)["recording"]["events"]


def _frames(event: dict[str, Any]) -> list[str]:
    stack = event["values"].get("stackTrace") or {"frames": []}
    return [f["method"]["type"]["name"] + "." + f["method"]["name"] for f in stack["frames"]]


def _thread(event: dict[str, Any], field: str) -> str:
    thread = event["values"].get(field) or {}
    return thread.get("javaName") or thread.get("osName") or "?"


def categorise(samples: list[dict[str, Any]]) -> dict[str, int]:
    counts: Counter[str] = Counter()
    for sample in samples:
        text = _thread(sample, "sampledThread") + " " + " ".join(_frames(sample))
        counts[next((name for name, pattern in CATEGORIES if pattern in text), "other")] += 1
    return dict(counts.most_common())


def _kind(name: str) -> str:
    return re.sub(r"(?<![A-Za-z])\d+", "N", name)


def summary(pid: int, recording: Path, seconds: float) -> dict[str, Any]:
    samples = events(pid, recording, "jdk.ExecutionSample", 80)
    started = events(pid, recording, "jdk.ThreadStart", 1)
    thrown = events(pid, recording, "jdk.JavaExceptionThrow", 1)
    by_thread = Counter(_kind(_thread(s, "sampledThread")) for s in samples)
    return {
        "seconds": seconds,
        "execution_samples": len(samples),
        "by_category": categorise(samples),
        "by_thread_kind": dict(by_thread.most_common(12)),
        "threads_started": dict(Counter(_kind(_thread(e, "thread")) for e in started)),
        "exceptions_thrown": dict(
            Counter(e["values"]["thrownClass"]["name"] for e in thrown).most_common(8)
        ),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description="what Neo4j's Java threads execute (JFR)")
    parser.add_argument("--pid", type=int, required=True, help="the Neo4j server's process")
    parser.add_argument("--wait", type=float, default=0.0, help="seconds before recording")
    parser.add_argument("--seconds", type=float, default=60.0, help="recording length")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    time.sleep(args.wait)
    with tempfile.TemporaryDirectory() as tmp:
        recording = Path(tmp) / "neo4j.jfr"
        record(args.pid, args.seconds, recording)
        report = summary(args.pid, recording, args.seconds)
    report["command"] = "benchmarks/neo4j_jfr.py " + " ".join(
        f"--{k} {v}" for k, v in vars(args).items() if v is not None and k != "pid"
    )
    report["date"] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    text = json.dumps(report, indent=1)
    print(text)
    if args.json:
        args.json.write_text(text + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
