// Create memories (state active). key_text / key_embedding are null for a memory stored
// without conversation context (then no property is written).
// $rows: list<map{id, text, hash, scope_key, owner, scope_tokens, user_id, agent_id, run_id, actor,
//   role, metadata, metadata_terms, observed_at, event_date, immutable, exclude_from_dream, embedding, key_text,
//   key_embedding, key_source_ids}>, $now.
// Returns: id.
UNWIND $rows AS row
CREATE (m:Memory)
SET m = row,
    m.created_at = $now,
    m.updated_at = $now,
    m.lifecycle_state = 'active',
    m.synthesized = false,
    m.access_count = 0
RETURN m.id AS id
