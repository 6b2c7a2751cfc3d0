// Append history events (kept even after their memory is deleted).
// $rows: list<map{id, memory_id, event, old_text, new_text, at, related_memory_id, reason,
//   user_id, agent_id, run_id}>. Returns: id.
UNWIND $rows AS row
CREATE (h:MemoryEvent)
SET h = row
RETURN h.id AS id
