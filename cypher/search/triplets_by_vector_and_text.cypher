// Triplet signal in one round trip: exact cosine over the owner's triplets (not the filtered
// relationship vector index, which fails and hangs under concurrent writes on Neo4j 2026.08.1,
// docs/reliability.md §2c) and Lucene over triplet facts, filtered to the scope in the index
// (skipped when $lucene is null). Rows of the vector part come first, best first.
// $owner, $vector, $lucene (string or null), $k. Returns: by ('vector' or 'text'), id,
//   source, predicate, target, fact, memory_ids, valid_from, valid_to, score (raw cosine, or
//   raw Lucene score).
CALL () {
  MATCH (s:Entity {owner: $owner})-[r:RELATES_TO]->(t:Entity)
  WITH s, r, t, vector.similarity.cosine(r.embedding, $vector) AS similarity
  ORDER BY similarity DESC
  LIMIT $k
  RETURN 'vector' AS by, s, r, t, similarity * 2 - 1 AS score
  UNION ALL
  UNWIND CASE WHEN $lucene IS NULL THEN [] ELSE [$lucene] END AS lucene
  CALL db.index.fulltext.queryRelationships('triplet_fact', lucene, {limit: $k})
  YIELD relationship AS r, score
  MATCH (s:Entity)-[r]->(t:Entity)
  RETURN 'text' AS by, s, r, t, score
}
RETURN by, r.id AS id, s.name AS source, r.predicate AS predicate, t.name AS target,
       r.fact AS fact, r.memory_ids AS memory_ids, r.valid_from AS valid_from,
       r.valid_to AS valid_to, score
