// Memory vector signal over context keys through their vector index, filtered inside the
// index to the user, post-filtered to the exact scopes and states (as
// memory_vector_index_user does for the memories' own embeddings).
// $user_id, $vector, $k (over-fetched by the caller), $scope_keys, $states, $before.
// Returns: id, score (raw cosine).
CYPHER 25
MATCH (m:Memory)
  SEARCH m IN (VECTOR INDEX memory_key_embedding FOR $vector WHERE m.user_id = $user_id LIMIT $k)
  SCORE AS similarity
WITH m, similarity
WHERE m.scope_key IN $scope_keys AND m.lifecycle_state IN $states
  AND ($before IS NULL OR m.observed_at <= $before)
RETURN m.id AS id, similarity * 2 - 1 AS score
