// Re-point the MENTIONS edges of a duplicate entity to the owner's entity (no edge is lost:
// each memory that mentioned the duplicate mentions the target).
// $from_id, $to_id. Returns: moved.
MATCH (e:Entity {id: $from_id})
MATCH (t:Entity {id: $to_id})
OPTIONAL MATCH (m:Memory)-[old:MENTIONS]->(e)
WITH t, m, old WHERE old IS NOT NULL
MERGE (m)-[:MENTIONS]->(t)
DELETE old
RETURN count(old) AS moved
