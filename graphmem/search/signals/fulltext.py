"""Full-text (Lucene BM25) over memory text and context keys, filtered to the scope inside
the indexes. Raw Lucene scores are not comparable across queries: they are divided by the
best one."""

from __future__ import annotations

from graphmem.ports.search import SearchStore
from graphmem.search import lucene
from graphmem.search.candidates import Pool
from graphmem.search.context import SearchContext
from graphmem.settings import SearchSettings


def collect(store: SearchStore, ctx: SearchContext, pool: Pool, settings: SearchSettings) -> None:
    query = lucene.scoped_query("text", ctx.query, ctx.scope)
    if query is None:
        pool.status["fulltext"] = "off: the query has no words"
        return
    key_query = lucene.scoped_query("key_text", ctx.query, ctx.scope) or query
    hits = store.memory_fulltext(query, key_query, ctx.fetch_states, ctx.before, ctx.per_signal_k)
    best = max(hits.values(), default=0.0)
    for memory_id, score in hits.items():
        pool.add("fulltext", memory_id, score / best if best > 0 else 0.0)
    pool.status["fulltext"] = f"ok ({len(hits)} hits)"
