// Every Dream scope with Dream enabled (index seek on Scope.dream_enabled_at), oldest
// enabled first. No parameters.
// Returns: key, user_id, agent_id, enabled_at, watermark, last_run_at.
MATCH (s:Scope)
WHERE s.dream_enabled_at IS NOT NULL
RETURN s.key AS key, s.user_id AS user_id, s.agent_id AS agent_id,
       s.dream_enabled_at AS enabled_at, s.dream_watermark AS watermark,
       s.dream_last_run_at AS last_run_at
ORDER BY s.dream_enabled_at, s.key
