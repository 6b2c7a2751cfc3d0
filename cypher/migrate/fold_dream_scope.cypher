// Move Dream from a (user, agent) scope to its owner's scope: the owner keeps the earliest
// enabling and watermark (so nothing stored since is skipped), the old scope loses its Dream
// state. $from_key, $to_key, $user_id, $agent_id, $run_id, $now. Returns: key.
MATCH (old:Scope {key: $from_key})
MERGE (s:Scope {key: $to_key})
ON CREATE SET s.user_id = $user_id, s.agent_id = $agent_id, s.run_id = $run_id,
    s.created_at = $now
SET s.dream_enabled_at = CASE WHEN s.dream_enabled_at IS NULL
        OR old.dream_enabled_at < s.dream_enabled_at THEN old.dream_enabled_at
        ELSE s.dream_enabled_at END,
    s.dream_watermark = CASE WHEN s.dream_watermark IS NULL
        OR old.dream_watermark < s.dream_watermark THEN old.dream_watermark
        ELSE s.dream_watermark END
REMOVE old.dream_enabled_at, old.dream_watermark, old.dream_last_run_at
RETURN s.key AS key
