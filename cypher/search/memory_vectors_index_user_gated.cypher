// The memory vector signal through both vector indexes (memory_vectors_index_user.cypher),
// with the semantic gate (gate.cypher) of its best $top hits read in the same round trip: the
// vector signal usually answers last, so a gate read after it was a round trip on every
// search's critical path. The gate part must stay the same as gate.cypher's (without a
// resolved query, which a search gating early never has): tests/test_gated_vector.py compares
// the two on the real server.
// $user_id, $vector, $k (over-fetched by the caller, per index), $scope_keys, $states, $before,
// $top (how many of the best hits to gate), $filter (as in gate.cypher; the index path runs
// only unfiltered searches, so it passes every memory).
// Returns one row: rows, a list of maps of id, score (raw cosine), as
// memory_vectors_index_user; gated, the ids gated (the best $top hits); gate_rows, their
// gate rows (those that pass), as gate.cypher's rows.
CYPHER 25
CALL () {
  MATCH (m:Memory)
    SEARCH m IN (VECTOR INDEX memory_embedding FOR $vector WHERE m.user_id = $user_id LIMIT $k)
    SCORE AS similarity
  RETURN m, similarity
  UNION ALL
  MATCH (m:Memory)
    SEARCH m IN (VECTOR INDEX memory_key_embedding FOR $vector WHERE m.user_id = $user_id LIMIT $k)
    SCORE AS similarity
  RETURN m, similarity
}
WITH m, similarity
WHERE m.scope_key IN $scope_keys AND m.lifecycle_state IN $states
  AND ($before IS NULL OR m.observed_at <= $before)
WITH m, max(similarity) * 2 - 1 AS score
ORDER BY score DESC, m.id
WITH collect({node: m, score: score}) AS found
CALL (found) {
  UNWIND found[..$top] AS hit
  WITH hit.node AS m
  WHERE all(g IN $filter.meta WHERE any(t IN g WHERE t IN m.metadata_terms))
    AND ($filter.observed_gte IS NULL OR m.observed_at >= $filter.observed_gte)
    AND ($filter.observed_lt IS NULL OR m.observed_at < $filter.observed_lt)
    AND ($filter.event_gte IS NULL OR m.event_date >= $filter.event_gte)
    AND ($filter.event_lt IS NULL OR m.event_date < $filter.event_lt)
  OPTIONAL MATCH (m)-[:SUPERSEDED_BY|MERGED_INTO]->(r:Memory)
  WITH m, r, vector.similarity.cosine(m.embedding, $vector) AS own,
       coalesce(vector.similarity.cosine(m.key_embedding, $vector), 0.0) AS keyed
  RETURN collect({
    memory: m {.*, embedding: null, key_embedding: null,
               created_at: toString(m.created_at), updated_at: toString(m.updated_at),
               observed_at: toString(m.observed_at), event_date: toString(m.event_date),
               last_accessed_at: toString(m.last_accessed_at),
               linked_memory_ids: coalesce(m.key_source_ids, [])
                                  + [(m)-[:LINKED_TO]->(o:Memory) | o.id]},
    cosine: (CASE WHEN keyed > own THEN keyed ELSE own END) * 2 - 1,
    replaced_at: toString(r.observed_at),
    resolved_cosine: null
  }) AS gate_rows
}
RETURN [hit IN found | {id: hit.node.id, score: hit.score}] AS rows,
       [hit IN found[..$top] | hit.node.id] AS gated, gate_rows
