// Create entities that do not exist yet (resolved by key = owner key + normalised name: one
// entity per owner and name, across runs) and link the memories that mention each one, in one
// statement. The scope ids stored are the owner's.
// $rows: list<map{key, id, name, normalized_name, type, owner, scope_tokens, user_id,
//   agent_id, run_id, embedding, memory_ids}> (memory_ids: the memories mentioning it), $now.
// Returns: mentions (count).
UNWIND $rows AS row
MERGE (e:Entity {key: row.key})
ON CREATE SET e.id = row.id, e.name = row.name, e.normalized_name = row.normalized_name,
    e.owner = row.owner, e.user_id = row.user_id, e.agent_id = row.agent_id,
    e.run_id = row.run_id, e.created_at = $now, e.scope_tokens = row.scope_tokens
SET e.type = coalesce(e.type, row.type)
WITH e, row
CALL (e, row) {  // a new entity's vector, stored as float32
  WITH e, row
  WHERE e.embedding IS NULL AND row.embedding IS NOT NULL
  CALL db.create.setNodeVectorProperty(e, 'embedding', row.embedding)
}
WITH e, row
UNWIND row.memory_ids AS memory_id
MATCH (m:Memory {id: memory_id})
MERGE (m)-[:MENTIONS]->(e)
RETURN count(*) AS mentions
