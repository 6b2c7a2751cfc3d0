// For each vector of $vectors, the $k active memories of an owner (any run) most similar to
// it, by exact cosine: one round trip for all the messages of an add (the memories an LLM is
// shown before it extracts). An owner of up to $exact_scan_max memories, or one that is not a
// user, is scanned whole. A larger user's memories are first narrowed to the $fetch nearest
// of each memory vector index (own texts, context keys; filtered inside the index to the
// user and to active memories), then ranked by the same exact cosine of their own texts.
// A read before the add's write transaction: when the index fails inside Neo4j
// (docs/reliability.md, 2c) the caller reads again with the scan (services/context.py).
// $owner, $user_id (null when the owner is not a user), $vectors: list<list<float>>, $k,
// $fetch, $exact_scan_max, $exclude: list<string>.
// Returns: i (the vector's index in $vectors), id, text, observed_at, immutable,
//   exclude_from_dream, score (raw cosine in [-1, 1]), entities (names of the owner's
//   entities the memory mentions: the extractor reuses their spelling).
CYPHER 25
WITH $user_id IS NOT NULL
     AND COUNT { MATCH (o:Memory {owner: $owner}) } > $exact_scan_max AS large
UNWIND range(0, size($vectors) - 1) AS i
CALL (i, large) {
  WITH i WHERE NOT large
  MATCH (m:Memory {owner: $owner})
  USING INDEX m:Memory(owner)  // never all owners' active memories (a plan made on a small store)
  WHERE m.lifecycle_state = 'active' AND NOT m.id IN $exclude
  WITH m, vector.similarity.cosine(coalesce(m.embedding, m.text_embedding), $vectors[i]) * 2 - 1 AS score
  ORDER BY score DESC
  LIMIT $k
  RETURN m, score
  UNION
  WITH i WHERE large
  CALL (i) {
    MATCH (m:Memory)
      SEARCH m IN (VECTOR INDEX memory_embedding FOR $vectors[i]
                   WHERE m.user_id = $user_id AND m.lifecycle_state = 'active' LIMIT $fetch)
    RETURN m
    UNION
    MATCH (m:Memory)
      SEARCH m IN (VECTOR INDEX memory_key_embedding FOR $vectors[i]
                   WHERE m.user_id = $user_id AND m.lifecycle_state = 'active' LIMIT $fetch)
    RETURN m
  }
  WITH i, m
  WHERE m.owner = $owner AND m.lifecycle_state = 'active' AND NOT m.id IN $exclude
  WITH m, vector.similarity.cosine(coalesce(m.embedding, m.text_embedding), $vectors[i]) * 2 - 1 AS score
  ORDER BY score DESC
  LIMIT $k
  RETURN m, score
}
RETURN i, m.id AS id, m.text AS text, m.observed_at AS observed_at,
       coalesce(m.immutable, false) AS immutable,
       coalesce(m.exclude_from_dream, false) AS exclude_from_dream, score,
       [(m)-[:MENTIONS]->(e:Entity {owner: $owner}) | e.name] AS entities
