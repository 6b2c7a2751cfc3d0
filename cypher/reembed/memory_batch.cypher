// The next memories with a vector, in id order after the resume cursor.
// Parameters: $after (last id done, '' to start), $limit. Returns: id, text.
MATCH (m:Memory)
WHERE m.id > $after AND m.embedding IS NOT NULL
RETURN m.id AS id, m.text AS text
ORDER BY id
LIMIT $limit
