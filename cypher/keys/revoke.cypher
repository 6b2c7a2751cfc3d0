// Revoke the one API key whose id or prefix is $ref (nothing when none or several match);
// revoking twice keeps the first revocation time.
// $ref, $now. Returns: key (map without hash).
MATCH (k:ApiKey)
WHERE k.id = $ref OR k.prefix = $ref
WITH collect(k) AS found
WHERE size(found) = 1
UNWIND found AS k
SET k.revoked_at = coalesce(k.revoked_at, $now)
RETURN k {.*, hash: null} AS key
