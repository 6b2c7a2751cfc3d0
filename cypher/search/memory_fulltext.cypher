// Memory full-text signal: Lucene over memory text, filtered to the scope inside the index
// by its scope tokens (the caller builds $lucene from escaped user input).
// $lucene, $k, $states, $before. Returns: id, score (raw Lucene score).
CALL db.index.fulltext.queryNodes('memory_text', $lucene, {limit: $k})
YIELD node, score
WHERE node.lifecycle_state IN $states AND ($before IS NULL OR node.observed_at <= $before)
RETURN node.id AS id, score
