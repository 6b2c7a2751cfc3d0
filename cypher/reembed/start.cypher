// Begin (or keep resuming) a re-embedding towards $target: a new target resets the cursors.
// Parameters: $target. Returns: target.
MATCH (n:GraphMemMeta {key: 'embedder'})
WITH n, n.reembed_target = $target AS resuming
SET n.reembed_target = $target,
    n.reembed_memory_after = CASE WHEN resuming THEN n.reembed_memory_after ELSE '' END,
    n.reembed_entity_after = CASE WHEN resuming THEN n.reembed_entity_after ELSE '' END,
    n.reembed_triplet_after = CASE WHEN resuming THEN n.reembed_triplet_after ELSE '' END
RETURN n.reembed_target AS target
