// Distinct (user_id, agent_id) pairs of existing scopes matching the filters (null = any):
// the Dream scopes that `enable` covers. Run-only scopes are left out.
// $user_id, $agent_id. Returns: user_id, agent_id.
MATCH (s:Scope)
WHERE (s.user_id IS NOT NULL OR s.agent_id IS NOT NULL)
  AND ($user_id IS NULL OR s.user_id = $user_id)
  AND ($agent_id IS NULL OR s.agent_id = $agent_id)
RETURN DISTINCT s.user_id AS user_id, s.agent_id AS agent_id
