// The body of an add, after its scope locks, in one round trip (an update's re-extraction uses
// it too, with no memories to create and no links): each part is a subquery over its own rows,
// run in this order, each seeing what the ones before it wrote. Under group commit one
// transaction runs several adds one after another, so every round trip saved here is saved on
// the path every queued write waits on (docs/reliability.md, "Group commit").
//
// 1. Create memories (state active), each with its ADD history event. key_text /
//    key_embedding are null for a memory stored without conversation context (then no property
//    is written). One vector per memory is indexed: a memory without a context key keeps its own
//    text's vector in `embedding` (index memory_embedding); a memory with one keeps the key's in
//    `key_embedding` (index memory_key_embedding) and its own text's, unindexed, in
//    `text_embedding` as int8 bytes (adapters/neo4j/vector_codec.py), which the gate,
//    lifecycle, dedupe and Dream compare exactly. Indexed vectors are stored as float32
//    (db.create.setNodeVectorProperty): half the bytes of a list property, same similarity.
// 2. Create the entities that do not exist yet (resolved by key = owner key + normalised name:
//    one entity per owner and name, across runs) and link the memories that mention each one.
//    The scope ids stored are the owner's.
// 3. Record which existing memories each new memory relates to (issue 12 section 7,
//    linked_memory_ids): the owner's memories that mention the same entities or concepts, best
//    first by shared entities weighted 1/log(mentions) so rare ones count most. Hubs (entities
//    mentioned by more than $max_mentions memories, such as the speaker) link nothing. The
//    memories its context key was formed from are linked through key_source_ids, not here.
// 4. Store triplets: a current triplet (not ended, not retired) with the same source, predicate
//    and target gains the new memory ids as provenance; otherwise a new RELATES_TO relationship
//    is created. The predicate is a property, never a relationship type. Triplets belong to the
//    owner of their entities.
//
// $rows: list<map{id, text, hash, scope_key, owner, scope_tokens, user_id, agent_id, run_id,
//   actor, role, metadata, metadata_terms, observed_at, event_date, immutable,
//   exclude_from_dream, embedding (null beside a key), text_embedding (bytes beside a key, else
//   null), key_text, key_embedding, key_source_ids, event}>, where event is the ADD event's map;
// $entities: list<map{key, id, name, normalized_name, type, owner, scope_tokens, user_id,
//   agent_id, run_id, embedding, memory_ids}> (memory_ids: the memories mentioning it);
// $link_ids: list<string> (the new memories to link), $k (links per memory), $max_mentions;
// $triplets: list<map{id, source_key, target_key, predicate, fact, embedding, valid_from,
//   valid_to, memory_ids, owner, scope_tokens, user_id, agent_id, run_id}> (deduplicated by the
//   caller); $now.
// Returns: one row per triplet: id, source, predicate, target, fact, valid_from, valid_to,
//   memory_ids, created.
CALL () {
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
}
CALL () {
  UNWIND $entities AS row
  MERGE (e:Entity {key: row.key})
  ON CREATE SET e.id = row.id, e.name = row.name, e.normalized_name = row.normalized_name,
      e.owner = row.owner, e.user_id = row.user_id, e.agent_id = row.agent_id,
      e.run_id = row.run_id, e.created_at = $now, e.scope_tokens = row.scope_tokens
  SET e.type = coalesce(e.type, row.type)
  WITH e, row
  CALL (e, row) {  // a new entity's vector, stored as float32
    WITH e, row
    WHERE e.embedding IS NULL AND row.embedding IS NOT NULL
    CALL db.create.setNodeVectorProperty(e, 'embedding', row.embedding)
  }
  WITH e, row
  UNWIND row.memory_ids AS memory_id
  MATCH (m:Memory {id: memory_id})
  MERGE (m)-[:MENTIONS]->(e)
}
CALL () {
  UNWIND $link_ids AS id
  MATCH (m:Memory {id: id})-[:MENTIONS]->(e:Entity)
  WITH m, e, COUNT { (e)<-[:MENTIONS]-() } AS mentions  // only memories mention: a degree read
  WHERE mentions > 1 AND mentions <= $max_mentions
  MATCH (e)<-[:MENTIONS]-(o:Memory)
  WHERE o <> m AND o.owner = m.owner AND o.lifecycle_state = 'active'
    AND NOT o.id IN coalesce(m.key_source_ids, [])
  WITH m, o, sum(1.0 / log(mentions + 1.0)) AS weight
  ORDER BY weight DESC, o.created_at DESC
  WITH m, collect(o)[..$k] AS related
  UNWIND related AS o
  MERGE (m)-[l:LINKED_TO]->(o)
    ON CREATE SET l.via = 'entity', l.created_at = $now
}
UNWIND $triplets AS row
MATCH (s:Entity {key: row.source_key})
MATCH (t:Entity {key: row.target_key})
// toString(): the planner expands from s to t (their few relationships) instead of seeking
// the predicate index, which holds every owner's triplets with that predicate (a cost that
// grew with the whole store)
OPTIONAL MATCH (s)-[old:RELATES_TO]->(t)
WHERE toString(old.predicate) = row.predicate
  AND old.valid_to IS NULL AND old.retired_at IS NULL
WITH row, s, t, head(collect(old)) AS existing
CALL (row, s, t, existing) {
  WITH row, s, t, existing
  WHERE existing IS NULL
  CREATE (s)-[r:RELATES_TO]->(t)
  SET r.id = row.id, r.predicate = row.predicate, r.fact = row.fact,
      r.valid_from = row.valid_from, r.valid_to = row.valid_to,
      r.created_at = $now, r.memory_ids = row.memory_ids,
      r.user_id = row.user_id, r.agent_id = row.agent_id, r.run_id = row.run_id,
      r.owner = row.owner, r.scope_tokens = row.scope_tokens
  WITH r, row
  CALL db.create.setRelationshipVectorProperty(r, 'embedding', row.embedding)  // float32
  RETURN r, true AS created
  UNION
  WITH row, existing
  WHERE existing IS NOT NULL
  SET existing.memory_ids = existing.memory_ids
      + [x IN row.memory_ids WHERE NOT x IN existing.memory_ids]
  RETURN existing AS r, false AS created
}
RETURN r.id AS id, s.name AS source, r.predicate AS predicate, t.name AS target,
       r.fact AS fact, r.valid_from AS valid_from, r.valid_to AS valid_to,
       r.memory_ids AS memory_ids, created
