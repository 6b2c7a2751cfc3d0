// Store a batch of new memory vectors (own text and, where the memory has one, context key;
// float32) and advance the cursor, in one transaction. The own text's vector goes where
// memory/create_batch puts it: `embedding`, or `text_embedding` beside a context key.
// Parameters: $rows (list<map{id, embedding, key_embedding (null without a context key)}>),
// $after (the batch's last id). Returns: written.
UNWIND $rows AS row
MATCH (m:Memory {id: row.id})
CALL db.create.setNodeVectorProperty(
  m, CASE WHEN row.key_embedding IS NULL THEN 'embedding' ELSE 'text_embedding' END, row.embedding)
CALL (m, row) {
  WITH m, row
  WHERE row.key_embedding IS NOT NULL
  CALL db.create.setNodeVectorProperty(m, 'key_embedding', row.key_embedding)
}
WITH count(m) AS written
MATCH (n:GraphMemMeta {key: 'embedder'})
SET n.reembed_memory_after = $after
RETURN written
