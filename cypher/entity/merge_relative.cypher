// Merge a stored unnamed relative ("Tomas's Sister") into the one named holder of the same
// relation ("Kasia", written by this add), inside the add's transaction, under the owner's
// lock (graphmem/services/relatives.py). Re-checked here: the unnamed entity is not merged
// yet, and the named one is still the only named holder of the relation. Then:
// - each memory that mentioned the unnamed entity mentions the named one;
// - each triplet of the unnamed entity moves to the named one (same id and properties; the
//   vector re-set as float32); a current triplet the named one already has with the same
//   predicate and other end gains its memory ids instead ("Tomas's Sister sister_of Tomas");
//   a triplet between the two stays where it is;
// - the unnamed entity stays, with merged_into, merged_at and a SAME_AS edge to the named one
//   (Neo4j Browser shows who it became; nothing is deleted).
// $merges: list<map{from_key, to_key, person_key, predicate}>, $now.
// Returns: from_key, to_key, mentions (moved), triplets (moved or merged).
UNWIND $merges AS m
MATCH (u:Entity {key: m.from_key})
WHERE u.merged_into IS NULL
MATCH (x:Entity {key: m.to_key})
MATCH (p:Entity {key: m.person_key})
WHERE u <> x
  AND COUNT {
    (h:Entity)-[r:RELATES_TO]->(p)
    WHERE toString(r.predicate) = m.predicate AND r.valid_to IS NULL AND r.retired_at IS NULL
      AND h <> u AND h <> x AND h.merged_into IS NULL
  } = 0
CALL (u, x) {
  OPTIONAL MATCH (mem:Memory)-[old:MENTIONS]->(u)
  WITH x, mem, old WHERE old IS NOT NULL
  MERGE (mem)-[:MENTIONS]->(x)
  DELETE old
  RETURN count(old) AS mentions
}
CALL (u, x) {
  OPTIONAL MATCH (u)-[r:RELATES_TO]-(other)
  WHERE other <> x AND other <> u
  WITH u, x, r, startNode(r) AS s0, endNode(r) AS o0, properties(r) AS props
  WHERE r IS NOT NULL
  WITH r, props, CASE WHEN s0 = u THEN x ELSE s0 END AS s, CASE WHEN o0 = u THEN x ELSE o0 END AS o
  OPTIONAL MATCH (s)-[same:RELATES_TO]->(o)
  WHERE toString(same.predicate) = props.predicate AND same.valid_to IS NULL
    AND same.retired_at IS NULL AND props.valid_to IS NULL AND props.retired_at IS NULL
  WITH r, props, s, o, head(collect(same)) AS existing
  DELETE r
  WITH props, s, o, existing
  CALL (props, existing) {
    WITH props, existing
    WHERE existing IS NOT NULL
    SET existing.memory_ids = existing.memory_ids
        + [id IN coalesce(props.memory_ids, []) WHERE NOT id IN existing.memory_ids]
  }
  CALL (props, s, o, existing) {
    WITH props, s, o, existing
    WHERE existing IS NULL
    CREATE (s)-[n:RELATES_TO]->(o)
    SET n = props {.*, embedding: null}
    WITH n, props
    WHERE props.embedding IS NOT NULL
    CALL db.create.setRelationshipVectorProperty(n, 'embedding', props.embedding)
  }
  RETURN count(props) AS triplets
}
SET u.merged_into = x.key, u.merged_at = $now
MERGE (u)-[same:SAME_AS]->(x)
  ON CREATE SET same.created_at = $now
RETURN u.key AS from_key, x.key AS to_key, mentions, triplets
