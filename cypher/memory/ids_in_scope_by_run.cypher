// Ids of every memory of a scope filter anchored on its run_id (an index seek); the other ids
// narrow the rows found (null = any). One file per scope shape, picked by the ids given.
// $run_id (not null), $user_id, $agent_id. Returns: id.
MATCH (m:Memory {run_id: $run_id})
USING INDEX m:Memory(run_id)
WHERE ($user_id IS NULL OR m.user_id = $user_id)
  AND ($agent_id IS NULL OR m.agent_id = $agent_id)
RETURN m.id AS id
