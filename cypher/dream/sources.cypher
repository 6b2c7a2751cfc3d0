// The source memories of one synthesis, oldest observation first.
// $id. Returns: memory (its MemoryRecord fields, named so its vectors are not read).
MATCH (s:Memory {id: $id})-[:SYNTHESIZED_FROM]->(m:Memory)
WHERE s:Synthesis
RETURN m {.id, .text, .hash, .user_id, .agent_id, .run_id, .actor, .role, .metadata,
          .lifecycle_state, .replacement_memory_id, .immutable, .exclude_from_dream, .synthesized,
          .key_text, .created_at, .updated_at, .observed_at, .event_date} AS memory
ORDER BY m.observed_at, m.id
