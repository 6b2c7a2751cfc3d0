// The $k active memories of an owner (any run) most similar to $vector, by exact cosine.
// $owner, $vector, $k, $exclude: list<string>.
// Returns: id, text, observed_at, immutable, exclude_from_dream, score (raw cosine in [-1, 1]).
MATCH (m:Memory {owner: $owner})
WHERE m.lifecycle_state = 'active' AND NOT m.id IN $exclude
WITH m, vector.similarity.cosine(m.embedding, $vector) * 2 - 1 AS score
ORDER BY score DESC
LIMIT $k
RETURN m.id AS id, m.text AS text, m.observed_at AS observed_at,
       coalesce(m.immutable, false) AS immutable,
       coalesce(m.exclude_from_dream, false) AS exclude_from_dream, score
