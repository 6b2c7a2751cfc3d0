// One scope's Dream state, read again after its lease is taken.
// $scope_key. Returns: key, user_id, agent_id, enabled_at, watermark, last_run_at.
MATCH (s:Scope {key: $scope_key})
RETURN s.key AS key, s.user_id AS user_id, s.agent_id AS agent_id,
       s.dream_enabled_at AS enabled_at, s.dream_watermark AS watermark,
       s.dream_last_run_at AS last_run_at
