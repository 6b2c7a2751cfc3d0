// Recent Dream runs matching the filters (null = any), newest first.
// $user_id, $agent_id, $limit. Returns: run (map).
MATCH (r:DreamRun)
WHERE ($user_id IS NULL OR r.user_id = $user_id)
  AND ($agent_id IS NULL OR r.agent_id = $agent_id)
RETURN r {.*} AS run
ORDER BY r.started_at DESC, r.id
LIMIT $limit
