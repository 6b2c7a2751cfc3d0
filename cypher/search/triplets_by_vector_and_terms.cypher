// Triplet signal's first read: exact cosine over the owner's triplets (not the filtered
// relationship vector index, which fails and hangs under concurrent writes on Neo4j 2026.08.1,
// docs/reliability.md §2c), and one Lucene query per query term over triplet facts, each
// filtered to the owner inside the index by the owner's scope tokens (the caller builds the
// queries from escaped user input). Per term it returns the hits' ids, raw scores and fact
// lengths: the caller scores them with BM25 from the owner's own triplet statistics (the
// term's document frequency counted here, up to $cap, and the owner's average fact length),
// so Lucene's index-wide IDF and average length, which other tenants' facts move, do not reach
// the ranking; the raw score only tells a real hit from a scope-only match. The owner's
// totals (its triplets with a fact, and the characters of those facts) are read in the same
// round trip, and only when some term has a real hit (otherwise they are 0).
// $owner, $vector, $k, $queries: list<map{term, fact}> (Lucene strings for field fact), $cap.
// Returns one row: vector (list of map{id, source, predicate, target, fact, memory_ids,
//   valid_from, valid_to, ended_by, score and cosine (raw cosine mapped to [-1, 1]; score is
//   the signal's, cosine stays the fact's for the semantic gate)}, best first), terms (list of
//   map{term, field ('fact'), ids, scores, lengths (characters; the same order)}), facts,
//   fact_chars.
CALL () {
  MATCH (s:Entity {owner: $owner})-[r:RELATES_TO]->(t:Entity)
  WITH s, r, t, vector.similarity.cosine(r.embedding, $vector) AS similarity
  ORDER BY similarity DESC
  LIMIT $k
  RETURN collect({id: r.id, source: s.name, predicate: r.predicate, target: t.name,
                  fact: r.fact, memory_ids: r.memory_ids, valid_from: r.valid_from,
                  valid_to: r.valid_to, ended_by: r.ended_by, score: similarity * 2 - 1,
                  cosine: similarity * 2 - 1}) AS vector
}
CALL () {
  UNWIND $queries AS q
  CALL (q) {
    CALL db.index.fulltext.queryRelationships('triplet_fact', q.fact, {limit: $cap})
    YIELD relationship AS r, score
    RETURN collect(r.id) AS ids, collect(score) AS scores,
           collect(coalesce(size(r.fact), 0)) AS lengths
  }
  RETURN collect({term: q.term, field: 'fact', ids: ids, scores: scores, lengths: lengths})
         AS terms
}
CALL (terms) {
  WITH terms
  WHERE any(t IN terms WHERE any(s IN t.scores WHERE s > 0.0))
  MATCH (:Entity {owner: $owner})-[r:RELATES_TO]->(:Entity)
  WHERE r.fact IS NOT NULL
  RETURN count(r) AS facts, sum(size(r.fact)) AS fact_chars
}
RETURN vector, terms, facts, fact_chars
