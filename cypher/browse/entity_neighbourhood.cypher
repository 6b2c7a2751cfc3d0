// Neo4j Browser: one entity of a user by name (case-insensitive), its triplets to other
// entities (RELATES_TO, with predicate and fact) and the memories that mention it.
// $user_id, $name. Returns: e (the entity), relations (paths), mentions (paths).
MATCH (e:Entity {user_id: $user_id})
WHERE e.normalized_name = toLower(trim($name)) OR toLower(e.name) = toLower(trim($name))
RETURN e,
       COLLECT { MATCH p = (e)-[:RELATES_TO]-(:Entity) RETURN p } AS relations,
       COLLECT { MATCH p = (:Memory)-[:MENTIONS]->(e) RETURN p } AS mentions
