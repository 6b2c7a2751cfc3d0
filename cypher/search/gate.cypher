// The semantic gate: exact cosine of every candidate to the query, with what ranking needs:
// the memory (without embedding) and when its replacement, if any, was observed.
// $ids: list<string>, $vector. Returns: memory (map), cosine (raw), replaced_at.
UNWIND $ids AS id
MATCH (m:Memory {id: id})
OPTIONAL MATCH (m)-[:SUPERSEDED_BY|MERGED_INTO]->(r:Memory)
RETURN m {.*, embedding: null} AS memory,
       vector.similarity.cosine(m.embedding, $vector) * 2 - 1 AS cosine,
       r.observed_at AS replaced_at
