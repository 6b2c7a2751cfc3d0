// Keys of every exact scope matching the filters (null filter ids match anything), with the
// number of memories each holds in the requested lifecycle states.
// $user_id, $agent_id, $run_id, $states: list<string>. Returns: key, memories.
MATCH (s:Scope)
WHERE ($user_id IS NULL OR s.user_id = $user_id)
  AND ($agent_id IS NULL OR s.agent_id = $agent_id)
  AND ($run_id IS NULL OR s.run_id = $run_id)
CALL (s) {
  MATCH (m:Memory {scope_key: s.key})
  WHERE m.lifecycle_state IN $states
  RETURN count(m) AS memories
}
RETURN s.key AS key, memories
