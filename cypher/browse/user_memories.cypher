// Neo4j Browser: a user's memories (every lifecycle state) with their lifecycle edges
// (SUPERSEDED_BY, MERGED_INTO, SYNTHESIZED_FROM) between memories.
// $user_id. Returns: m (each memory node), lifecycle (a list of one-hop lifecycle paths).
MATCH (m:Memory {user_id: $user_id})
RETURN m,
       COLLECT {
         MATCH p = (m)-[:SUPERSEDED_BY|MERGED_INTO|SYNTHESIZED_FROM]->(:Memory)
         RETURN p
       } AS lifecycle
ORDER BY m.observed_at
LIMIT 300
