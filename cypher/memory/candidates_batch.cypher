// Lifecycle candidates for several newly written memories in one round trip: for each item
// of $items, what memory/candidates returns for its new_id and proposed ids, and with each
// candidate the triplets it asserts (what triplet/hits_for_memories returns for its id).
// $items: list<map {new_id: string, proposed: list<string>}>, $k, $exclude: list<string>.
// Returns: new_id, id, text, observed_at, immutable, exclude_from_dream, cosine (raw),
//   triplets (list<map{id, source, predicate, target, fact, valid_from, valid_to, memory_ids}>).
UNWIND $items AS item
MATCH (n:Memory {id: item.new_id})
CALL (n, item) {
  MATCH (m:Memory {owner: n.owner})
  USING INDEX m:Memory(owner)  // never all owners' active memories (a plan made on a small store)
  WHERE m.lifecycle_state = 'active' AND NOT m.id IN $exclude
  WITH m ORDER BY vector.similarity.cosine(coalesce(m.embedding, m.text_embedding), coalesce(n.embedding, n.text_embedding)) DESC LIMIT $k
  RETURN m
  UNION
  MATCH (m:Memory)
  WHERE m.id IN item.proposed AND m.owner = n.owner
  RETURN m
}
RETURN n.id AS new_id, m.id AS id, m.text AS text, m.observed_at AS observed_at,
       coalesce(m.immutable, false) AS immutable,
       coalesce(m.exclude_from_dream, false) AS exclude_from_dream,
       vector.similarity.cosine(coalesce(m.embedding, m.text_embedding), coalesce(n.embedding, n.text_embedding)) * 2 - 1 AS cosine,
       COLLECT {
         MATCH (m)-[:MENTIONS]->(s:Entity)-[r:RELATES_TO]->(t:Entity)
         WHERE m.id IN r.memory_ids
         RETURN DISTINCT {id: r.id, source: s.name, predicate: r.predicate, target: t.name,
                          fact: r.fact, valid_from: r.valid_from, valid_to: r.valid_to,
                          memory_ids: r.memory_ids}
       } AS triplets
