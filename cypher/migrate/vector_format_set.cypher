// Migration: record that every stored vector is float32 (after the rewrite, or on a store
// this version wrote from the start). $format, $now. Returns: format.
MERGE (n:GraphMemMeta {key: 'vector_format'})
SET n.format = $format, n.recorded_at = $now
RETURN n.format AS format
