// Link memories to the entities they mention.
// $rows: list<map{memory_id, entity_key}>. Returns: count.
UNWIND $rows AS row
MATCH (m:Memory {id: row.memory_id})
MATCH (e:Entity {key: row.entity_key})
MERGE (m)-[:MENTIONS]->(e)
RETURN count(*) AS count
