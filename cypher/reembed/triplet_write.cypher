// Store a batch of new triplet vectors and advance the cursor, in one transaction.
// Parameters: $rows (list<map{id, embedding}>), $after (the batch's last id). Returns: written.
UNWIND $rows AS row
MATCH ()-[r:RELATES_TO {id: row.id}]->()
CALL db.create.setRelationshipVectorProperty(r, 'embedding', row.embedding)  // float32
WITH count(r) AS written
MATCH (n:GraphMemMeta {key: 'embedder'})
SET n.reembed_triplet_after = $after
RETURN written
