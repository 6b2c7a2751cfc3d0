// Ids of every memory of a scope filter anchored on its agent_id (an index seek); the other ids
// narrow the rows found (null = any). One file per scope shape, picked by the ids given.
// $agent_id (not null), $user_id, $run_id. Returns: id.
MATCH (m:Memory {agent_id: $agent_id})
USING INDEX m:Memory(agent_id)
WHERE ($user_id IS NULL OR m.user_id = $user_id)
  AND ($run_id IS NULL OR m.run_id = $run_id)
RETURN m.id AS id
