// Erase deleted memories' words from the context keys of the memories indexed with them:
// every memory of the same scope whose key was formed from one of them loses its key (text,
// embedding and sources); it stays searchable by its own text. Run before the delete.
// $ids: list<string>. Returns: erased (number of keys removed).
UNWIND $ids AS id
MATCH (d:Memory {id: id})
MATCH (m:Memory {scope_key: d.scope_key})
WHERE id IN coalesce(m.key_source_ids, [])
SET m.key_text = null, m.key_embedding = null, m.key_source_ids = null
RETURN count(m) AS erased
