// Replace a memory's text (and re-embedding) and/or metadata, and record the UPDATE event
// ($event, with old_text and new_text added here); returns the old text. A new text drops the
// memory's context key (a new text comes with its $embedding, which is then the memory's
// indexed `embedding`; `text_embedding` goes). An immutable memory changes only with $force
// (no row, and no event, otherwise).
// A new text is then re-extracted (the caller runs memory/write_batch for the memory's new
// entities, mentions and triplets right after); first, in this statement:
// - the triplets the memory asserted that its new text no longer asserts are retired: the
//   memory's id moves from memory_ids to retired_memory_ids; a triplet that no memory asserts
//   any more is kept as history with retired_at (it is deleted, with its fact, only when the
//   last memory that ever asserted it is deleted);
// - its MENTIONS of entities the new text no longer names become MENTIONED (it used to name
//   them): search no longer links the memory to them, and a later delete still reaches the
//   triplets retired there.
// $keep_triplets: list<list<string>> ([source_key, predicate, target_key] still asserted),
// $keep_mentions: list<string> (entity keys still named); both ignored without a new $text.
// $id, $text (null = keep), $hash, $embedding, $metadata (JSON string or null = keep),
// $metadata_terms (list<string>, with $metadata), $now, $force (bool),
// $event: map{id, memory_id, event, at, actor, user_id, agent_id, run_id} (null values are not
// stored). Returns: old_text, memory (its MemoryRecord fields, named so
// its vectors are not read).
MATCH (m:Memory {id: $id})
WHERE $force OR NOT coalesce(m.immutable, false)
WITH m, m.text AS old_text
SET m.text = coalesce($text, m.text),
    m.hash = coalesce($hash, m.hash),
    m.metadata = coalesce($metadata, m.metadata),
    m.metadata_terms = CASE WHEN $metadata IS NULL THEN m.metadata_terms ELSE $metadata_terms END,
    m.updated_at = $now,
    // the context key ended with the old text: a new text was not said in that context
    m.key_text = CASE WHEN $text IS NULL THEN m.key_text ELSE null END,
    m.key_embedding = CASE WHEN $text IS NULL THEN m.key_embedding ELSE null END,
    m.key_source_ids = CASE WHEN $text IS NULL THEN m.key_source_ids ELSE null END
WITH m, old_text
CALL (m) {
  WITH m
  WHERE $embedding IS NOT NULL
  SET m.text_embedding = null  // no key any more: the own text's vector is the indexed one
  WITH m
  CALL db.create.setNodeVectorProperty(m, 'embedding', $embedding)  // float32, as on create
}
CREATE (h:MemoryEvent)
SET h = $event, h.old_text = old_text, h.new_text = m.text
WITH m, old_text
CALL (m) {
  WITH m
  WHERE $text IS NOT NULL
  MATCH (m)-[:MENTIONS]->(:Entity)-[r:RELATES_TO]-(:Entity)
  WHERE m.id IN r.memory_ids
  WITH DISTINCT m, r
  MATCH (s:Entity)-[r]->(t:Entity)
  WHERE NOT [s.key, r.predicate, t.key] IN $keep_triplets
  SET r.memory_ids = [x IN r.memory_ids WHERE x <> m.id],
      r.retired_memory_ids = coalesce(r.retired_memory_ids, []) + [m.id]
  WITH r, size(r.memory_ids) = 0 AS retired
  SET r.retired_at = CASE WHEN retired THEN $now ELSE r.retired_at END
}
CALL (m) {
  WITH m
  WHERE $text IS NOT NULL
  MATCH (m)-[l:MENTIONS]->(e:Entity)
  WHERE NOT e.key IN $keep_mentions
  MERGE (m)-[:MENTIONED]->(e)
  DELETE l
}
RETURN old_text, m {.id, .text, .hash, .user_id, .agent_id, .run_id, .actor, .role, .metadata,
                    .lifecycle_state, .replacement_memory_id, .immutable, .exclude_from_dream, .synthesized,
                    .key_text, .created_at, .updated_at, .observed_at, .event_date} AS memory
