// Vector index on Memory embeddings, with scope and lifecycle as in-index filters.
// $dimension: int. Returns nothing.
CYPHER 25
CREATE VECTOR INDEX memory_embedding IF NOT EXISTS
FOR (m:Memory) ON m.embedding
WITH [m.user_id, m.agent_id, m.run_id, m.lifecycle_state]
OPTIONS {indexConfig: {`vector.dimensions`: $dimension, `vector.similarity_function`: 'cosine'}}
