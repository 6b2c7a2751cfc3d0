// Ids of every memory of a scope filter anchored on its user_id (an index seek); the other ids
// narrow the rows found (null = any). One file per scope shape, picked by the ids given.
// $user_id (not null), $agent_id, $run_id. Returns: id.
MATCH (m:Memory {user_id: $user_id})
USING INDEX m:Memory(user_id)
WHERE ($agent_id IS NULL OR m.agent_id = $agent_id)
  AND ($run_id IS NULL OR m.run_id = $run_id)
RETURN m.id AS id
