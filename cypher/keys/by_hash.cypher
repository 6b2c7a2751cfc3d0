// The API key whose token hashes to $hash (revoked or not).
// $hash. Returns: key (map without hash).
MATCH (k:ApiKey {hash: $hash})
RETURN k {.*, hash: null} AS key
