// Append history events (kept after their memory is deleted, as tombstones without text).
// $rows: list<map{id, memory_id, event, old_text, new_text, at, related_memory_id, reason,
//   actor, user_id, agent_id, run_id}> (absent keys are not stored). Returns: id.
UNWIND $rows AS row
CREATE (h:MemoryEvent)
SET h = row
RETURN h.id AS id
