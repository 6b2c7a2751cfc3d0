// Migration: record a fact about every stored vector under $key (see vector_format_get), after
// the rewrite or on a store this version wrote from the start. $key, $format, $now.
// Returns: format.
MERGE (n:GraphMemMeta {key: $key})
SET n.format = $format, n.recorded_at = $now
RETURN n.format AS format
