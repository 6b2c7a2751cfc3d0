"""Full-text (Lucene BM25) over memory text and context keys, filtered to the scope inside
the indexes. Raw Lucene scores are not comparable across queries: they are divided by the
best one. A question's interrogatives and auxiliaries ("when did", "what was") are left
out: they say what kind of answer is wanted, not what it is about, and the English
analyzer keeps them ("when I was a kid" would match "when did…")."""

from __future__ import annotations

from graphmem.ports.search import SearchStore
from graphmem.search import lucene
from graphmem.search.candidates import Pool
from graphmem.search.context import SearchContext
from graphmem.settings import SearchSettings

QUESTION_WORDS = frozenset(
    {"when", "what", "where", "who", "whom", "whose", "which", "why", "how", "did", "do",
     "does", "was", "were", "is", "are", "has", "have", "had", "will", "would", "can",
     "could", "should"}
)  # fmt: skip


def lexical(query: str) -> str:
    """The query's words without its question words (all of them when nothing else is left)."""
    words = lucene.terms(query)
    kept = [w for w in words if w not in QUESTION_WORDS]
    return " ".join(kept or words)


def collect(store: SearchStore, ctx: SearchContext, pool: Pool, settings: SearchSettings) -> None:
    text = lexical(ctx.query)
    query = lucene.scoped_query("text", text, ctx.scope)
    if query is None:
        pool.status["fulltext"] = "off: the query has no words"
        return
    key_query = lucene.scoped_query("key_text", text, ctx.scope) or query
    hits = store.memory_fulltext(query, key_query, ctx.fetch_states, ctx.before, ctx.per_signal_k)
    best = max(hits.values(), default=0.0)
    for memory_id, score in hits.items():
        pool.add("fulltext", memory_id, score / best if best > 0 else 0.0)
    pool.status["fulltext"] = f"ok ({len(hits)} hits)"
