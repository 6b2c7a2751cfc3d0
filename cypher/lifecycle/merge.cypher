// Conditionally mark $old_id as merged into $new_id (run after lifecycle/lock_pair).
// Applies only if the old memory is still active and neither memory is immutable or excluded.
// $old_id, $new_id, $now, $reason. Returns: applied (bool), old_state.
MATCH (old:Memory {id: $old_id}), (new:Memory {id: $new_id})
WITH old, new,
     old.lifecycle_state = 'active' AND new.lifecycle_state = 'active'
     AND NOT coalesce(old.immutable, false) AND NOT coalesce(old.exclude_from_dream, false)
     AND NOT coalesce(new.immutable, false) AND NOT coalesce(new.exclude_from_dream, false)
     AS eligible
CALL (old, new, eligible) {
  WITH old, new WHERE eligible
  SET old.lifecycle_state = 'merged', old.replacement_memory_id = new.id, old.updated_at = $now
  CREATE (old)-[:MERGED_INTO {at: $now, reason: $reason}]->(new)
}
RETURN eligible AS applied, old.lifecycle_state AS old_state
