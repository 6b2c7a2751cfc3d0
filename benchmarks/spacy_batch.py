"""spaCy's cost per short message, parsed alone or in a batch of 2, 4 or 8: what sharing one
parse call between concurrent adds saves (graphmem/extraction/nlp/shared_parse.py).

    PYTHONPATH=. .venv/bin/python benchmarks/spacy_batch.py --json benchmarks/results/x.json

One thread, the English pipeline graphmem loads, 400 one-sentence messages per case, cases
alternated for ``--rounds`` rounds; medians of the rounds in ms per message.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

from graphmem.extraction.nlp.pipeline import load_pipeline

SIZES = (1, 2, 4, 8)


def per_message_ms(texts: list[str], size: int) -> float:
    nlp = load_pipeline()
    start = time.perf_counter()
    for i in range(0, len(texts), size):
        list(nlp.pipe(texts[i : i + size], batch_size=64))
    return (time.perf_counter() - start) / len(texts) * 1000


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--json", type=Path)
    args = p.parse_args()
    texts = [f"Alice likes pizza with Bob in Paris (note {i})." for i in range(400)]
    list(load_pipeline().pipe(texts[:50]))  # warm-up
    samples: dict[str, list[float]] = {str(s): [] for s in SIZES}
    for rnd in range(args.rounds):
        for size in SIZES if rnd % 2 == 0 else tuple(reversed(SIZES)):
            samples[str(size)].append(per_message_ms(texts, size))
    report = {
        "command": "benchmarks/spacy_batch.py " + " ".join(sys.argv[1:]),
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "loadavg": list(os.getloadavg()),
        "ms_per_message_median_by_batch": {
            k: round(statistics.median(v), 2) for k, v in samples.items()
        },
        "samples": {k: [round(x, 2) for x in v] for k, v in samples.items()},
    }
    text = json.dumps(report, indent=1)
    print(text)
    if args.json:
        args.json.write_text(text + "\n")


if __name__ == "__main__":
    main()
