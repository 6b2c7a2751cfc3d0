// Create memories (state active), each with its ADD history event, in one statement.
// key_text / key_embedding are null for a memory stored without conversation context (then no
// property is written). One vector per memory is indexed: a memory without a context key keeps
// its own text's vector in `embedding` (index memory_embedding); a memory with one keeps the
// key's in `key_embedding` (index memory_key_embedding) and its own text's, unindexed, in
// `text_embedding` as int8 bytes (adapters/neo4j/vector_codec.py), which the gate, lifecycle,
// dedupe and Dream compare exactly. Indexed vectors are stored as float32
// (db.create.setNodeVectorProperty): half the bytes of a list property, same similarity.
// $rows: list<map{id, text, hash, scope_key, owner, scope_tokens, user_id, agent_id, run_id, actor,
//   role, metadata, metadata_terms, observed_at, event_date, immutable, exclude_from_dream,
//   embedding (null beside a key), text_embedding (bytes beside a key, else null), key_text,
//   key_embedding, key_source_ids, event}>, where event is the ADD event's map (as
//   history/create_batch stores a row), $now.
// Returns: id.
UNWIND $rows AS row
CREATE (m:Memory)
SET m = row {.*, embedding: null, key_embedding: null, event: null},
    m.created_at = $now,
    m.updated_at = $now,
    m.lifecycle_state = 'active',
    m.synthesized = false,
    m.access_count = 0
CREATE (h:MemoryEvent)
SET h = row.event
WITH m, row
CALL (m, row) {
  WITH m, row
  WHERE row.embedding IS NOT NULL
  CALL db.create.setNodeVectorProperty(m, 'embedding', row.embedding)
}
CALL (m, row) {
  WITH m, row
  WHERE row.key_embedding IS NOT NULL
  CALL db.create.setNodeVectorProperty(m, 'key_embedding', row.key_embedding)
}
RETURN m.id AS id
