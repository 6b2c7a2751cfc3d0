// Lifecycle candidates for a newly written memory: the $k active memories of its owner (any
// run) most similar to it (exact cosine), plus any explicitly proposed ids of the same owner.
// $new_id, $k, $exclude: list<string>, $proposed: list<string>.
// Returns: id, text, observed_at, immutable, exclude_from_dream, cosine (raw, [-1, 1]).
MATCH (n:Memory {id: $new_id})
CALL (n) {
  MATCH (m:Memory {owner: n.owner})
  USING INDEX m:Memory(owner)  // never all owners' active memories (a plan made on a small store)
  WHERE m.lifecycle_state = 'active' AND NOT m.id IN $exclude
  WITH m ORDER BY vector.similarity.cosine(coalesce(m.embedding, m.text_embedding), coalesce(n.embedding, n.text_embedding)) DESC LIMIT $k
  RETURN m
  UNION
  MATCH (m:Memory)
  WHERE m.id IN $proposed AND m.owner = n.owner
  RETURN m
}
RETURN m.id AS id, m.text AS text, m.observed_at AS observed_at,
       coalesce(m.immutable, false) AS immutable,
       coalesce(m.exclude_from_dream, false) AS exclude_from_dream,
       vector.similarity.cosine(coalesce(m.embedding, m.text_embedding), coalesce(n.embedding, n.text_embedding)) * 2 - 1 AS cosine
