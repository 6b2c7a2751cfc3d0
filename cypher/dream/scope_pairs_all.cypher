// Distinct (user_id, agent_id) pairs of every existing scope that names a user or an agent
// (`enable --all`); run-only scopes are left out. No parameters. Returns: user_id, agent_id.
MATCH (s:Scope)
WHERE s.user_id IS NOT NULL OR s.agent_id IS NOT NULL
RETURN DISTINCT s.user_id AS user_id, s.agent_id AS agent_id
