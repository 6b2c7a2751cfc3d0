// The next entities with a vector (embedded from their name), in id order after the cursor.
// Parameters: $after (last id done, '' to start), $limit. Returns: id, text.
MATCH (e:Entity)
WHERE e.id > $after AND e.embedding IS NOT NULL
RETURN e.id AS id, e.name AS text
ORDER BY id
LIMIT $limit
