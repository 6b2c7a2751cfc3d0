// Every scope with Dream enabled (migration folds those that are not owner scopes).
// No parameters. Returns: key, user_id, agent_id, run_id.
MATCH (s:Scope)
WHERE s.dream_enabled_at IS NOT NULL
RETURN s.key AS key, s.user_id AS user_id, s.agent_id AS agent_id, s.run_id AS run_id
