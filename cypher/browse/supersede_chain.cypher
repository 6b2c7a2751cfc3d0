// Neo4j Browser: whole supersede/merge chains, from the first memory to the current one.
// With $memory_id, the chain(s) through that memory; otherwise every chain of $user_id
// (:param memory_id => null). Returns: p (one path per chain).
MATCH (m:Memory)
WHERE m.id = $memory_id OR ($memory_id IS NULL AND m.user_id = $user_id)
MATCH p = (first:Memory)-[:SUPERSEDED_BY|MERGED_INTO]->*(m)
          -[:SUPERSEDED_BY|MERGED_INTO]->*(last:Memory)
WHERE length(p) > 0
  AND NOT EXISTS { (:Memory)-[:SUPERSEDED_BY|MERGED_INTO]->(first) }
  AND NOT EXISTS { (last)-[:SUPERSEDED_BY|MERGED_INTO]->(:Memory) }
RETURN DISTINCT p
LIMIT 100
