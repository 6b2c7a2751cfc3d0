// Triplet vector signal, exact over the owner's triplets.
// $owner, $vector, $k. Returns: id, source, predicate, target, fact, memory_ids,
//   valid_from, valid_to, score (raw cosine).
MATCH (s:Entity {owner: $owner})-[r:RELATES_TO]->(t:Entity)
WITH s, r, t, vector.similarity.cosine(r.embedding, $vector) AS similarity
ORDER BY similarity DESC
LIMIT $k
RETURN r.id AS id, s.name AS source, r.predicate AS predicate, t.name AS target,
       r.fact AS fact, r.memory_ids AS memory_ids, r.valid_from AS valid_from,
       r.valid_to AS valid_to, similarity * 2 - 1 AS score
