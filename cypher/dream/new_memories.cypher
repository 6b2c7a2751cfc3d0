// Memories of a Dream scope stored after its watermark, oldest first: active, not immutable,
// not excluded from Dream, not syntheses. A Dream scope is an owner: its memories are the
// owner's, of any agent and run (index seek on Memory.owner).
// $owner, $since (datetime), $limit.
// Returns: id, text, embedding, observed_at, created_at, run_id, entity_keys.
MATCH (m:Memory {owner: $owner})
WHERE m.created_at > $since
  AND m.lifecycle_state = 'active'
  AND NOT coalesce(m.immutable, false)
  AND NOT coalesce(m.exclude_from_dream, false)
  AND NOT coalesce(m.synthesized, false)
// embedding: the own text's (`text_embedding`, int8 bytes read as floats, beside a context
// key; Dream compares directions only)
RETURN m.id AS id, m.text AS text,
       coalesce(m.embedding, [x IN m.text_embedding | toFloat(x)]) AS embedding,
       m.observed_at AS observed_at,
       m.created_at AS created_at, m.run_id AS run_id,
       COLLECT { MATCH (m)-[:MENTIONS]->(e:Entity) RETURN e.key } AS entity_keys
ORDER BY m.created_at, m.id
LIMIT $limit
