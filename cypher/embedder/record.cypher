// Record the embedder identity unless one is recorded already (migrate; never overwrites).
// Parameters: $identity, $now. Returns: identity (the recorded one, old or new).
MERGE (n:GraphMemMeta {key: 'embedder'})
ON CREATE SET n.identity = $identity, n.recorded_at = $now
RETURN n.identity AS identity
