// Every API key, oldest first.
// No parameters. Returns: key (map without hash).
MATCH (k:ApiKey)
RETURN k {.*, hash: null} AS key
ORDER BY k.created_at, k.id
