// Store a batch of new entity vectors and advance the cursor, in one transaction.
// Parameters: $rows (list<map{id, embedding}>), $after (the batch's last id). Returns: written.
UNWIND $rows AS row
MATCH (e:Entity {id: row.id})
CALL db.create.setNodeVectorProperty(e, 'embedding', row.embedding)  // float32
WITH count(e) AS written
MATCH (n:GraphMemMeta {key: 'embedder'})
SET n.reembed_entity_after = $after
RETURN written
