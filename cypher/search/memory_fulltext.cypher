// Memory full-text signal, one Lucene query per query term over memory text and over context
// keys, each filtered to the scope inside its index by the scope tokens (the caller builds the
// queries from escaped user input). Per term and index it returns the hits' ids, raw scores
// and field lengths: the caller scores them with BM25 from the scope's own statistics (the
// term's document frequency counted here, up to $cap, and the scope's average length), so
// Lucene's index-wide IDF and average length, which other tenants' documents move, do not
// reach the ranking; the raw score only tells a real hit from a scope-only match.
// The scope's totals (its memories in $states over the exact scopes $scope_keys, the
// characters of their texts and of their context keys) are read in the same round trip, and
// only when some term has a real hit (otherwise they are 0: nothing is scored).
// $queries: list<map{term, text, key}> (Lucene strings for fields text and key_text), $cap,
// $states, $before, $scope_keys: list<string>.
// Returns one row: terms (list of map{term, field ('text' or 'key'), ids, scores, lengths
// (characters, 0 for a node without the field: a query term the analyzer drops matches the
// scope clause alone, and the key index also holds memories without a key; the same order)}),
// memories, text_chars, keyed (memories with a context key), key_chars.
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
WITH collect({term: q.term, field: field, ids: ids, scores: scores, lengths: lengths}) AS terms
CALL (terms) {
  WITH terms
  WHERE any(t IN terms WHERE any(s IN t.scores WHERE s > 0.0))
  UNWIND $scope_keys AS key
  MATCH (m:Memory {scope_key: key})
  WHERE m.lifecycle_state IN $states
  RETURN count(m) AS memories, sum(size(m.text)) AS text_chars,
         count(m.key_text) AS keyed, sum(coalesce(size(m.key_text), 0)) AS key_chars
}
RETURN terms, memories, text_chars, keyed, key_chars
