// Triplet signal's second read: the triplets the full-text part ranked best (ids from
// triplets_by_vector_and_terms, scored by the caller), with the memories that asserted them.
// $ids: list<string>, $vector. Returns one row, rows: a list of maps of id, source, predicate, target, fact, memory_ids, valid_from,
//   valid_to, ended_by, cosine (the fact's raw cosine to $vector, for the semantic gate).
UNWIND $ids AS id
MATCH (s:Entity)-[r:RELATES_TO {id: id}]->(t:Entity)
RETURN collect({id: r.id, source: s.name, predicate: r.predicate, target: t.name,
                fact: r.fact, memory_ids: r.memory_ids, valid_from: r.valid_from,
                valid_to: r.valid_to, ended_by: r.ended_by,
                cosine: vector.similarity.cosine(r.embedding, $vector) * 2 - 1}) AS rows
