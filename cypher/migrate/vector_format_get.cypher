// Migration: the format the store's vectors are known to be in ('float32' once every vector
// was written or rewritten as float32; null for a store not yet migrated). No parameters.
// Returns: format.
OPTIONAL MATCH (n:GraphMemMeta {key: 'vector_format'})
RETURN n.format AS format
