// Take the write lock on a scope's Dream lease (creating it, owned by $owner, the first time;
// the uniqueness constraint on scope_key makes the MERGE race-safe). Read-committed isolation
// does not protect a check read before a write, so dream/lease_acquire re-reads after this.
// $scope_key, $owner, $expires_at. Returns: scope_key.
MERGE (l:DreamLease {scope_key: $scope_key})
ON CREATE SET l.owner = $owner, l.expires_at = $expires_at
SET l._lock = true
REMOVE l._lock
RETURN l.scope_key AS scope_key
