// The next memories with a vector, in id order after the resume cursor.
// Parameters: $after (last id done, '' to start), $limit. Returns: id, text, key_text (the
// context key, re-embedded too; null without one), actor (whose line ends the key).
MATCH (m:Memory)
WHERE m.id > $after AND (m.embedding IS NOT NULL OR m.text_embedding IS NOT NULL)
RETURN m.id AS id, m.text AS text, CASE WHEN m.key_embedding IS NOT NULL THEN m.key_text END AS key_text,
       m.actor AS actor
ORDER BY id
LIMIT $limit
