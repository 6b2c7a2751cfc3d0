"""A vector-only proxy for context-key recall: is each turn's ``speaker: text`` line worth its
own embedding, or can its vector be made from vectors the add has anyway?

Every LoCoMo turn of the chosen conversations is embedded as said (its own text) and as its
line (``speaker: text``). Each turn's context key is composed the product's way
(``graphmem.domain.key_vectors.compose``: the two turns before it in its session, then its
own line, length-weighted, the own line twice) from one of these line vectors:

* ``embedded lines``: each line embedded (what an add does today: a second embedding per
  turn, about 4.8 ms of CPU on 2 cores, docs/benchmarks.md "CPU per message");
* ``composed a=W``: the turn's own text vector plus W times the speaker's name vector,
  normalised (the name is embedded once per speaker, the text already is);
* ``own text only``: the turn's own text vector (no speaker at all).

Each question (categories 1-5) ranks the turns by the better of two cosines, to the key and
to the own text (as the product's exact scan and gate do), and the evidence recall of the
top 10 is averaged per category. No Neo4j and no other signal: full-text, entities, the
speaker match and the gate are not in it, so its recall is far below the product's and only
the differences between rows mean anything.

A first filter only: on 2026-12-04 the composed line (W 0.5) gained 0.05 R@10 here and lost
0.010 through the product's own LoCoMo run (docs/benchmarks.md, "CPU per message").

    .venv/bin/python benchmarks/key_line_proxy.py --limit-samples 3 --weights 0.3,0.5,0.8 \\
        --json benchmarks/results/key-line-proxy-<date>-conv1-3.json
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from locomo import DATASET, Item, Sample, load_samples, machine, save

from graphmem import Settings
from graphmem.adapters.embeddings import make_embedder
from graphmem.domain.key_vectors import compose, line
from graphmem.ports.embedder import Embedder

CONTEXT_TURNS = 2  # IndexingSettings.context_turns' default
TOP = 10


def unit_rows(vectors: Sequence[Sequence[float]] | np.ndarray) -> np.ndarray:
    m = np.asarray(vectors, dtype=np.float64)
    return m / np.linalg.norm(m, axis=1, keepdims=True)


def keys(turns: list[tuple[int, Item]], lines: list[str], line_vectors: np.ndarray) -> np.ndarray:
    """Each turn's key vector: the turns before it in its session, then its own line."""
    out = []
    for i, (session, _) in enumerate(turns):
        before = [j for j in range(max(0, i - CONTEXT_TURNS), i) if turns[j][0] == session]
        parts = [*before, i]
        out.append(compose([lines[j] for j in parts], [list(line_vectors[j]) for j in parts]))
    return unit_rows(out)


def recall(
    sample: Sample, turns: list[tuple[int, Item]], scores: np.ndarray
) -> dict[int, list[float]]:
    by_category: dict[int, list[float]] = defaultdict(list)
    for qi, question in enumerate(sample.questions):
        top = np.argsort(-scores[qi])[:TOP]
        found = {dia for t in top for dia in turns[t][1].dia_ids}
        wanted = set(question.evidence)
        by_category[question.category].append(len(wanted & found) / len(wanted))
    return by_category


def variants(embedder: Embedder, turns: list[tuple[int, Item]], lines: list[str],
             own: np.ndarray, weights: Sequence[float]) -> dict[str, np.ndarray]:  # fmt: skip
    """The line vectors of each variant."""
    out = {"embedded lines": unit_rows(embedder.embed(lines))}
    speakers = sorted({item.speaker for _, item in turns})
    names = dict(zip(speakers, unit_rows(embedder.embed(speakers)), strict=True))
    spoken = np.array([names[item.speaker] for _, item in turns])
    for w in weights:
        out[f"composed a={w}"] = unit_rows(own + w * spoken)
    out["own text only"] = own
    return out


def run(samples: list[Sample], weights: Sequence[float]) -> dict[str, dict[int, list[float]]]:
    embedder = make_embedder(Settings().embedder)
    results: dict[str, dict[int, list[float]]] = defaultdict(lambda: defaultdict(list))
    for sample in samples:
        turns = [(b.session, item) for b in sample.turns for item in b.items]
        own = unit_rows(embedder.embed([item.content for _, item in turns]))
        questions = unit_rows(embedder.embed([q.text for q in sample.questions]))
        lines = [line(item.speaker, item.content) for _, item in turns]
        for name, line_vectors in variants(embedder, turns, lines, own, weights).items():
            key_vectors = keys(turns, lines, line_vectors)
            scores = np.maximum(questions @ key_vectors.T, questions @ own.T)
            for category, values in recall(sample, turns, scores).items():
                results[name][category].extend(values)
    return results


def summary(results: dict[str, dict[int, list[float]]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, by_category in results.items():
        every = [v for values in by_category.values() for v in values]
        out[name] = {
            "r@10 (1-5)": round(float(np.mean(every)), 4),
            **{
                f"r@10 cat {c}": round(float(np.mean(v)), 4) for c, v in sorted(by_category.items())
            },
        }
    return out


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--dataset", type=Path, default=DATASET)
    p.add_argument("--skip-samples", type=int, default=0)
    p.add_argument("--limit-samples", type=int, default=None)
    p.add_argument("--weights", default="0.3,0.5,0.8", help="speaker-name weights, comma-separated")
    p.add_argument("--json", type=Path)
    args = p.parse_args(argv)
    weights = [float(w) for w in args.weights.split(",") if w]
    samples = load_samples(args.dataset, args.limit_samples, skip=args.skip_samples)
    report = {
        "command": " ".join([".venv/bin/python", "benchmarks/key_line_proxy.py", *sys.argv[1:]]),
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": machine(),
        "samples": [s.sample_id for s in samples],
        "results": summary(run(samples, weights)),
    }
    for name, row in report["results"].items():
        print(f"{name:>18}: " + "  ".join(f"{k} {v:.3f}" for k, v in row.items()))
    if save(report, args.json):
        print(f"wrote {args.json}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
