// The second and last round trip of a delete (adapters/neo4j/erasure.py), after
// memory/delete_lock: each part is a subquery run once, in this order, each seeing what the
// ones before it wrote.
// 1. Lock the memories the deleted ones had replaced ($replaced, id order).
// 2. Reactivate them: under the locks, re-check that each still points at a deleted memory
//    and is still retired; memories that are themselves being deleted are left alone.
//    Triplets the replacement's supersede had ended (ended_by) become current again.
// 3. Erase the deleted memories' text from history, leaving tombstones: their own events keep
//    ids, times, the action, the scope and the actor, and lose old_text, new_text and reason;
//    events of other memories that name one of them (a merge or supersede) lose their reason,
//    which may quote the deleted text.
// 4. Erase their words from the context keys of the memories indexed with them: every memory
//    of the same scope whose key was formed from one of them loses its key (text, embedding
//    and sources); it stays searchable by its own text, whose vector moves back from
//    `text_embedding` (int8) to the indexed `embedding` (float32; the direction int8 kept,
//    cosine above 0.9999 to the embedder's vector; memory/write_batch).
// 5. Delete them: the facts of its subjects that one of them ended (an `end` transition, which
//    left the older memory current) are current again; each leaves the triplets it asserted,
//    now or before an update retired them
//    (a triplet no memory asserts any more is deleted, with its fact and embedding), and
//    entities no remaining memory mentions (now or before an update) are deleted, so nothing
//    is orphaned and no copy of the text is left. A memory a concurrent delete removed first
//    is not found, and not counted.
// 6. Record a DELETE tombstone per memory deleted and a REACTIVATE event per memory
//    reactivated.
// $ids: list<string> (the memories to delete, syntheses included), $replaced: list<string>,
// $now, $actor, $reason (the REACTIVATE events' reason).
// Returns: one row: deleted (number of memories deleted).
CALL () {
  UNWIND $replaced AS id
  MATCH (m:Memory {id: id})
  SET m._lock = true
  REMOVE m._lock
  RETURN count(m) AS locked
}
CALL () {
  UNWIND $ids AS id
  MATCH (older:Memory)-[l:MERGED_INTO|SUPERSEDED_BY]->(m:Memory {id: id})
  WHERE NOT older.id IN $ids
    AND older.replacement_memory_id = id
    AND older.lifecycle_state IN ['merged', 'superseded']
  SET older.lifecycle_state = 'active', older.replacement_memory_id = null,
      older.updated_at = $now
  DELETE l
  WITH older, id
  CALL (older, id) {
    MATCH (older)-[:MENTIONS]->(:Entity)-[r:RELATES_TO]->(:Entity)
    WHERE older.id IN r.memory_ids AND r.ended_by = id
    WITH DISTINCT r
    SET r.valid_to = null, r.ended_by = null
  }
  RETURN collect({id: older.id, replaced_by: id, user_id: older.user_id,
                  agent_id: older.agent_id, run_id: older.run_id}) AS reactivated
}
CALL () {
  UNWIND $ids AS id
  CALL (id) {
    MATCH (h:MemoryEvent {memory_id: id})
    SET h.old_text = null, h.new_text = null, h.reason = null, h.erased_at = $now
    RETURN count(h) AS own
  }
  CALL (id) {
    MATCH (h:MemoryEvent {related_memory_id: id})
    WHERE h.reason IS NOT NULL
    SET h.reason = null, h.erased_at = $now
    RETURN count(h) AS related
  }
  RETURN sum(own + related) AS erased
}
CALL () {
  UNWIND $ids AS id
  MATCH (d:Memory {id: id})
  MATCH (m:Memory {scope_key: d.scope_key})
  WHERE id IN coalesce(m.key_source_ids, [])
  WITH DISTINCT m
  WITH m, m.text_embedding AS own
  SET m.key_text = null, m.key_embedding = null, m.key_source_ids = null, m.text_embedding = null
  WITH m, own
  CALL (m, own) {
    WITH m, own
    WHERE own IS NOT NULL
    CALL db.create.setNodeVectorProperty(m, 'embedding', [x IN own | toFloat(x) / 127.0])
  }
  RETURN count(m) AS unkeyed
}
CALL () {
  UNWIND $ids AS id
  MATCH (m:Memory {id: id})
  OPTIONAL MATCH (m)-[:MENTIONS|MENTIONED]->(e:Entity)
  WITH m, id, collect(DISTINCT e) AS entities
  CALL (id, entities) {
    UNWIND entities AS e
    MATCH (e)-[r:RELATES_TO]->(:Entity)
    WHERE r.ended_by = id
    WITH DISTINCT r
    SET r.valid_to = null, r.ended_by = null
  }
  CALL (id, entities) {
    UNWIND entities AS e
    MATCH (e)-[r:RELATES_TO]-(:Entity)
    WHERE id IN r.memory_ids OR id IN coalesce(r.retired_memory_ids, [])
    WITH DISTINCT r
    SET r.memory_ids = [x IN r.memory_ids WHERE x <> id],
        r.retired_memory_ids = [x IN coalesce(r.retired_memory_ids, []) WHERE x <> id]
    WITH r WHERE size(r.memory_ids) = 0 AND size(r.retired_memory_ids) = 0
    DELETE r
  }
  WITH m, id, entities, m.user_id AS user_id, m.agent_id AS agent_id, m.run_id AS run_id
  DETACH DELETE m
  WITH id, user_id, agent_id, run_id, entities
  CALL (entities) {
    UNWIND entities AS e
    WITH e WHERE NOT EXISTS { (:Memory)-[:MENTIONS|MENTIONED]->(e) }
    DETACH DELETE e
  }
  RETURN collect({id: id, user_id: user_id, agent_id: agent_id, run_id: run_id}) AS deleted
}
CALL (deleted, reactivated) {
  UNWIND [row IN deleted | row {.*, event: 'DELETE', related_memory_id: null, reason: null}]
         + [row IN reactivated | row {.id, .user_id, .agent_id, .run_id, event: 'REACTIVATE',
                                      related_memory_id: row.replaced_by, reason: $reason}]
         AS row
  CREATE (h:MemoryEvent)
  SET h = row {id: randomUUID(), memory_id: row.id, .event, at: $now, actor: $actor,
               .user_id, .agent_id, .run_id, .related_memory_id, .reason}
  RETURN count(h) AS recorded
}
RETURN size(deleted) AS deleted
