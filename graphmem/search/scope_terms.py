"""Full-text scores from the scope's own term statistics.

Lucene weighs a term by its IDF over the whole index, i.e. over every tenant's memories, so
another user's data would change this user's ranking (issue 12, 3b; measured in
`benchmarks/tenant_isolation.py`). Each query term is therefore searched on its own: within
one term's hits the Lucene scores differ only by term frequency and length (the IDF is one
factor), so dividing by the term's best score leaves that part; the term is then weighted by
a BM25 IDF computed from its document frequency *in the scope* (its number of hits there).
A memory's score is the sum over terms, taken for its text and for its context key, the
better of the two.
"""

from __future__ import annotations

import math
from collections import defaultdict

from graphmem.ports.search import TermHits


def scope_idf(df: int, scope_size: int) -> float:
    """BM25's IDF (Lucene's form) for a term found in ``df`` of ``scope_size`` memories."""
    n = max(scope_size, df)
    return math.log(1.0 + (n - df + 0.5) / (df + 0.5))


def scores(hits: list[TermHits], scope_size: int) -> dict[str, float]:
    """Memory id -> its full-text score (unnormalised): per field, the sum over terms of the
    term's scope IDF times the hit's share of the term's best Lucene score; the better
    field wins."""
    fields: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    for term in hits:
        best = max(term.scores, default=0.0)
        if best <= 0.0:  # no hit, or a stop word that matched only the (unscored) scope
            continue
        weight = scope_idf(len(term.ids), scope_size)
        per_id = fields[term.field]
        for memory_id, score in zip(term.ids, term.scores, strict=True):
            per_id[memory_id] += weight * score / best
    out: dict[str, float] = {}
    for per_id in fields.values():
        for memory_id, score in per_id.items():
            out[memory_id] = max(out.get(memory_id, 0.0), score)
    return out
