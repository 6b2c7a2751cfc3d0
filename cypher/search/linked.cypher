// The memories search results are linked to (include_linked), when they lie in the searched
// scopes and the search's lifecycle view.
// $ids: list<string>, $scope_keys: list<string>, $states: list<string>.
// Returns one row, rows: a list of maps of memory (its MemoryRecord
// fields, named so its vectors are not read, with linked_memory_ids).
UNWIND $ids AS id
MATCH (m:Memory {id: id})
WHERE m.scope_key IN $scope_keys AND m.lifecycle_state IN $states
RETURN collect({memory: m {.id, .text, .hash, .user_id, .agent_id, .run_id, .actor, .role, .metadata,
          .lifecycle_state, .replacement_memory_id, .immutable, .exclude_from_dream, .synthesized,
          .key_text, .created_at, .updated_at, .observed_at, .event_date,
          linked_memory_ids: coalesce(m.key_source_ids, [])
                             + [(m)-[:LINKED_TO]->(o:Memory) | o.id]}}) AS rows
