// The semantic gate: exact cosine of every candidate to the query, with what ranking needs:
// the memory (its MemoryRecord fields and access_count, named one by one: `m {.*}` also read
// its vectors, 1.5 KB each, only to drop them; tests/test_memory_projection.py keeps the list
// whole) and when its replacement, if any, was observed (or, for a change told for a later
// date, when it takes effect: the edge's valid_from).
// Date-times come back as ISO-8601 strings: hydrating driver DateTime objects cost ~0.1 ms
// each, three times per candidate, which was most of this query's time (docs/benchmarks.md).
// The cosine is the better of the memory's own text's embedding (`embedding`, or
// `text_embedding` on a memory with a context key) and its context key's.
// $ids: list<string>, $vector. Returns one row, rows: a list of maps of memory (map, date-times as strings), cosine (raw),
// replaced_at (string or null). Only memories of the searched scopes ($scope_keys) pass: graph
// signals run over the owner's whole graph, so a run or agent filter is applied here.
// $scope_keys: list<string>.
// Role resolution: $resolved (the resolved query's vector, or null) is read against the
// memories listed in $about (those about a resolved person), in the same round trip:
// resolved_cosine (raw; null for the others, or without $resolved).
// $filter: map{meta: list<list<string>> (every group must share a term with m.metadata_terms),
//   observed_gte, observed_lt, event_gte, event_lt (date-times or null)} (domain/filters.py).
UNWIND $ids AS id
MATCH (m:Memory {id: id})
WHERE m.scope_key IN $scope_keys
  AND all(g IN $filter.meta WHERE any(t IN g WHERE t IN m.metadata_terms))
  AND ($filter.observed_gte IS NULL OR m.observed_at >= $filter.observed_gte)
  AND ($filter.observed_lt IS NULL OR m.observed_at < $filter.observed_lt)
  AND ($filter.event_gte IS NULL OR m.event_date >= $filter.event_gte)
  AND ($filter.event_lt IS NULL OR m.event_date < $filter.event_lt)
OPTIONAL MATCH (m)-[e:SUPERSEDED_BY|MERGED_INTO]->(r:Memory)
WITH m, r, CASE WHEN e.valid_from > r.observed_at THEN e.valid_from ELSE r.observed_at END AS replaced,
     vector.similarity.cosine(coalesce(m.embedding, m.text_embedding), $vector) AS own,
     coalesce(vector.similarity.cosine(m.key_embedding, $vector), 0.0) AS keyed
WITH m, replaced, own, keyed,
     CASE WHEN $resolved IS NOT NULL AND m.id IN $about
          THEN [vector.similarity.cosine(coalesce(m.embedding, m.text_embedding), $resolved),
                coalesce(vector.similarity.cosine(m.key_embedding, $resolved), 0.0)]
     END AS again
RETURN collect({
  memory: m {.id, .text, .hash, .user_id, .agent_id, .run_id, .actor, .role, .metadata,
             .lifecycle_state, .replacement_memory_id, .immutable, .exclude_from_dream, .synthesized,
             .key_text, .access_count,
             created_at: toString(m.created_at), updated_at: toString(m.updated_at),
             observed_at: toString(m.observed_at), event_date: toString(m.event_date),
             last_accessed_at: toString(m.last_accessed_at),
             linked_memory_ids: coalesce(m.key_source_ids, [])
                                + [(m)-[:LINKED_TO]->(o:Memory) | o.id]},
  cosine: (CASE WHEN keyed > own THEN keyed ELSE own END) * 2 - 1,
  replaced_at: toString(replaced),
  resolved_cosine: (CASE WHEN again[1] > again[0] THEN again[1] ELSE again[0] END) * 2 - 1
}) AS rows
