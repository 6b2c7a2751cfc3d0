// Entity-centric expansion, depth 2 (same columns as entity_expand_1): triplets up to two
// hops from each seed, `hops` telling how far each lies.
// $seeds: list<string> (entity ids). Returns one row, rows: a list of maps of seed, seed_name, mentions, memory_ids, triplets.
UNWIND $seeds AS seed_id
MATCH (e:Entity {id: seed_id})
CALL (e) {
  OPTIONAL MATCH (m:Memory)-[:MENTIONS]->(e)
  RETURN count(m) AS mentions, collect(m.id)[..200] AS memory_ids
}
CALL (e) {
  MATCH path = (e)-[:RELATES_TO*1..2]-(:Entity)
  UNWIND range(0, length(path) - 1) AS i
  WITH relationships(path)[i] AS r, i + 1 AS hops
  WITH r, min(hops) AS hops
  MATCH (s:Entity)-[r]->(t:Entity)
  RETURN collect({id: r.id, source: s.name, predicate: r.predicate, target: t.name,
                  fact: r.fact, memory_ids: r.memory_ids, valid_from: r.valid_from,
                  valid_to: r.valid_to, ended_by: r.ended_by, hops: hops})[..200] AS triplets
}
RETURN collect({seed: e.id, seed_name: e.name, mentions: mentions, memory_ids: memory_ids,
                triplets: triplets}) AS rows
