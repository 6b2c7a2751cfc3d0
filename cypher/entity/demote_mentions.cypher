// After an update, the memory's MENTIONS of entities its new text no longer names become
// MENTIONED (it used to name them): search no longer links the memory to them, and a later
// delete still reaches the triplets retired there. Run before entity/mentions_batch.
// $memory_id, $keep: list<string> (entity keys still named). Returns: count.
MATCH (m:Memory {id: $memory_id})-[l:MENTIONS]->(e:Entity)
WHERE NOT e.key IN $keep
MERGE (m)-[:MENTIONED]->(e)
DELETE l
RETURN count(*) AS count
