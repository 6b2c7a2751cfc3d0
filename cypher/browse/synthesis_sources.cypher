// Neo4j Browser: a user's Dream syntheses, each with the memories it was synthesised from.
// $user_id. Returns: p (paths (:Memory:Synthesis)-[:SYNTHESIZED_FROM]->(:Memory)).
MATCH p = (s:Synthesis {user_id: $user_id})-[:SYNTHESIZED_FROM]->(:Memory)
RETURN p
ORDER BY s.created_at
LIMIT 300
