// Memory full-text signal, one Lucene query per query term over memory text and over context
// keys, each filtered to the scope inside its index by the scope tokens (the caller builds the
// queries from escaped user input). Per term and index it returns the hits' ids, raw scores
// and field lengths: the caller scores them with BM25 from the scope's own statistics (the
// term's document frequency counted here, up to $cap, and the scope's average length), so
// Lucene's index-wide IDF and average length, which other tenants' documents move, do not
// reach the ranking; the raw score only tells a real hit from a scope-only match.
// $queries: list<map{term, text, key}> (Lucene strings for fields text and key_text), $cap,
// $states, $before.
// Returns: term, field ('text' or 'key'), ids, scores, lengths (characters; the same order).
UNWIND $queries AS q
CALL (q) {
  CALL db.index.fulltext.queryNodes('memory_text', q.text, {limit: $cap})
  YIELD node, score
  WHERE node.lifecycle_state IN $states AND ($before IS NULL OR node.observed_at <= $before)
  RETURN 'text' AS field, collect(node.id) AS ids, collect(score) AS scores,
         collect(size(node.text)) AS lengths
  UNION ALL
  CALL db.index.fulltext.queryNodes('memory_key_text', q.key, {limit: $cap})
  YIELD node, score
  WHERE node.lifecycle_state IN $states AND ($before IS NULL OR node.observed_at <= $before)
  RETURN 'key' AS field, collect(node.id) AS ids, collect(score) AS scores,
         collect(size(node.key_text)) AS lengths
}
RETURN q.term AS term, field, ids, scores, lengths
