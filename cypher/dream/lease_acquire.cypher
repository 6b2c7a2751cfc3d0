// Take or renew a scope's Dream lease (run after dream/lease_lock, in the same transaction):
// granted when $owner already holds it or it has expired.
// $scope_key, $owner, $now, $expires_at. Returns: acquired (bool), owner, expires_at.
MATCH (l:DreamLease {scope_key: $scope_key})
WITH l, (l.owner = $owner OR l.expires_at <= $now) AS free
CALL (l, free) {
  WITH l WHERE free
  SET l.owner = $owner, l.expires_at = $expires_at
}
RETURN free AS acquired, l.owner AS owner, l.expires_at AS expires_at
