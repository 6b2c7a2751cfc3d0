// Triplet vector signal through the triplet vector index, filtered inside the index to the
// user, post-filtered to the owner's triplets.
// $user_id, $vector, $k, $owner. Returns: id, source, predicate, target, fact,
//   memory_ids, valid_from, valid_to, ended_by, score (raw cosine).
CYPHER 25
MATCH ()-[r:RELATES_TO]->()
  SEARCH r IN (VECTOR INDEX triplet_embedding FOR $vector WHERE r.user_id = $user_id LIMIT $k)
  SCORE AS similarity
WITH r, similarity
WHERE r.owner = $owner
MATCH (s:Entity)-[r]->(t:Entity)
RETURN r.id AS id, s.name AS source, r.predicate AS predicate, t.name AS target,
       r.fact AS fact, r.memory_ids AS memory_ids, r.valid_from AS valid_from,
       r.valid_to AS valid_to, r.ended_by AS ended_by, similarity * 2 - 1 AS score
