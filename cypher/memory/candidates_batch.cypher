// Lifecycle candidates for an add's new memories (one owner), in one round trip. Per item,
// the union of:
// - nearest: the $k active memories of the owner most similar to the new one. An owner of up
//   to $exact_scan_max memories (or one without a user, as search does) is scanned exactly.
//   A larger user's is asked through both vector indexes, filtered inside the index to the
//   user and to active memories, $fetch each: by the new memory's own vector (item.vector)
//   and, when it has a context key, by the key's. What they return is re-scored exactly.
// - slots: the active memories asserting a triplet with the same subject and a functional
//   predicate ($functional) as one the new memory asserts (the newest $k), so a changed fact
//   finds the memory it replaces however many others the owner holds.
// - proposed: the item's proposed ids of the same owner.
// $items: list<map {new_id, vector: list<float>, proposed: list<string>}>, $k, $fetch,
//   $exact_scan_max, $exclude: list<string>, $functional: list<string> (normalised).
// Returns: new_id, id, text, observed_at, immutable, exclude_from_dream, cosine (raw),
//   triplets (list<map{id, source, predicate, target, fact, valid_from, valid_to, memory_ids}>).
CYPHER 25
MATCH (first:Memory {id: $items[0].new_id})
WITH first.user_id IS NOT NULL
     AND COUNT { MATCH (o:Memory {owner: first.owner}) } > $exact_scan_max AS indexed
UNWIND $items AS item
MATCH (n:Memory {id: item.new_id})
CALL (n, item, indexed) {
  WITH n WHERE NOT indexed
  MATCH (m:Memory {owner: n.owner})
  USING INDEX m:Memory(owner)  // never all owners' active memories (a plan made on a small store)
  WHERE m.lifecycle_state = 'active' AND NOT m.id IN $exclude
  WITH m ORDER BY vector.similarity.cosine(coalesce(m.embedding, m.text_embedding), coalesce(n.embedding, n.text_embedding)) DESC LIMIT $k
  RETURN m
  UNION
  WITH n, item WHERE indexed
  CALL (n, item) {
    MATCH (m:Memory)
      SEARCH m IN (VECTOR INDEX memory_embedding FOR item.vector
                   WHERE m.user_id = n.user_id AND m.lifecycle_state = 'active' LIMIT $fetch)
    RETURN m
    UNION
    MATCH (m:Memory)
      SEARCH m IN (VECTOR INDEX memory_key_embedding FOR item.vector
                   WHERE m.user_id = n.user_id AND m.lifecycle_state = 'active' LIMIT $fetch)
    RETURN m
    UNION
    WITH n WHERE n.key_embedding IS NOT NULL
    MATCH (m:Memory)
      SEARCH m IN (VECTOR INDEX memory_key_embedding FOR n.key_embedding
                   WHERE m.user_id = n.user_id AND m.lifecycle_state = 'active' LIMIT $fetch)
    RETURN m
  }
  WITH n, m
  WHERE m.owner = n.owner AND m.lifecycle_state = 'active' AND NOT m.id IN $exclude
  WITH m ORDER BY vector.similarity.cosine(coalesce(m.embedding, m.text_embedding), coalesce(n.embedding, n.text_embedding)) DESC LIMIT $k
  RETURN m
  UNION
  MATCH (n)-[:MENTIONS]->(s:Entity)-[r:RELATES_TO]->()
  WHERE n.id IN r.memory_ids AND r.predicate IN $functional
  MATCH (s)-[same:RELATES_TO]->()
  WHERE toString(same.predicate) = r.predicate
  UNWIND same.memory_ids AS id
  MATCH (m:Memory {id: id})
  WHERE m.owner = n.owner AND m.lifecycle_state = 'active' AND NOT m.id IN $exclude
  WITH DISTINCT m ORDER BY m.observed_at DESC LIMIT $k
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
