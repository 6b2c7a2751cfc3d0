// Triplets in which one entity is the source or the target, newest first.
// $id, $limit. Returns: id, source, predicate, target, fact, valid_from, valid_to, memory_ids.
MATCH (e:Entity {id: $id})-[r:RELATES_TO]-(:Entity)
WITH DISTINCT r
RETURN r.id AS id, startNode(r).name AS source, r.predicate AS predicate,
       endNode(r).name AS target, r.fact AS fact, r.valid_from AS valid_from,
       r.valid_to AS valid_to, r.memory_ids AS memory_ids
ORDER BY r.created_at DESC, r.id
LIMIT $limit
