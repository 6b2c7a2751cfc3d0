// The semantic gate: exact cosine of every candidate to the query, with what ranking needs:
// the memory (without embedding) and when its replacement, if any, was observed.
// Date-times come back as ISO-8601 strings: hydrating driver DateTime objects cost ~0.1 ms
// each, three times per candidate, which was most of this query's time (docs/benchmarks.md).
// $ids: list<string>, $vector. Returns: memory (map, date-times as strings), cosine (raw),
// replaced_at (string or null).
UNWIND $ids AS id
MATCH (m:Memory {id: id})
OPTIONAL MATCH (m)-[:SUPERSEDED_BY|MERGED_INTO]->(r:Memory)
RETURN m {.*, embedding: null,
          created_at: toString(m.created_at), updated_at: toString(m.updated_at),
          observed_at: toString(m.observed_at), event_date: toString(m.event_date),
          last_accessed_at: toString(m.last_accessed_at)} AS memory,
       vector.similarity.cosine(m.embedding, $vector) * 2 - 1 AS cosine,
       toString(r.observed_at) AS replaced_at
