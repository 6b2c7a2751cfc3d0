// Re-point the RELATES_TO triplets of a duplicate entity (as source, target or both) to the
// owner's entity. A current triplet the target already has with the same predicate and other
// end gains the duplicate's memory ids as provenance; any other triplet is re-created on the
// target with all its properties (same id) and the old relationship deleted.
// $from_id, $to_id. Returns: merged, moved.
MATCH (e:Entity {id: $from_id})
MATCH (t:Entity {id: $to_id})
CALL (e) {
  MATCH (e)-[r:RELATES_TO]-()
  RETURN DISTINCT r
}
WITH e, t, r, startNode(r) AS s0, endNode(r) AS o0, properties(r) AS props
WITH r, props, CASE WHEN s0 = e THEN t ELSE s0 END AS s, CASE WHEN o0 = e THEN t ELSE o0 END AS o
OPTIONAL MATCH (s)-[same:RELATES_TO {predicate: props.predicate}]->(o)
WHERE same <> r AND same.valid_to IS NULL AND props.valid_to IS NULL
WITH r, props, s, o, head(collect(same)) AS existing
DELETE r
WITH props, s, o, existing
CALL (props, existing) {
  WITH props, existing WHERE existing IS NOT NULL
  SET existing.memory_ids = existing.memory_ids
      + [x IN coalesce(props.memory_ids, []) WHERE NOT x IN existing.memory_ids]
  RETURN 1 AS merged, 0 AS moved
  UNION
  WITH props, existing WHERE existing IS NULL
  RETURN 0 AS merged, 1 AS moved
}
CALL (props, s, o, existing) {
  WITH props, s, o, existing WHERE existing IS NULL
  CREATE (s)-[n:RELATES_TO]->(o)
  SET n = props
}
RETURN sum(merged) AS merged, sum(moved) AS moved
