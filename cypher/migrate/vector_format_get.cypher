// Migration: what the store records about its vectors under $key: 'vector_format' ('float32'
// once every vector was written or rewritten as float32) or 'vector_layout' ('one-indexed'
// once every memory with a context key keeps its own text's vector unindexed); null for a
// store not yet migrated. $key. Returns: format.
OPTIONAL MATCH (n:GraphMemMeta {key: $key})
RETURN n.format AS format
