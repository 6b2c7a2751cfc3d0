// Triplet full-text signal: Lucene over triplet facts, filtered to the scope in the index.
// $lucene, $k. Returns: id, source, predicate, target, fact, memory_ids, valid_from,
//   valid_to, score (raw Lucene score).
CALL db.index.fulltext.queryRelationships('triplet_fact', $lucene, {limit: $k})
YIELD relationship AS r, score
MATCH (s:Entity)-[r]->(t:Entity)
RETURN r.id AS id, s.name AS source, r.predicate AS predicate, t.name AS target,
       r.fact AS fact, r.memory_ids AS memory_ids, r.valid_from AS valid_from,
       r.valid_to AS valid_to, score
