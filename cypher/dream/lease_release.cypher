// Release a scope's Dream lease if $owner still holds it (run after dream/lease_lock).
// $scope_key, $owner, $now. Returns: released (count).
MATCH (l:DreamLease {scope_key: $scope_key})
WHERE l.owner = $owner
SET l.expires_at = $now
RETURN count(l) AS released
