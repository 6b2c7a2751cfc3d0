// Entities of the owner closest in meaning to the query (exact cosine over the owner's).
// $owner, $vector, $k. Returns: id, name, normalized_name, score (raw cosine).
MATCH (e:Entity {owner: $owner})
WITH e, vector.similarity.cosine(e.embedding, $vector) AS similarity
ORDER BY similarity DESC
LIMIT $k
RETURN e.id AS id, e.name AS name, e.normalized_name AS normalized_name,
       similarity * 2 - 1 AS score
