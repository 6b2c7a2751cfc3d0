// Role resolution: every current triplet touching the anchor entities, in either direction,
// so "Karl's daughter" can follow `Ines child_of Karl` or `Karl parent_of Ines`.
// $entity_ids: list<string>. Returns: id, source_id, source, predicate, target_id, target,
//   fact, memory_ids.
UNWIND $entity_ids AS entity_id
MATCH (a:Entity {id: entity_id})-[r:RELATES_TO]-(:Entity)
WHERE r.valid_to IS NULL
WITH DISTINCT r
MATCH (s:Entity)-[r]->(t:Entity)
RETURN r.id AS id, s.id AS source_id, s.name AS source, r.predicate AS predicate,
       t.id AS target_id, t.name AS target, r.fact AS fact, r.memory_ids AS memory_ids
LIMIT 500
