// Role resolution: every current triplet touching the anchor entities, in either direction,
// so "Karl's daughter" can follow `Ines child_of Karl` or `Karl parent_of Ines`; with $ended,
// the ended ones too (a question about the past: "Who was my therapist before?").
// $entity_ids: list<string>, $ended: boolean. Returns one row, rows: a list of maps of id, source_id, source, predicate, target_id, target,
//   fact, memory_ids.
UNWIND $entity_ids AS entity_id
MATCH (a:Entity {id: entity_id})-[r:RELATES_TO]-(:Entity)
WHERE r.valid_to IS NULL OR $ended
WITH DISTINCT r
MATCH (s:Entity)-[r]->(t:Entity)
WITH r, s, t
LIMIT 500
RETURN collect({id: r.id, source_id: s.id, source: s.name, predicate: r.predicate,
                target_id: t.id, target: t.name, fact: r.fact, memory_ids: r.memory_ids}) AS rows
