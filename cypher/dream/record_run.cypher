// Record one Dream run: what it examined, qualified, wrote and skipped.
// $run: map{id, scope_key, user_id, agent_id, status, note, started_at, finished_at, examined,
//   qualified, written, skipped, details_json}. Returns: id.
CREATE (r:DreamRun)
SET r = $run
RETURN r.id AS id
