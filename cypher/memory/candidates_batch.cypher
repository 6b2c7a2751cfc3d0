// Lifecycle candidates for an add's new memories (one owner), in one round trip. Per item,
// the union of:
// - nearest: the $k active memories of the owner most similar to the new one (exact cosine).
//   An owner of up to $exact_scan_max memories is scanned; a larger one's are first narrowed
//   to the $fetch best full-text matches of the new text (item.query, a Lucene string filtered
//   to the owner's scope token), which find every near-duplicate a merge needs (it requires
//   one text to contain the other). No vector index is read in the write transaction: Neo4j
//   2026.08's filtered vector search can fail inside Lucene on fresh segments
//   (docs/reliability.md, 2c), and this read's failure would fail the add.
// - slots: the active memories asserting a triplet with the same subject and a functional
//   predicate as one the new memory asserts (item.slots; the newest $k), so a changed fact
//   finds the memory it replaces however many others the owner holds and however it is worded;
//   for a slot with holder = true, the same predicate held for the same person (the
//   triplet's target: "Tom manager_of Sven" finds "Priya manager_of Sven").
// - proposed: the item's proposed ids of the same owner.
// $items: list<map {new_id, query: string or null, proposed: list<string>,
//   slots: list<map{source_key, predicate, holder: bool}>}>, $k, $fetch, $exact_scan_max,
//   $exclude: list<string>.
// Returns: new_id, id, text, observed_at, immutable, exclude_from_dream, cosine (raw),
//   triplets (list<map{id, source, predicate, target, fact, valid_from, valid_to, memory_ids}>,
//   or null when no guard can read them: a supersede needs a triplet of the new memory's
//   functional slots (offline) or a proposal naming the candidate (LLM); a merge reads none.
//   Skipping them spares expanding each candidate's entities, the speaker's a hub.)
CYPHER 25
MATCH (first:Memory {id: $items[0].new_id})
WITH COUNT { MATCH (o:Memory {owner: first.owner}) } > $exact_scan_max AS large
UNWIND $items AS item
MATCH (n:Memory {id: item.new_id})
CALL (n, item, large) {
  WITH n WHERE NOT large
  MATCH (m:Memory {owner: n.owner})
  USING INDEX m:Memory(owner)  // never all owners' active memories (a plan made on a small store)
  WHERE m.lifecycle_state = 'active' AND NOT m.id IN $exclude
  WITH m ORDER BY vector.similarity.cosine(coalesce(m.embedding, m.text_embedding), coalesce(n.embedding, n.text_embedding)) DESC LIMIT $k
  RETURN m
  UNION
  WITH n, item WHERE large AND item.query IS NOT NULL
  CALL db.index.fulltext.queryNodes('memory_text', item.query, {limit: $fetch}) YIELD node AS m
  WITH n, m
  WHERE m.owner = n.owner AND m.lifecycle_state = 'active' AND NOT m.id IN $exclude
  WITH m ORDER BY vector.similarity.cosine(coalesce(m.embedding, m.text_embedding), coalesce(n.embedding, n.text_embedding)) DESC LIMIT $k
  RETURN m
  UNION
  UNWIND item.slots AS slot
  WITH n, slot WHERE NOT coalesce(slot.holder, false)
  MATCH (s:Entity {key: slot.source_key})-[same:RELATES_TO]->()
  WHERE toString(same.predicate) = slot.predicate
  UNWIND same.memory_ids AS id
  MATCH (m:Memory {id: id})
  WHERE m.owner = n.owner AND m.lifecycle_state = 'active' AND NOT m.id IN $exclude
  WITH DISTINCT m ORDER BY m.observed_at DESC LIMIT $k
  RETURN m
  UNION
  UNWIND item.slots AS slot
  WITH n, slot WHERE coalesce(slot.holder, false)
  MATCH ()-[same:RELATES_TO]->(s:Entity {key: slot.source_key})
  WHERE toString(same.predicate) = slot.predicate
  UNWIND same.memory_ids AS id
  MATCH (m:Memory {id: id})
  WHERE m.owner = n.owner AND m.lifecycle_state = 'active' AND NOT m.id IN $exclude
  WITH DISTINCT m ORDER BY m.observed_at DESC LIMIT $k
  RETURN m
  UNION
  MATCH (m:Memory)
  WHERE m.id IN item.proposed AND m.owner = n.owner
  RETURN m
}
RETURN n.id AS new_id, m.id AS id, m.text AS text, m.observed_at AS observed_at,
       coalesce(m.immutable, false) AS immutable,
       coalesce(m.exclude_from_dream, false) AS exclude_from_dream,
       vector.similarity.cosine(coalesce(m.embedding, m.text_embedding), coalesce(n.embedding, n.text_embedding)) * 2 - 1 AS cosine,
       CASE WHEN size(item.slots) > 0 OR m.id IN item.proposed THEN COLLECT {
         MATCH (m)-[:MENTIONS]->(s:Entity)-[r:RELATES_TO]->(t:Entity)
         WHERE m.id IN r.memory_ids
         RETURN DISTINCT {id: r.id, source: s.name, predicate: r.predicate, target: t.name,
                          fact: r.fact, valid_from: r.valid_from, valid_to: r.valid_to,
                          memory_ids: r.memory_ids}
       } END AS triplets
