// Recent Dream runs of one user (index seek on DreamRun.user_id; an agent id narrows), newest
// first. $user_id, $agent_id (null = any), $limit. Returns: run (map).
MATCH (r:DreamRun {user_id: $user_id})
USING INDEX r:DreamRun(user_id)
WHERE $agent_id IS NULL OR r.agent_id = $agent_id
RETURN r {.*} AS run
ORDER BY r.started_at DESC, r.id
LIMIT $limit
