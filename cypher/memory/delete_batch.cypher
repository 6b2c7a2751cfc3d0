// Delete memories (run after memory/reactivate_replaced and history/erase_for_memories, under
// the locks of lifecycle/lock_pair): each leaves the triplets it asserted, now or before an
// update retired them (a triplet no memory asserts any more is deleted, with its fact and
// embedding), and entities no remaining memory mentions (now or before an update) are
// deleted, so nothing is orphaned and no copy of the text is left.
// $ids: list<string>. Returns: id, user_id, agent_id, run_id (one row per deleted memory).
UNWIND $ids AS id
MATCH (m:Memory {id: id})
OPTIONAL MATCH (m)-[:MENTIONS|MENTIONED]->(e:Entity)
WITH m, id, collect(DISTINCT e) AS entities
CALL (id, entities) {
  UNWIND entities AS e
  MATCH (e)-[r:RELATES_TO]-(:Entity)
  WHERE id IN r.memory_ids OR id IN coalesce(r.retired_memory_ids, [])
  WITH DISTINCT r
  SET r.memory_ids = [x IN r.memory_ids WHERE x <> id],
      r.retired_memory_ids = [x IN coalesce(r.retired_memory_ids, []) WHERE x <> id]
  WITH r WHERE size(r.memory_ids) = 0 AND size(r.retired_memory_ids) = 0
  DELETE r
}
WITH m, id, entities, m.user_id AS user_id, m.agent_id AS agent_id, m.run_id AS run_id
DETACH DELETE m
WITH id, user_id, agent_id, run_id, entities
CALL (entities) {
  UNWIND entities AS e
  WITH e WHERE NOT EXISTS { (:Memory)-[:MENTIONS|MENTIONED]->(e) }
  DETACH DELETE e
}
RETURN id, user_id, agent_id, run_id
