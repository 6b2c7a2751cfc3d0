// Record that memories were returned by a search (decay reads these; nothing is deleted).
// $ids: list<string>, $now. Returns: count.
UNWIND $ids AS id
MATCH (m:Memory {id: id})
SET m.access_count = coalesce(m.access_count, 0) + 1, m.last_accessed_at = $now
RETURN count(m) AS count
