// Memory full-text signal: Lucene over memory text and over context keys, each filtered to
// the scope inside its index by the scope tokens (the caller builds both queries from
// escaped user input); a memory found by both keeps its better raw score.
// $lucene (field text), $key_lucene (field key_text), $k, $states, $before.
// Returns: id, score (raw Lucene score).
CALL () {
  CALL db.index.fulltext.queryNodes('memory_text', $lucene, {limit: $k})
  YIELD node, score
  RETURN node, score
  UNION ALL
  CALL db.index.fulltext.queryNodes('memory_key_text', $key_lucene, {limit: $k})
  YIELD node, score
  RETURN node, score
}
WITH node, max(score) AS score
WHERE node.lifecycle_state IN $states AND ($before IS NULL OR node.observed_at <= $before)
RETURN node.id AS id, score
ORDER BY score DESC
LIMIT $k
