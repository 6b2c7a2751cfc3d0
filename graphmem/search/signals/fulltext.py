"""Full-text over memory text and context keys: Lucene finds each query term's hits, filtered
to the scope inside the indexes, and BM25 scores them from the scope's own statistics
(`search/scope_terms.py`), so other tenants' memories do not move this scope's ranking. Scores
are divided by the best one. A question's interrogatives and auxiliaries ("when did", "what
was") are left out (`scope_terms.lexical`); its names only add to what another word found
(`scope_terms.named`)."""

from __future__ import annotations

from graphmem.ports.search import SearchStore, TermQuery
from graphmem.search import lucene, scope_terms
from graphmem.search.candidates import Pool
from graphmem.search.context import SearchContext
from graphmem.settings import SearchSettings


def collect(store: SearchStore, ctx: SearchContext, pool: Pool, settings: SearchSettings) -> None:
    queries = _term_queries(ctx)
    if not queries:
        pool.status["fulltext"] = "off: the query has no words"
        return
    found = store.memory_fulltext(
        queries, ctx.fetch_states, ctx.before, scope_terms.TERM_HITS_CAP, ctx.scope_keys
    )
    stats = scope_terms.field_stats([found.totals])
    names = scope_terms.named(ctx.query) if settings.names_only_add else frozenset()
    minor = scope_terms.MINOR_WORDS | names
    queried = [q.term for q in queries]
    scored = scope_terms.scores(found.terms, stats, queried, minor, scope_terms.LIGHT_WORDS)
    top = sorted(scored.items(), key=lambda item: -item[1])[: ctx.per_signal_k]
    best = top[0][1] if top else 0.0
    for memory_id, score in top:
        pool.add("fulltext", memory_id, score / best if best > 0 else 0.0)
    pool.status["fulltext"] = f"ok ({len(top)} hits; {len(queries)} terms, scope statistics)"


def _term_queries(ctx: SearchContext) -> list[TermQuery]:
    out = []
    for word in scope_terms.query_terms(ctx.query):
        text = lucene.scoped_query("text", word, ctx.scope)
        key = lucene.scoped_query("key_text", word, ctx.scope)
        if text is not None and key is not None:
            out.append(TermQuery(term=word, text=text, key=key))
    return out
