// The memories search results are linked to (include_linked), when they lie in the searched
// scopes and the search's lifecycle view.
// $ids: list<string>, $scope_keys: list<string>, $states: list<string>.
// Returns one row, rows: a list of maps of memory (map without embeddings, with linked_memory_ids).
UNWIND $ids AS id
MATCH (m:Memory {id: id})
WHERE m.scope_key IN $scope_keys AND m.lifecycle_state IN $states
RETURN collect({memory: m {.*, embedding: null, key_embedding: null, text_embedding: null,
          linked_memory_ids: coalesce(m.key_source_ids, [])
                             + [(m)-[:LINKED_TO]->(o:Memory) | o.id]}}) AS rows
