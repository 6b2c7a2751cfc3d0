// Create memories (state active).
// $rows: list<map{id, text, hash, scope_key, scope_tokens, user_id, agent_id, run_id, actor, role, metadata,
//   observed_at, event_date, immutable, exclude_from_dream, embedding}>, $now. Returns: id.
UNWIND $rows AS row
CREATE (m:Memory)
SET m = row,
    m.created_at = $now,
    m.updated_at = $now,
    m.lifecycle_state = 'active',
    m.synthesized = false,
    m.access_count = 0
RETURN m.id AS id
