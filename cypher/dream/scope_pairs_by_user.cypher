// Distinct (user_id, agent_id) pairs of the existing scopes of one user (index seek on
// Scope.user_id; an agent id narrows): `enable` turns them into owners.
// $user_id, $agent_id (null = any), $run_id (null, passed as to every scope_pairs file;
// unused). Returns: user_id, agent_id.
MATCH (s:Scope {user_id: $user_id})
USING INDEX s:Scope(user_id)
WHERE $agent_id IS NULL OR s.agent_id = $agent_id
RETURN DISTINCT s.user_id AS user_id, s.agent_id AS agent_id
