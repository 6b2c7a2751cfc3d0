// Erase deleted memories' words from the context keys of the memories indexed with them:
// every memory of the same scope whose key was formed from one of them loses its key (text,
// embedding and sources); it stays searchable by its own text, whose vector moves back from
// `text_embedding` (int8) to the indexed `embedding` (float32; the direction int8 kept, cosine
// above 0.9999 to the embedder's vector; memory/write_batch). Run before the delete.
// $ids: list<string>. Returns: erased (number of keys removed).
UNWIND $ids AS id
MATCH (d:Memory {id: id})
MATCH (m:Memory {scope_key: d.scope_key})
WHERE id IN coalesce(m.key_source_ids, [])
WITH DISTINCT m
WITH m, m.text_embedding AS own
SET m.key_text = null, m.key_embedding = null, m.key_source_ids = null, m.text_embedding = null
WITH m, own
CALL (m, own) {
  WITH m, own
  WHERE own IS NOT NULL
  CALL db.create.setNodeVectorProperty(m, 'embedding', [x IN own | toFloat(x) / 127.0])
}
RETURN count(m) AS erased
