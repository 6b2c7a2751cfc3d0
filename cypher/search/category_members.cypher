// Member signal (set questions, graphmem/search/signals/members.py): the owner's concepts
// nearest in meaning to the category a query asks for ("European countries" -> Spain,
// England), by exact cosine over the owner's entities with a vector (people left out: a set's
// members are things, places, activities; the NLP extractor types them PERSON, an LLM
// `person`), the $k best; of those with a raw cosine in
// [$min_cosine, $max_cosine), the memories of the searched scopes that mention them.
// $owner, $vector (the category's), $k, $min_cosine, $max_cosine, $scope_keys: list<string>,
// $cap (memory ids per entity).
// Returns one row, rows: a list of maps of id, name, score (raw cosine), mentions (the
//   entity's mentions in the scopes), memory_ids (at most $cap).
MATCH (e:Entity {owner: $owner})
WHERE e.embedding IS NOT NULL AND toUpper(coalesce(e.type, '')) <> 'PERSON'
WITH e, vector.similarity.cosine(e.embedding, $vector) * 2 - 1 AS score
ORDER BY score DESC
LIMIT $k
WITH e, score
WHERE score >= $min_cosine AND score < $max_cosine
CALL (e) {
  MATCH (m:Memory)-[:MENTIONS]->(e)
  WHERE m.scope_key IN $scope_keys
  RETURN count(m) AS mentions, collect(m.id)[..$cap] AS memory_ids
}
RETURN collect({id: e.id, name: e.name, score: score, mentions: mentions,
                memory_ids: memory_ids}) AS rows
