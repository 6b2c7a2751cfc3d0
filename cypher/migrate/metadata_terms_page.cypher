// Migration: memories with metadata but no metadata_terms yet (stores written before metadata
// filters), in id order after the cursor $after (the id index bounds each page's reads).
// $after (string; '' for the first page), $limit. Returns: id, metadata (JSON string or null).
MATCH (m:Memory)
WHERE m.id > $after
RETURN m.id AS id,
       CASE WHEN m.metadata_terms IS NULL THEN m.metadata END AS metadata
ORDER BY m.id
LIMIT $limit
