// Entity signal, the entities a query names, in one round trip: by name (Lucene over entity
// names, filtered to the owner in the index; skipped when $lucene is null), by key (e.g. the
// speaker's own entity for a first-person query; $keys may be empty) and by meaning (exact
// cosine over the owner's entities).
// $lucene (string or null), $name_k, $keys: list<string>, $owner, $vector, $vector_k.
// Returns one row, rows: a list of maps of by ('name', 'key' or 'vector'), id, name, normalized_name, score (Lucene score,
//   null, or raw cosine).
CALL () {
  UNWIND CASE WHEN $lucene IS NULL THEN [] ELSE [$lucene] END AS lucene
  CALL db.index.fulltext.queryNodes('entity_name', lucene, {limit: $name_k})
  YIELD node, score
  RETURN 'name' AS by, node AS e, score
  UNION ALL
  UNWIND $keys AS k
  MATCH (e:Entity {key: k})
  RETURN 'key' AS by, e, null AS score
  UNION ALL
  MATCH (e:Entity {owner: $owner})
  WITH e, vector.similarity.cosine(e.embedding, $vector) AS similarity
  ORDER BY similarity DESC
  LIMIT $vector_k
  RETURN 'vector' AS by, e, similarity * 2 - 1 AS score
}
RETURN collect({by: by, id: e.id, name: e.name, normalized_name: e.normalized_name,
                score: score}) AS rows
