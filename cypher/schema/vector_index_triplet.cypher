// Vector index on triplet fact embeddings (RELATES_TO relationships), scope ids as filters.
// $dimension: int. Returns nothing.
CYPHER 25
CREATE VECTOR INDEX triplet_embedding IF NOT EXISTS
FOR ()-[r:RELATES_TO]-() ON r.embedding
WITH [r.user_id, r.agent_id, r.run_id]
OPTIONS {indexConfig: {`vector.dimensions`: $dimension, `vector.similarity_function`: 'cosine'}}
