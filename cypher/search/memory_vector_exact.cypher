// Memory vector signal, exact: cosine of every memory in the scopes (small scopes, and every
// filtered search), the better of its own text's and its context key's embedding.
// $scope_keys: list<string>, $vector, $states: list<string>, $before (datetime or null), $k.
// Returns one row, rows: a list of maps of id, score (raw cosine). Only memories passing the search's filter are scored
// (the gate's predicate, gate.cypher), so the k best are the k best that can pass the gate.
// $filter: map{meta: list<list<string>> (every group must share a term with m.metadata_terms),
//   observed_gte, observed_lt, event_gte, event_lt (date-times or null)} (domain/filters.py).
UNWIND $scope_keys AS key
MATCH (m:Memory {scope_key: key})
WHERE m.lifecycle_state IN $states AND ($before IS NULL OR m.observed_at <= $before)
  AND all(g IN $filter.meta WHERE any(t IN g WHERE t IN m.metadata_terms))
  AND ($filter.observed_gte IS NULL OR m.observed_at >= $filter.observed_gte)
  AND ($filter.observed_lt IS NULL OR m.observed_at < $filter.observed_lt)
  AND ($filter.event_gte IS NULL OR m.event_date >= $filter.event_gte)
  AND ($filter.event_lt IS NULL OR m.event_date < $filter.event_lt)
WITH m, vector.similarity.cosine(coalesce(m.embedding, m.text_embedding), $vector) AS own,
     coalesce(vector.similarity.cosine(m.key_embedding, $vector), 0.0) AS keyed
WITH m, CASE WHEN keyed > own THEN keyed ELSE own END AS similarity
ORDER BY similarity DESC
LIMIT $k
RETURN collect({id: m.id, score: similarity * 2 - 1}) AS rows
