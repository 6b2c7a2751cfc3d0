// Store a batch of new memory vectors (own text and, where the memory has one, context key)
// and advance the cursor, in one transaction. The own text's vector goes where
// memory/write_batch puts it: `embedding` (float32, indexed) without a context key,
// `text_embedding` (int8 bytes, unindexed) beside one.
// Parameters: $rows (list<map{id, embedding (null beside a key), text_embedding (bytes beside
// a key, else null), key_embedding (null without a context key)}>), $after (the batch's last
// id). Returns: written.
UNWIND $rows AS row
MATCH (m:Memory {id: row.id})
// a store written before one vector per memory was indexed may still hold an own-text
// `embedding` beside a key: it goes, so no vector of the old embedder is left
SET m.text_embedding = row.text_embedding,
    m.embedding = CASE WHEN row.embedding IS NULL THEN null ELSE m.embedding END
WITH m, row
CALL (m, row) {
  WITH m, row
  WHERE row.embedding IS NOT NULL
  CALL db.create.setNodeVectorProperty(m, 'embedding', row.embedding)
}
CALL (m, row) {
  WITH m, row
  WHERE row.key_embedding IS NOT NULL
  CALL db.create.setNodeVectorProperty(m, 'key_embedding', row.key_embedding)
}
WITH count(m) AS written
MATCH (n:GraphMemMeta {key: 'embedder'})
SET n.reembed_memory_after = $after
RETURN written
