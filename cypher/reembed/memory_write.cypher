// Store a batch of new memory vectors and advance the cursor, in one transaction.
// Parameters: $rows (list<map{id, embedding}>), $after (the batch's last id). Returns: written.
UNWIND $rows AS row
MATCH (m:Memory {id: row.id})
SET m.embedding = row.embedding
WITH count(m) AS written
MATCH (n:GraphMemMeta {key: 'embedder'})
SET n.reembed_memory_after = $after
RETURN written
