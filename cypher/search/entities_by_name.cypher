// Entities of the scope whose names match query words (Lucene, filtered to the scope).
// $lucene, $k. Returns one row, rows: a list of maps of id, name, normalized_name, score.
CALL db.index.fulltext.queryNodes('entity_name', $lucene, {limit: $k})
YIELD node, score
RETURN collect({id: node.id, name: node.name, normalized_name: node.normalized_name,
                score: score}) AS rows
