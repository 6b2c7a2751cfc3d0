// Store triplets: a current triplet (not ended, not retired) with the same source, predicate
// and target gains the new memory ids as provenance; otherwise a new RELATES_TO relationship is
// created. The predicate is a property, never a relationship type. Triplets belong to the
// owner of their entities.
// $rows: list<map{id, source_key, target_key, predicate, fact, embedding, valid_from, valid_to,
//   memory_ids, owner, scope_tokens, user_id, agent_id, run_id}> (deduplicated by the caller), $now.
// Returns: id, source, predicate, target, fact, valid_from, valid_to, memory_ids, created.
UNWIND $rows AS row
MATCH (s:Entity {key: row.source_key})
MATCH (t:Entity {key: row.target_key})
// toString(): the planner expands from s to t (their few relationships) instead of seeking
// the predicate index, which holds every owner's triplets with that predicate (a cost that
// grew with the whole store)
OPTIONAL MATCH (s)-[old:RELATES_TO]->(t)
WHERE toString(old.predicate) = row.predicate
  AND old.valid_to IS NULL AND old.retired_at IS NULL
WITH row, s, t, head(collect(old)) AS existing
CALL (row, s, t, existing) {
  WITH row, s, t, existing
  WHERE existing IS NULL
  CREATE (s)-[r:RELATES_TO]->(t)
  SET r.id = row.id, r.predicate = row.predicate, r.fact = row.fact,
      r.valid_from = row.valid_from, r.valid_to = row.valid_to,
      r.created_at = $now, r.memory_ids = row.memory_ids,
      r.user_id = row.user_id, r.agent_id = row.agent_id, r.run_id = row.run_id,
      r.owner = row.owner, r.scope_tokens = row.scope_tokens
  WITH r, row
  CALL db.create.setRelationshipVectorProperty(r, 'embedding', row.embedding)  // float32
  RETURN r, true AS created
  UNION
  WITH row, existing
  WHERE existing IS NOT NULL
  SET existing.memory_ids = existing.memory_ids
      + [x IN row.memory_ids WHERE NOT x IN existing.memory_ids]
  RETURN existing AS r, false AS created
}
RETURN r.id AS id, s.name AS source, r.predicate AS predicate, t.name AS target,
       r.fact AS fact, r.valid_from AS valid_from, r.valid_to AS valid_to,
       r.memory_ids AS memory_ids, created
