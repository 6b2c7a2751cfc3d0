// How many of $ids are still active memories that Dream may use as sources.
// $ids: list<string>. Returns: count.
UNWIND $ids AS id
MATCH (m:Memory {id: id})
WHERE m.lifecycle_state = 'active'
  AND NOT coalesce(m.immutable, false)
  AND NOT coalesce(m.exclude_from_dream, false)
  AND NOT coalesce(m.synthesized, false)
RETURN count(m) AS count
