// Memory vector signal, exact: cosine of every memory in the scopes (small scopes).
// $scope_keys: list<string>, $vector, $states: list<string>, $before (datetime or null), $k.
// Returns: id, score (raw cosine).
UNWIND $scope_keys AS key
MATCH (m:Memory {scope_key: key})
WHERE m.lifecycle_state IN $states AND ($before IS NULL OR m.observed_at <= $before)
WITH m, vector.similarity.cosine(m.embedding, $vector) AS similarity
ORDER BY similarity DESC
LIMIT $k
RETURN m.id AS id, similarity * 2 - 1 AS score
