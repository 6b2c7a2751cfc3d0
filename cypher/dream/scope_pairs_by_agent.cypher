// Distinct (user_id, agent_id) pairs of the existing scopes of one agent, any user (index
// seek on Scope.agent_id): `enable` turns them into owners. $agent_id ($user_id and $run_id,
// null, are passed as to every scope_pairs file; unused). Returns: user_id, agent_id.
MATCH (s:Scope {agent_id: $agent_id})
USING INDEX s:Scope(agent_id)
RETURN DISTINCT s.user_id AS user_id, s.agent_id AS agent_id
