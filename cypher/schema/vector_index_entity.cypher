// Vector index on Entity name embeddings, with scope ids as in-index filters.
// $dimension: int. Returns nothing.
CYPHER 25
CREATE VECTOR INDEX entity_embedding IF NOT EXISTS
FOR (e:Entity) ON e.embedding
WITH [e.user_id, e.agent_id, e.run_id]
OPTIONS {indexConfig: {`vector.dimensions`: $dimension, `vector.similarity_function`: 'cosine'}}
