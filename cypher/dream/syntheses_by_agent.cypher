// Syntheses of one agent (index seek on Memory.agent_id), newest first, with their source
// ids. $agent_id, $limit.
// Returns: id, text, lifecycle_state, created_at, observed_at, source_ids.
MATCH (s:Memory {agent_id: $agent_id})
USING INDEX s:Memory(agent_id)
WHERE s:Synthesis
RETURN s.id AS id, s.text AS text, s.lifecycle_state AS lifecycle_state,
       s.created_at AS created_at, s.observed_at AS observed_at,
       COLLECT { MATCH (s)-[:SYNTHESIZED_FROM]->(m:Memory) RETURN m.id ORDER BY m.id } AS source_ids
ORDER BY s.created_at DESC, s.id
LIMIT $limit
