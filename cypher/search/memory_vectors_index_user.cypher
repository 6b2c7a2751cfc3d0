// Memory vector signal through both vector indexes in one round trip: the memories' own
// embeddings and their context keys', each filtered inside its index to the user (so other
// scopes never fill the top-k), post-filtered to the exact scopes and states; a memory found
// by both keeps its better score.
// $user_id, $vector, $k (over-fetched by the caller, per index), $scope_keys, $states, $before.
// Returns one row, rows: a list of maps of id, score (raw cosine).
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
WITH m.id AS id, max(similarity) * 2 - 1 AS score
RETURN collect({id: id, score: score}) AS rows
