// Older eligible memories of a Dream scope related to the new ones: raw cosine at least
// $min_cosine to one of them, or mentioning an entity one of them mentions. Closest first.
// A Dream scope is an owner (index seek on Memory.owner).
// $owner, $new_ids: list<string>, $min_cosine, $limit.
// Returns: id, text, embedding, observed_at, created_at, run_id, entity_keys, best.
UNWIND $new_ids AS new_id
MATCH (n:Memory {id: new_id})
MATCH (m:Memory {owner: $owner})
WHERE NOT m.id IN $new_ids
  AND m.lifecycle_state = 'active'
  AND NOT coalesce(m.immutable, false)
  AND NOT coalesce(m.exclude_from_dream, false)
  AND NOT coalesce(m.synthesized, false)
// own texts' vectors (`text_embedding` on a memory with a context key)
WITH m, vector.similarity.cosine(coalesce(m.embedding, m.text_embedding),
                                 coalesce(n.embedding, n.text_embedding)) * 2 - 1 AS cosine,
     EXISTS { (n)-[:MENTIONS]->(:Entity)<-[:MENTIONS]-(m) } AS shared
WITH m, max(cosine) AS best, max(CASE WHEN shared THEN 1 ELSE 0 END) AS shares
WHERE best >= $min_cosine OR shares = 1
RETURN m.id AS id, m.text AS text,
       coalesce(m.embedding, [x IN m.text_embedding | toFloat(x)]) AS embedding,
       m.observed_at AS observed_at,
       m.created_at AS created_at, m.run_id AS run_id,
       COLLECT { MATCH (m)-[:MENTIONS]->(e:Entity) RETURN e.key } AS entity_keys, best
ORDER BY best DESC, id
LIMIT $limit
