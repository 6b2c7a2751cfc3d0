// Keys of every exact scope of a filter anchored on its user_id (an index seek on Scope), the
// other ids narrowing (null = any), with the number of memories each holds in the requested
// lifecycle states (an index seek on the scope key; the full-text signal reads the lengths of
// their texts itself, memory_fulltext.cypher). One file per scope shape, picked by the ids given.
// $user_id (not null), $agent_id, $run_id, $states: list<string>. Returns: key, memories.
MATCH (s:Scope {user_id: $user_id})
USING INDEX s:Scope(user_id)
WHERE ($agent_id IS NULL OR s.agent_id = $agent_id)
  AND ($run_id IS NULL OR s.run_id = $run_id)
CALL (s) {
  MATCH (m:Memory {scope_key: s.key})
  WHERE m.lifecycle_state IN $states
  RETURN count(m) AS memories
}
RETURN s.key AS key, memories
