// Neo4j Browser: a user's whole graph: memories with what they mention and their lifecycle
// edges, memories linked to nothing (as single nodes), and the triplets between the user's
// entities. $user_id. Returns: p (paths; a lone memory is a path of length 0).
MATCH p = (:Memory {user_id: $user_id})-[:MENTIONS|SUPERSEDED_BY|MERGED_INTO|SYNTHESIZED_FROM]->()
RETURN p
UNION
MATCH p = (m:Memory {user_id: $user_id})
WHERE NOT EXISTS { (m)-[:MENTIONS|SUPERSEDED_BY|MERGED_INTO|SYNTHESIZED_FROM]-() }
RETURN p
UNION
MATCH p = (:Entity {user_id: $user_id})-[:RELATES_TO]->(:Entity)
RETURN p
