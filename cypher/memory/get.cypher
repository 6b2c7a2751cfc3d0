// One memory by id, only if it lies in the given scope (null scope ids match anything).
// $id, $user_id, $agent_id, $run_id. Returns: memory (its MemoryRecord fields, named
// so its vectors are not read, with linked_memory_ids: its context's memories, then those LINKED_TO).
MATCH (m:Memory {id: $id})
WHERE ($user_id IS NULL OR m.user_id = $user_id)
  AND ($agent_id IS NULL OR m.agent_id = $agent_id)
  AND ($run_id IS NULL OR m.run_id = $run_id)
RETURN m {.id, .text, .hash, .user_id, .agent_id, .run_id, .actor, .role, .metadata,
          .lifecycle_state, .replacement_memory_id, .immutable, .exclude_from_dream, .synthesized,
          .key_text, .created_at, .updated_at, .observed_at, .event_date,
          linked_memory_ids: coalesce(m.key_source_ids, []) + [(m)-[:LINKED_TO]->(o:Memory) | o.id]} AS memory
