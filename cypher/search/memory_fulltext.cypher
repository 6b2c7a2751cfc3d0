// Memory full-text signal, one Lucene query per query term over memory text and over context
// keys, each filtered to the scope inside its index by the scope tokens (the caller builds the
// queries from escaped user input). Per term and index it returns the hits' ids, raw scores
// and field lengths: the caller scores them with BM25 from the scope's own statistics (the
// term's document frequency counted here, up to $cap, and the scope's average length), so
// Lucene's index-wide IDF and average length, which other tenants' documents move, do not
// reach the ranking; the raw score only tells a real hit from a scope-only match.
// $queries: list<map{term, text, key}> (Lucene strings for fields text and key_text), $cap,
// $states, $before.
// Returns: term, field ('text' or 'key'), ids, scores, lengths (characters, 0 for a node
// without the field: a query term the analyzer drops matches the scope clause alone, and the
// key index also holds memories without a key; the same order).
UNWIND $queries AS q
CALL (q) {
  CALL db.index.fulltext.queryNodes('memory_text', q.text, {limit: $cap})
  YIELD node, score
  WHERE node.lifecycle_state IN $states AND ($before IS NULL OR node.observed_at <= $before)
  RETURN 'text' AS field, collect(node.id) AS ids, collect(score) AS scores,
         collect(coalesce(size(node.text), 0)) AS lengths
  UNION ALL
  CALL db.index.fulltext.queryNodes('memory_key_text', q.key, {limit: $cap})
  YIELD node, score
  WHERE node.lifecycle_state IN $states AND ($before IS NULL OR node.observed_at <= $before)
  RETURN 'key' AS field, collect(node.id) AS ids, collect(score) AS scores,
         collect(coalesce(size(node.key_text), 0)) AS lengths
}
RETURN q.term AS term, field, ids, scores, lengths
