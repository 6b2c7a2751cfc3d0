// Memories of the searched scopes observed inside any of the given time windows, ranked by
// exact cosine to the query: the candidates of a time-anchored query ("in May", "when I
// lived in Beijing"). Windows are half-open [start, end).
// $scope_keys: list<string>, $states: list<string>, $windows: list<map{start, end}>
//   (date-times), $before (datetime or null), $vector, $k. Returns one row, rows: a list of maps of id, score (raw cosine).
UNWIND $scope_keys AS key
MATCH (m:Memory {scope_key: key})
WHERE m.lifecycle_state IN $states AND ($before IS NULL OR m.observed_at <= $before)
  AND any(w IN $windows WHERE m.observed_at >= w.start AND m.observed_at < w.end)
WITH m, vector.similarity.cosine(coalesce(m.embedding, m.text_embedding), $vector) AS similarity
ORDER BY similarity DESC, m.id
LIMIT $k
RETURN collect({id: m.id, score: similarity * 2 - 1}) AS rows
