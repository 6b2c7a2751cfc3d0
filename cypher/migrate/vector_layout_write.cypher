// Migration: keep the own text's vector of memories with a context key unindexed, as int8
// bytes in `text_embedding` (adapters/neo4j/vector_codec.py), and drop it from the indexed
// `embedding`. Idempotent: a moved memory is no longer listed by migrate/vector_layout_page.
// $rows: list<map{id, text_embedding (bytes)}>. Returns: moved.
UNWIND $rows AS row
MATCH (m:Memory {id: row.id})
WHERE m.key_embedding IS NOT NULL AND m.embedding IS NOT NULL
SET m.text_embedding = row.text_embedding, m.embedding = null
RETURN count(m) AS moved
