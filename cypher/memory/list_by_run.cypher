// Memories of a scope filter anchored on its run_id, in a lifecycle view, newest first,
// keyset-paginated. Seeks the run_id index (one file per scope shape, picked by the ids
// given); the other ids narrow the rows found.
// $run_id (not null), $user_id, $agent_id (null = any), $states: list<string>, $limit,
// $cursor_at (datetime or null), $cursor_id. Returns: memory (its MemoryRecord fields, named
// so its vectors are not read, with linked_memory_ids: its context's memories, then those LINKED_TO).
// $filter: map{meta: list<list<string>> (every group must share a term with m.metadata_terms),
//   observed_gte, observed_lt, event_gte, event_lt (date-times or null)} (domain/filters.py).
MATCH (m:Memory {run_id: $run_id})
USING INDEX m:Memory(run_id)
WHERE ($user_id IS NULL OR m.user_id = $user_id)
  AND ($agent_id IS NULL OR m.agent_id = $agent_id)
  AND m.lifecycle_state IN $states
  AND all(g IN $filter.meta WHERE any(t IN g WHERE t IN m.metadata_terms))
  AND ($filter.observed_gte IS NULL OR m.observed_at >= $filter.observed_gte)
  AND ($filter.observed_lt IS NULL OR m.observed_at < $filter.observed_lt)
  AND ($filter.event_gte IS NULL OR m.event_date >= $filter.event_gte)
  AND ($filter.event_lt IS NULL OR m.event_date < $filter.event_lt)
  AND ($cursor_at IS NULL OR m.created_at < $cursor_at
       OR (m.created_at = $cursor_at AND m.id > $cursor_id))
RETURN m {.id, .text, .hash, .user_id, .agent_id, .run_id, .actor, .role, .metadata,
          .lifecycle_state, .replacement_memory_id, .immutable, .exclude_from_dream, .synthesized,
          .key_text, .created_at, .updated_at, .observed_at, .event_date,
          linked_memory_ids: coalesce(m.key_source_ids, []) + [(m)-[:LINKED_TO]->(o:Memory) | o.id]} AS memory
ORDER BY m.created_at DESC, m.id ASC
LIMIT $limit
