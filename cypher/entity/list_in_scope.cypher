// Entities of a scope (null scope ids match anything), by name.
// $user_id, $agent_id, $run_id, $limit. Returns: entity (map without embedding).
MATCH (e:Entity)
WHERE ($user_id IS NULL OR e.user_id = $user_id)
  AND ($agent_id IS NULL OR e.agent_id = $agent_id)
  AND ($run_id IS NULL OR e.run_id = $run_id)
RETURN e {.id, .name, .normalized_name, .type, .user_id, .agent_id, .run_id} AS entity
ORDER BY e.normalized_name, e.id
LIMIT $limit
