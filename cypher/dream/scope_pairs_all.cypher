// Distinct (user_id, agent_id) pairs of every existing scope that names a user or an agent
// (`enable --all`); run-only scopes are left out. No parameters ($user_id, $agent_id and
// $run_id, all null, are passed as to every scope_pairs file; unused). Returns: user_id, agent_id.
MATCH (s:Scope)
WHERE s.user_id IS NOT NULL OR s.agent_id IS NOT NULL
RETURN DISTINCT s.user_id AS user_id, s.agent_id AS agent_id
