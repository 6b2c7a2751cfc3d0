// Triplets asserted by any of these memories, with the memory each was found through (so a
// caller can answer triplet/for_memories for any subset of $memory_ids from one read).
// $memory_ids: list<string>. Returns: mid, id, source, predicate, target, fact, valid_from,
//   valid_to, memory_ids.
UNWIND $memory_ids AS mid
MATCH (m:Memory {id: mid})-[:MENTIONS]->(s:Entity)-[r:RELATES_TO]->(t:Entity)
WHERE mid IN r.memory_ids
RETURN DISTINCT mid, r.id AS id, s.name AS source, r.predicate AS predicate, t.name AS target,
       r.fact AS fact, r.valid_from AS valid_from, r.valid_to AS valid_to,
       r.memory_ids AS memory_ids
