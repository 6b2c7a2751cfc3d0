// Every synthesis, newest first, with their source ids. $limit.
// Returns: id, text, lifecycle_state, created_at, observed_at, source_ids.
MATCH (s:Synthesis)
RETURN s.id AS id, s.text AS text, s.lifecycle_state AS lifecycle_state,
       s.created_at AS created_at, s.observed_at AS observed_at,
       COLLECT { MATCH (s)-[:SYNTHESIZED_FROM]->(m:Memory) RETURN m.id ORDER BY m.id } AS source_ids
ORDER BY s.created_at DESC, s.id
LIMIT $limit
