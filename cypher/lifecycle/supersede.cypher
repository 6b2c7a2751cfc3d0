// Conditionally mark $old_id as superseded by $new_id (run after lifecycle/lock_pair).
// Applies only if the old memory is still active and neither memory is immutable or excluded.
// The old memory's current triplets with a superseded predicate get valid_to (and ended_by,
// so deleting the new memory can make them current again); the new memory's triplets with
// those predicates get valid_from when they have none.
// $old_id, $new_id, $now, $at (when the change happened), $reason, $predicates: list<string>.
// Returns: applied (bool), old_state.
MATCH (old:Memory {id: $old_id}), (new:Memory {id: $new_id})
WITH old, new,
     old.lifecycle_state = 'active' AND new.lifecycle_state = 'active'
     AND NOT coalesce(old.immutable, false) AND NOT coalesce(old.exclude_from_dream, false)
     AND NOT coalesce(new.immutable, false) AND NOT coalesce(new.exclude_from_dream, false)
     AS eligible
CALL (old, new, eligible) {
  WITH old, new WHERE eligible
  SET old.lifecycle_state = 'superseded', old.replacement_memory_id = new.id,
      old.updated_at = $now
  CREATE (old)-[:SUPERSEDED_BY {at: $now, reason: $reason}]->(new)
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
RETURN eligible AS applied, old.lifecycle_state AS old_state
