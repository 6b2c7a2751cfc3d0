// Memory full-text signal, one Lucene query per query term over memory text and over context
// keys, each filtered to the scope inside its index by the scope tokens (the caller builds the
// queries from escaped user input). Per term and index it returns the hits' ids and raw scores:
// the caller divides a term's scores by its best one (so Lucene's index-wide IDF, which other
// tenants' documents move, cancels out) and weighs the term by its document frequency in the
// scope (the hits counted here, up to $cap).
// $queries: list<map{term, text, key}> (Lucene strings for fields text and key_text), $cap,
// $states, $before.
// Returns: term, field ('text' or 'key'), ids, scores (the same order).
UNWIND $queries AS q
CALL (q) {
  CALL db.index.fulltext.queryNodes('memory_text', q.text, {limit: $cap})
  YIELD node, score
  WHERE node.lifecycle_state IN $states AND ($before IS NULL OR node.observed_at <= $before)
  RETURN 'text' AS field, collect(node.id) AS ids, collect(score) AS scores
  UNION ALL
  CALL db.index.fulltext.queryNodes('memory_key_text', q.key, {limit: $cap})
  YIELD node, score
  WHERE node.lifecycle_state IN $states AND ($before IS NULL OR node.observed_at <= $before)
  RETURN 'key' AS field, collect(node.id) AS ids, collect(score) AS scores
}
RETURN q.term AS term, field, ids, scores
