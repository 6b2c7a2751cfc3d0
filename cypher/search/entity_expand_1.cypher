// Entity-centric expansion, depth 1: from each seed entity, the memories that mention it and
// the triplets touching it (with the memories that asserted them). Hub entities are damped
// by the caller using `mentions` (how many memories mention the seed).
// $seeds: list<string> (entity ids). Returns one row, rows: a list of maps of seed, seed_name, mentions, memory_ids (mentioning the
//   seed, at most 200), triplets (list of maps: id, source, predicate, target, fact,
//   memory_ids, valid_from, valid_to, ended_by, hops).
UNWIND $seeds AS seed_id
MATCH (e:Entity {id: seed_id})
CALL (e) {
  OPTIONAL MATCH (m:Memory)-[:MENTIONS]->(e)
  RETURN count(m) AS mentions, collect(m.id)[..200] AS memory_ids
}
CALL (e) {
  MATCH (e)-[r:RELATES_TO]-(:Entity)
  WITH DISTINCT r
  MATCH (s:Entity)-[r]->(t:Entity)
  RETURN collect({id: r.id, source: s.name, predicate: r.predicate, target: t.name,
                  fact: r.fact, memory_ids: r.memory_ids, valid_from: r.valid_from,
                  valid_to: r.valid_to, ended_by: r.ended_by, hops: 1})[..200] AS triplets
}
RETURN collect({seed: e.id, seed_name: e.name, mentions: mentions, memory_ids: memory_ids,
                triplets: triplets}) AS rows
