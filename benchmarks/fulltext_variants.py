"""Full-text scoring variants on LoCoMo (the tuning behind `graphmem/search/scope_terms.py`).

Stores LoCoMo conversations once through the product's own add (as ``locomo.py --mode
product``) on a Neo4j of its own, then answers their questions once per variant of the
full-text scorer, swapped in-process. Every variant uses only the scope's statistics except
``lucene-ratio``, which divides Lucene's own scores (index-wide IDF and average length) by
each term's best. Tune on conversations 1–2 (``--skip 0 --count 2``); the held-out figures
come from ``tenant_isolation.py --skip 2 --targets 3``.

    PYTHONPATH=. .venv/bin/python benchmarks/fulltext_variants.py --skip 0 --count 2 \
        --json benchmarks/results/fulltext-variants-<date>.json

Data: LoCoMo-10 (Maharana et al., ACL 2024; CC BY-NC 4.0), read from ../shared/data/locomo.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from locomo import (
    DATASET,
    Failures,
    Stored,
    evaluate,
    graphmem_ranker,
    ingest,
    load_samples,
    load_stores,
)
from own_server import own_server

import graphmem.search.scope_terms as scope_terms
from graphmem import Memory, Settings
from graphmem.adapters.neo4j.driver import make_driver
from graphmem.ports.search import TermHits

Scorer = Callable[[list[TermHits], dict[str, scope_terms.FieldStats]], dict[str, float]]
TEXTS: dict[str, dict[str, str]] = {"text": {}, "key": {}}  # field -> memory id -> text
SCOPE_OF: dict[str, str] = {}  # memory id -> its scope (user id)
AVG_TOKENS: dict[tuple[str, str], float] = {}  # (scope, field) -> mean tokens in that field
WORD = re.compile(r"\w+")


def _stem(term: str) -> str:
    for suffix in ("ing", "ed", "es", "s"):
        if term.endswith(suffix) and len(term) - len(suffix) >= 3:
            return term[: -len(suffix)]
    return term


def _tf(term: str, text: str) -> int:
    stem = _stem(term)
    return max(1, sum(1 for w in WORD.findall(text.lower()) if w.startswith(stem)))


def make(
    count_tf: bool,
    norm: str,
    lucene_ratio: bool = False,
    per_best: bool = False,
    b: float = scope_terms.B,
) -> Scorer:
    """A scorer: term frequency counted or 1; length norm (BM25's ``b``) by characters, by
    tokens against the scope's mean, or none; Lucene's scores over the term's best; or each
    term's values over its best."""

    def scores(hits: list[TermHits], stats: dict[str, scope_terms.FieldStats]) -> dict[str, float]:
        fields: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
        for term in hits:
            rows = zip(term.ids, term.scores, term.lengths, strict=True)
            found = [(i, s, c) for i, s, c in rows if s > 0]
            if not found:
                continue
            field = stats[term.field]
            weight = scope_terms.scope_idf(len(found), field.docs)
            best_score = max(s for _, s, _ in found)
            values = {}
            for memory_id, score, chars in found:
                text = TEXTS[term.field].get(memory_id, "")
                tf = _tf(term.term, text) if count_tf else 1
                b_used, ratio = b, 1.0
                if lucene_ratio:
                    values[memory_id] = score / best_score
                    continue
                if norm == "chars":
                    ratio = chars / field.avg_chars if field.avg_chars else 1.0
                elif norm == "tokens":
                    avg = AVG_TOKENS.get((SCOPE_OF.get(memory_id, ""), term.field), 1.0)
                    ratio = len(WORD.findall(text)) / max(avg, 1.0)
                else:
                    b_used = 0.0
                k1 = scope_terms.K1
                values[memory_id] = tf * (k1 + 1) / (tf + k1 * (1 - b_used + b_used * ratio))
            top = max(values.values()) if per_best else 1.0
            for memory_id, value in values.items():
                fields[term.field][memory_id] += weight * value / top
        out: dict[str, float] = {}
        for per_id in fields.values():
            for memory_id, score in per_id.items():
                out[memory_id] = max(out.get(memory_id, 0.0), score)
        return out

    return scores


VARIANTS: dict[str, Scorer] = {
    "tf1-chars": make(False, "chars"),
    "lucene-ratio": make(False, "chars", lucene_ratio=True),
    "tf-chars": make(True, "chars"),
    "tf-tokens": make(True, "tokens"),
    "tf1-nonorm": make(False, "none"),
    "tf1-tokens": make(False, "tokens"),
    "tf-nonorm": make(True, "none"),
    "tf-chars-best": make(True, "chars", per_best=True),
    "tf1-chars-best (shipped)": make(False, "chars", per_best=True),
    "tf-tokens-best": make(True, "tokens", per_best=True),
    "tf1-tokens-best": make(False, "tokens", per_best=True),
    "tf1-nonorm-best": make(False, "none", per_best=True),
    "tf1-chars-best-b0.4": make(False, "chars", per_best=True, b=0.4),
    "tf1-tokens-best-b0.4": make(False, "tokens", per_best=True, b=0.4),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--skip", type=int, default=0)
    parser.add_argument("--count", type=int, default=2)
    parser.add_argument("--only", help="comma-separated variant names")
    parser.add_argument("--bolt-port", type=int, default=17817)
    parser.add_argument("--http-port", type=int, default=17818)
    parser.add_argument(
        "--store",
        type=Path,
        help="reuse the scopes `locomo.py --mode product --store FILE` kept (FILE.product) on "
        "the configured server (GRAPHMEM_NEO4J__*) instead of ingesting on a server of its own",
    )
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    samples = load_samples(DATASET, args.count, skip=args.skip)
    names = args.only.split(",") if args.only else list(VARIANTS)
    if args.store:
        kept = args.store.with_name(f"{args.store.name}.product")
        stores = load_stores(kept, "product", samples)
        results = _run(Settings(), samples, stores, names)
    else:
        with own_server("fulltext", args.bolt_port, args.http_port) as (settings, _):
            stores = []
            with Memory(settings) as memory:
                print("ingest", ingest(memory, samples, "product", "ft", stores), flush=True)
            results = _run(settings, samples, stores, names)
    if args.json:
        args.json.write_text(json.dumps(results, indent=1) + "\n")


def _run(settings: Settings, samples: list, stores: list[Stored], names: list[str]) -> dict:
    """Each variant's R@10 by category over ``stores`` (their texts loaded for the scorers)."""
    ids = [memory_id for stored in stores for memory_id in stored.texts]
    with make_driver(settings.neo4j) as driver:
        rows, _, _ = driver.execute_query(
            "MATCH (m:Memory) WHERE m.id IN $ids RETURN m.id AS id, m.text AS text, "
            "m.key_text AS key",
            ids=ids,
        )
    for row in rows:
        TEXTS["text"][row["id"]] = row["text"] or ""
        if row["key"]:
            TEXTS["key"][row["id"]] = row["key"]
    for stored in stores:
        for memory_id in stored.texts:
            SCOPE_OF[memory_id] = stored.user_id
        for field, texts in TEXTS.items():
            counts = [len(WORD.findall(texts[i])) for i in stored.texts if i in texts]
            AVG_TOKENS[(stored.user_id, field)] = sum(counts) / max(1, len(counts))
    results = {}
    for name in names:
        scope_terms.scores = VARIANTS[name]  # read by the full-text signal at each search
        failures = Failures()
        with Memory(settings) as memory:
            found = evaluate(graphmem_ranker(memory, None, failures), samples, stores)
        results[name] = found["recall"]["10"] | {"degraded": failures.degraded}
        print(name, json.dumps(results[name]), flush=True)
    return results


if __name__ == "__main__":
    main()
