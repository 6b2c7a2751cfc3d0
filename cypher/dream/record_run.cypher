// Record one Dream run: what it examined, qualified, wrote and skipped. In the same write,
// remove the scope's older run records beyond the newest $keep (bookkeeping, not user data).
// $run: map{id, scope_key, user_id, agent_id, status, note, started_at, finished_at, examined,
//   qualified, written, skipped, details_json}, $keep: int. Returns: id.
CREATE (r:DreamRun)
SET r = $run
WITH r
CALL (r) {
  MATCH (old:DreamRun {scope_key: r.scope_key})
  WITH old
  ORDER BY old.started_at DESC, old.id DESC
  SKIP $keep
  DETACH DELETE old
}
RETURN r.id AS id
