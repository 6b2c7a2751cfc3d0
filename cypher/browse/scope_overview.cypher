// Neo4j Browser: a user's whole graph: memories with what they mention and their lifecycle
// edges, and the triplets between the user's entities.
// $user_id. Returns: p (paths).
MATCH p = (:Memory {user_id: $user_id})-[:MENTIONS|SUPERSEDED_BY|MERGED_INTO|SYNTHESIZED_FROM]->()
RETURN p
UNION
MATCH p = (:Entity {user_id: $user_id})-[:RELATES_TO]->(:Entity)
RETURN p
