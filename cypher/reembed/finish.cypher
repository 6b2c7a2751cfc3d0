// Every vector now comes from the target embedder: record it and drop the cursors.
// Parameters: $target, $now. Returns: identity.
MATCH (n:GraphMemMeta {key: 'embedder'})
WHERE n.reembed_target = $target
SET n.identity = $target, n.recorded_at = $now
REMOVE n.reembed_target, n.reembed_memory_after, n.reembed_entity_after, n.reembed_triplet_after
RETURN n.identity AS identity
