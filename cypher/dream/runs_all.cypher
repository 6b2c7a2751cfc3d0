// Recent Dream runs of every scope, newest first. $limit. Returns: run (map).
MATCH (r:DreamRun)
RETURN r {.*} AS run
ORDER BY r.started_at DESC, r.id
LIMIT $limit
