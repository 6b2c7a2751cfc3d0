// Ids of every memory of exactly this scope's filters (null scope ids match anything).
// $user_id, $agent_id, $run_id. Returns: id.
MATCH (m:Memory)
WHERE ($user_id IS NULL OR m.user_id = $user_id)
  AND ($agent_id IS NULL OR m.agent_id = $agent_id)
  AND ($run_id IS NULL OR m.run_id = $run_id)
RETURN m.id AS id
