// Triplet signal's second read: the triplets the full-text part ranked best (ids from
// triplets_by_vector_and_terms, scored by the caller), with the memories that asserted them.
// $ids: list<string>. Returns: id, source, predicate, target, fact, memory_ids, valid_from,
//   valid_to.
UNWIND $ids AS id
MATCH (s:Entity)-[r:RELATES_TO {id: id}]->(t:Entity)
RETURN r.id AS id, s.name AS source, r.predicate AS predicate, t.name AS target,
       r.fact AS fact, r.memory_ids AS memory_ids, r.valid_from AS valid_from,
       r.valid_to AS valid_to
