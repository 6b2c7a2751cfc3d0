// Retire the triplets a memory asserted that its new text no longer asserts (run by an
// update, after the scope lock). The memory's id moves from memory_ids to retired_memory_ids;
// a triplet that no memory asserts any more is kept as history with retired_at (it is
// deleted, with its fact, only when the last memory that ever asserted it is deleted).
// $memory_id, $keep: list<list<string>> ([source_key, predicate, target_key] still asserted),
// $now. Returns: id, retired (true when no memory asserts it any more).
MATCH (:Memory {id: $memory_id})-[:MENTIONS]->(:Entity)-[r:RELATES_TO]-(:Entity)
WHERE $memory_id IN r.memory_ids
WITH DISTINCT r
MATCH (s:Entity)-[r]->(t:Entity)
WHERE NOT [s.key, r.predicate, t.key] IN $keep
SET r.memory_ids = [x IN r.memory_ids WHERE x <> $memory_id],
    r.retired_memory_ids = coalesce(r.retired_memory_ids, []) + [$memory_id]
WITH r, size(r.memory_ids) = 0 AS retired
SET r.retired_at = CASE WHEN retired THEN $now ELSE r.retired_at END
RETURN r.id AS id, retired
