// The next triplets (RELATES_TO, embedded from their fact) with a vector, in id order.
// Parameters: $after (last id done, '' to start), $limit. Returns: id, text.
MATCH ()-[r:RELATES_TO]->()
WHERE r.id > $after AND r.embedding IS NOT NULL
RETURN r.id AS id, r.fact AS text
ORDER BY id
LIMIT $limit
