// The source memories of one synthesis, oldest observation first.
// $id. Returns: memory (map without embedding).
MATCH (s:Memory {id: $id})-[:SYNTHESIZED_FROM]->(m:Memory)
WHERE s:Synthesis
RETURN m {.*, embedding: null, key_embedding: null, text_embedding: null} AS memory
ORDER BY m.observed_at, m.id
