// Enable Dream on one scope (user and/or agent ids, no run id): the first enabling sets
// dream_enabled_at and the watermark to $now; enabling again changes nothing.
// $scope_key, $user_id, $agent_id, $now.
// Returns: key, user_id, agent_id, enabled_at, watermark, last_run_at.
MERGE (s:Scope {key: $scope_key})
ON CREATE SET s.user_id = $user_id, s.agent_id = $agent_id, s.run_id = null, s.created_at = $now
SET s.dream_enabled_at = coalesce(s.dream_enabled_at, $now),
    s.dream_watermark = coalesce(s.dream_watermark, $now)
RETURN s.key AS key, s.user_id AS user_id, s.agent_id AS agent_id,
       s.dream_enabled_at AS enabled_at, s.dream_watermark AS watermark,
       s.dream_last_run_at AS last_run_at
