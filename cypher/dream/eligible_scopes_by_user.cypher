// Dream scopes (owners) with Dream enabled of one user (index seek on Scope.user_id; an
// agent id narrows), oldest enabled first. $user_id, $agent_id (null = any).
// Returns: key, user_id, agent_id, enabled_at, watermark, last_run_at.
MATCH (s:Scope {user_id: $user_id})
USING INDEX s:Scope(user_id)
WHERE s.dream_enabled_at IS NOT NULL AND ($agent_id IS NULL OR s.agent_id = $agent_id)
RETURN s.key AS key, s.user_id AS user_id, s.agent_id AS agent_id,
       s.dream_enabled_at AS enabled_at, s.dream_watermark AS watermark,
       s.dream_last_run_at AS last_run_at
ORDER BY s.dream_enabled_at, s.key
