// Create a synthesis: a normal active Memory (searchable: embedding, scope_key, scope_tokens)
// also labelled Synthesis, linked to each source by SYNTHESIZED_FROM. Sources are not changed.
// $row: map{id, text, hash, scope_key, owner, scope_tokens, user_id, agent_id, run_id, actor, role,
//   metadata, observed_at, immutable, exclude_from_dream, embedding, source_set_hash,
//   source_count}, $source_ids: list<string>, $now. Returns: id, sources.
WITH $row AS row
CREATE (m:Memory:Synthesis)
SET m = row {.*, embedding: null},
    m.created_at = $now,
    m.updated_at = $now,
    m.lifecycle_state = 'active',
    m.synthesized = true,
    m.access_count = 0
WITH m, row
CALL db.create.setNodeVectorProperty(m, 'embedding', row.embedding)  // float32, as memories
WITH m
UNWIND $source_ids AS source_id
MATCH (src:Memory {id: source_id})
CREATE (m)-[:SYNTHESIZED_FROM {at: $now}]->(src)
RETURN m.id AS id, count(src) AS sources
