"""CPU time the configured embedder spends per text, on LoCoMo turns and on the context keys
graphmem builds from them (a turn with the two before it), in batches of 64.

Process CPU time, not wall time, so that a shared machine's load weighs less on the figure
(it still inflates it somewhat: caches and cores are shared). It bounds ingest from below:
an offline add embeds at least a turn's own text and its context key.

    PYTHONPATH=. .venv/bin/python benchmarks/embed_cpu.py --conversations 3 --json <file>

LoCoMo-10 (Maharana et al. 2024, snap-research/locomo, CC BY-NC 4.0) is read from a local
copy (``--data``), not stored here.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from locomo import DATASET

from graphmem import Settings
from graphmem.adapters.embeddings import make_embedder

BATCH = 64


def turns_of(data: Path, conversations: int) -> list[str]:
    """Every turn of the first ``conversations``, as "Speaker: text", in session order."""
    samples = json.loads(data.read_text(encoding="utf-8"))[:conversations]
    out: list[str] = []
    for sample in samples:
        talk = sample["conversation"]
        sessions = [k for k in talk if k.startswith("session_") and not k.endswith("date_time")]
        for key in sorted(sessions, key=lambda k: int(k.split("_")[1])):
            out.extend(f"{t['speaker']}: {t['text']}" for t in talk[key])
    return out


def cpu_ms_per_text(embed: Any, texts: Sequence[str]) -> float:
    start = time.process_time()
    for i in range(0, len(texts), BATCH):
        embed(list(texts[i : i + BATCH]))
    return 1000 * (time.process_time() - start) / len(texts)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", type=Path, default=DATASET)
    parser.add_argument("--conversations", type=int, default=3)
    parser.add_argument("--repeats", type=int, default=2)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    turns = turns_of(args.data, args.conversations)
    keys = [" ".join(turns[max(0, i - 2) : i + 1]) for i in range(len(turns))]
    embedder = make_embedder(Settings().embedder)
    embedder.embed(["warm up"])
    report: dict[str, Any] = {"embedder": embedder.name, "load_start": os.getloadavg()[0]}
    for name, texts in (("turn", turns), ("context key", keys)):
        runs = [cpu_ms_per_text(embedder.embed, texts) for _ in range(args.repeats)]
        report[name] = {
            "texts": len(texts),
            "mean_chars": round(statistics.fmean(map(len, texts))),
            "cpu_ms_per_text_runs": [round(r, 2) for r in runs],
            "cpu_ms_per_text_median": round(statistics.median(runs), 2),
        }
        print(name, report[name], flush=True)
    report["load_end"] = os.getloadavg()[0]
    if args.json:
        args.json.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
