// Vector index on Memory context-key embeddings (the turn embedded with the turns before
// it), with scope and lifecycle as in-index filters, like `memory_embedding`.
// $dimension: int. Returns nothing.
CYPHER 25
CREATE VECTOR INDEX memory_key_embedding IF NOT EXISTS
FOR (m:Memory) ON m.key_embedding
WITH [m.user_id, m.agent_id, m.run_id, m.lifecycle_state]
OPTIONS {indexConfig: {`vector.dimensions`: $dimension, `vector.similarity_function`: 'cosine'}}
