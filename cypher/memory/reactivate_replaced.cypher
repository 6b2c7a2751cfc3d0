// Make active again the memories that deleted ones had replaced (their newer version is
// going away). Run under the locks of lifecycle/lock_pair on both sides: re-checks that the
// older memory still points at the deleted one and is still retired, then writes. Memories
// that are themselves being deleted are left alone. Triplets the replacement's supersede had
// ended (ended_by) become current again.
// $ids: list<string> (memories being deleted), $now.
// Returns: id, replaced_by, user_id, agent_id, run_id (one row per reactivated memory).
UNWIND $ids AS id
MATCH (older:Memory)-[l:MERGED_INTO|SUPERSEDED_BY]->(m:Memory {id: id})
WHERE NOT older.id IN $ids
  AND older.replacement_memory_id = id
  AND older.lifecycle_state IN ['merged', 'superseded']
SET older.lifecycle_state = 'active', older.replacement_memory_id = null,
    older.updated_at = $now
DELETE l
WITH older, id
CALL (older, id) {
  MATCH (older)-[:MENTIONS]->(:Entity)-[r:RELATES_TO]->(:Entity)
  WHERE older.id IN r.memory_ids AND r.ended_by = id
  WITH DISTINCT r
  SET r.valid_to = null, r.ended_by = null
}
RETURN older.id AS id, id AS replaced_by, older.user_id AS user_id,
       older.agent_id AS agent_id, older.run_id AS run_id
