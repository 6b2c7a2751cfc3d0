// Recent Dream runs of one agent (index seek on DreamRun.agent_id), newest first.
// $agent_id, $limit. Returns: run (map).
MATCH (r:DreamRun {agent_id: $agent_id})
USING INDEX r:DreamRun(agent_id)
RETURN r {.*} AS run
ORDER BY r.started_at DESC, r.id
LIMIT $limit
