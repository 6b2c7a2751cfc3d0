// For each vector of $vectors, the $k active memories of an owner (any run) most similar to
// it, by exact cosine: one round trip for all the messages of an add.
// $owner, $vectors: list<list<float>>, $k, $exclude: list<string>.
// Returns: i (the vector's index in $vectors), id, text, observed_at, immutable,
//   exclude_from_dream, score (raw cosine in [-1, 1]), entities (names of the owner's
//   entities the memory mentions: the extractor reuses their spelling).
UNWIND range(0, size($vectors) - 1) AS i
CALL (i) {
  MATCH (m:Memory {owner: $owner})
  USING INDEX m:Memory(owner)  // never all owners' active memories (a plan made on a small store)
  WHERE m.lifecycle_state = 'active' AND NOT m.id IN $exclude
  WITH m, vector.similarity.cosine(coalesce(m.embedding, m.text_embedding), $vectors[i]) * 2 - 1 AS score
  ORDER BY score DESC
  LIMIT $k
  RETURN m, score
}
RETURN i, m.id AS id, m.text AS text, m.observed_at AS observed_at,
       coalesce(m.immutable, false) AS immutable,
       coalesce(m.exclude_from_dream, false) AS exclude_from_dream, score,
       [(m)-[:MENTIONS]->(e:Entity {owner: $owner}) | e.name] AS entities
