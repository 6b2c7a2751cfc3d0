// Syntheses of one user (index seek on Memory.user_id; an agent id narrows), newest first,
// with their source ids. $user_id, $agent_id (null = any), $limit.
// Returns: id, text, lifecycle_state, created_at, observed_at, source_ids.
MATCH (s:Memory {user_id: $user_id})
USING INDEX s:Memory(user_id)
WHERE s:Synthesis AND ($agent_id IS NULL OR s.agent_id = $agent_id)
RETURN s.id AS id, s.text AS text, s.lifecycle_state AS lifecycle_state,
       s.created_at AS created_at, s.observed_at AS observed_at,
       COLLECT { MATCH (s)-[:SYNTHESIZED_FROM]->(m:Memory) RETURN m.id ORDER BY m.id } AS source_ids
ORDER BY s.created_at DESC, s.id
LIMIT $limit
