"""Extraction quality of the NLP extractor over LoCoMo-10 (not a timed test).

Feeds each LoCoMo session as one extraction request (one message per turn, the speaker as
the message ``name``, the session date as the observation time, as an ``add`` would) and
reports: entities and triplets per turn (distribution), the time per message and the
share of it spent in spaCy's ``nlp.pipe``, a random sample of triplets with the turn each
came from, for judging by hand, and every fact of a third party (a source other than the
session's speakers, no ``*_of`` relation), for judging those.

Data: LoCoMo-10 (Maharana et al., "Evaluating Very Long-Term Conversational Memory of LLM
Agents", ACL 2024; snap-research/LoCoMo; CC BY-NC 4.0), read from ``../shared/data/locomo``
and never copied into this repository (the sample quotes single turns for judging).

Run: ``.venv/bin/python -m benchmarks.extraction_quality --out benchmarks/results/x.json``
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from graphmem.domain.extraction import ExtractionRequest, Message
from graphmem.extraction.nlp import NLPExtractor, load_pipeline

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "locomo" / "locomo10.json"


def sessions(path: Path) -> list[tuple[datetime, list[dict[str, Any]]]]:
    found = []
    for sample in json.loads(path.read_text()):
        conversation = sample["conversation"]
        for key, turns in conversation.items():
            if not key.startswith("session_") or key.endswith("date_time") or not turns:
                continue
            stamp = conversation[f"{key}_date_time"]
            observed = datetime.strptime(stamp, "%I:%M %p on %d %B, %Y").replace(tzinfo=UTC)
            found.append((observed, turns))
    return found


def distribution(values: list[int]) -> dict[str, Any]:
    counts = Counter(values)
    return {
        "mean": round(statistics.mean(values), 3),
        "median": statistics.median(values),
        "p90": sorted(values)[int(0.9 * (len(values) - 1))],
        "max": max(values),
        "zero_share": round(counts[0] / len(values), 3),
        "histogram": {str(k): counts[k] for k in sorted(counts)},
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--sample", type=int, default=100)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    extractor = NLPExtractor()
    nlp = load_pipeline()
    data = sessions(args.data)
    entities, triplets, pool, others = [], [], [], []
    extract_s = parse_s = 0.0
    turns_total = 0
    for observed, turns in data:
        messages = [Message(content=t["text"] or " ", name=t["speaker"]) for t in turns]
        start = time.perf_counter()
        list(nlp.pipe([m.content for m in messages], batch_size=extractor.batch_size))
        parse_s += time.perf_counter() - start
        start = time.perf_counter()
        extraction = extractor.extract(ExtractionRequest(messages=messages, observed_at=observed))
        extract_s += time.perf_counter() - start
        by_index = {m.source_index: m for m in extraction.memories}
        talkers = {t["speaker"] for t in turns}
        for index, turn in enumerate(turns):
            turns_total += 1
            memory = by_index.get(index)
            entities.append(len(memory.entities) if memory else 0)
            triplets.append(len(memory.triplets) if memory else 0)
            for t in memory.triplets if memory else []:
                found = {"dia_id": turn["dia_id"], "speaker": turn["speaker"],
                         "turn": turn["text"], "triplet": [t.source, t.predicate, t.target],
                         "fact": t.fact}  # fmt: skip
                pool.append(found)
                if t.source not in talkers and not t.predicate.endswith("_of"):
                    others.append(found)  # a fact of a third party (extraction/nlp/others.py)
    random.Random(args.seed).shuffle(pool)
    result = {
        "turns": turns_total,
        "sessions": len(data),
        "entities_per_turn": distribution(entities),
        "triplets_per_turn": distribution(triplets),
        "triplets_total": len(pool),
        "extract_ms_per_message": round(1000 * extract_s / turns_total, 3),
        "spacy_ms_per_message": round(1000 * parse_s / turns_total, 3),
        "spacy_share_of_extraction": round(parse_s / extract_s, 3),
        "sample_seed": args.seed,
        "sample": pool[: args.sample],
        "third_party_facts": others,
    }
    args.out.write_text(json.dumps(result, indent=1, ensure_ascii=False) + "\n")
    shown = {k: v for k, v in result.items() if k not in {"sample", "third_party_facts"}}
    print(json.dumps(shown | {"third_party_facts": len(others)}, indent=1))


if __name__ == "__main__":
    main()
