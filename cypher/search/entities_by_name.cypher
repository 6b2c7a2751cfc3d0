// Entities of the scope whose names match query words (Lucene, filtered to the scope).
// $lucene, $k. Returns: id, name, normalized_name, score.
CALL db.index.fulltext.queryNodes('entity_name', $lucene, {limit: $k})
YIELD node, score
RETURN node.id AS id, node.name AS name, node.normalized_name AS normalized_name, score
