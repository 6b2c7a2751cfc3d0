// Delete memories: each leaves the triplets it asserted (a triplet no memory asserts any more
// is deleted) and entities no remaining memory mentions are deleted, so nothing is orphaned.
// Memories it had absorbed or superseded become active again (the newer version is gone).
// $ids: list<string>. Returns: id, text, user_id, agent_id, run_id (one row per deleted memory).
UNWIND $ids AS id
MATCH (m:Memory {id: id})
OPTIONAL MATCH (m)-[:MENTIONS]->(e:Entity)
WITH m, id, collect(DISTINCT e) AS entities
CALL (id, entities) {
  UNWIND entities AS e
  MATCH (e)-[r:RELATES_TO]-(:Entity)
  WHERE id IN r.memory_ids
  WITH DISTINCT r
  SET r.memory_ids = [x IN r.memory_ids WHERE x <> id]
  WITH r WHERE size(r.memory_ids) = 0
  DELETE r
}
CALL (m) {
  OPTIONAL MATCH (older:Memory)-[l:MERGED_INTO|SUPERSEDED_BY]->(m)
  WITH older, l WHERE older IS NOT NULL
  SET older.lifecycle_state = 'active', older.replacement_memory_id = null
  DELETE l
}
WITH m, id, entities, m.text AS text, m.user_id AS user_id, m.agent_id AS agent_id,
     m.run_id AS run_id
DETACH DELETE m
WITH id, text, user_id, agent_id, run_id, entities
CALL (entities) {
  UNWIND entities AS e
  WITH e WHERE NOT EXISTS { (:Memory)-[:MENTIONS]->(e) }
  DETACH DELETE e
}
RETURN id, text, user_id, agent_id, run_id
