// Conditionally retire $old_id in favour of $new_id (run after lifecycle/lock_pair): $action
// 'merge' marks it merged (MERGED_INTO), 'supersede' marks it superseded (SUPERSEDED_BY);
// 'end' leaves it active and ends only the current triplets of it named by $ended (subject
// and value entity keys and predicate: valid_to = $at, ended_by = $new_id), and applies only
// if one ended.
// Applies only if both memories are still active and neither is immutable or excluded from
// Dream (a frozen memory: docs/lifecycle.md). A supersede also ends the old memory's current
// triplets with a superseded predicate (valid_to = $at, and ended_by, so deleting the new
// memory can make them current again) and gives the new memory's triplets with those
// predicates valid_from = $at when they have none; a merge leaves triplets alone.
// The SUPERSEDED_BY edge keeps $at as valid_from: a change told for a later date ("got the
// Riverside job, starting in September") takes effect then (search/gate.cypher).
// $action: 'merge' | 'supersede', $old_id, $new_id, $now, $at (when the change happened),
// $reason, $predicates: list<string>, $ended: list<map{source_key, predicate, target_key}>.
// Returns: applied (bool), old_state.
MATCH (old:Memory {id: $old_id}), (new:Memory {id: $new_id})
WITH old, new,
     $action IN ['merge', 'supersede', 'end']
     AND old.lifecycle_state = 'active' AND new.lifecycle_state = 'active'
     AND NOT coalesce(old.immutable, false) AND NOT coalesce(old.exclude_from_dream, false)
     AND NOT coalesce(new.immutable, false) AND NOT coalesce(new.exclude_from_dream, false)
     AS eligible
CALL (old, new, eligible) {
  WITH old, new WHERE eligible AND $action = 'merge'
  SET old.lifecycle_state = 'merged', old.replacement_memory_id = new.id, old.updated_at = $now
  CREATE (old)-[:MERGED_INTO {at: $now, reason: $reason}]->(new)
}
CALL (old, new, eligible) {
  WITH old, new WHERE eligible AND $action = 'supersede'
  SET old.lifecycle_state = 'superseded', old.replacement_memory_id = new.id,
      old.updated_at = $now
  CREATE (old)-[:SUPERSEDED_BY {at: $now, valid_from: $at, reason: $reason}]->(new)
  WITH old, new
  CALL (old, new) {
    MATCH (old)-[:MENTIONS]->(:Entity)-[r:RELATES_TO]->(:Entity)
    WHERE old.id IN r.memory_ids AND r.predicate IN $predicates AND r.valid_to IS NULL
    WITH DISTINCT r
    SET r.valid_to = $at, r.ended_by = new.id
  }
  CALL (new) {
    MATCH (new)-[:MENTIONS]->(:Entity)-[r:RELATES_TO]->(:Entity)
    WHERE new.id IN r.memory_ids AND r.predicate IN $predicates AND r.valid_from IS NULL
    WITH DISTINCT r
    SET r.valid_from = $at
  }
}
CALL (old, new, eligible) {
  WITH old, new WHERE eligible AND $action = 'end'
  UNWIND $ended AS fact
  MATCH (old)-[:MENTIONS]->(:Entity {key: fact.source_key})
        -[r:RELATES_TO]->(:Entity {key: fact.target_key})
  WHERE old.id IN r.memory_ids AND r.predicate = fact.predicate AND r.valid_to IS NULL
  WITH DISTINCT r, new
  SET r.valid_to = $at, r.ended_by = new.id
  RETURN count(r) AS ended
}
RETURN eligible AND ($action <> 'end' OR ended > 0) AS applied,
       old.lifecycle_state AS old_state
