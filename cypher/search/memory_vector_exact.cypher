// Memory vector signal, exact: cosine of every memory in the scopes (small scopes), the
// better of its own text's and its context key's embedding.
// $scope_keys: list<string>, $vector, $states: list<string>, $before (datetime or null), $k.
// Returns: id, score (raw cosine).
UNWIND $scope_keys AS key
MATCH (m:Memory {scope_key: key})
WHERE m.lifecycle_state IN $states AND ($before IS NULL OR m.observed_at <= $before)
WITH m, vector.similarity.cosine(m.embedding, $vector) AS own,
     coalesce(vector.similarity.cosine(m.key_embedding, $vector), 0.0) AS keyed
WITH m, CASE WHEN keyed > own THEN keyed ELSE own END AS similarity
ORDER BY similarity DESC
LIMIT $k
RETURN m.id AS id, similarity * 2 - 1 AS score
