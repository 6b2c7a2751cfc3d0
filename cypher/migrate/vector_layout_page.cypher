// Migration: one page of memories, in id order after $after, and among them those that still
// carry two indexed vectors (their own text's `embedding` beside a context key's
// `key_embedding`, as written before one vector per memory was indexed), with that vector.
// migrate/vector_layout_write moves it to the unindexed `text_embedding`.
// $after (string; '' for the first page), $limit. Returns one row: scanned, last (the page's
// last id, null for an empty page), rows (list<map{id, embedding}>).
MATCH (m:Memory)
WHERE m.id > $after
WITH m
ORDER BY m.id
LIMIT $limit
WITH collect(m) AS page
RETURN size(page) AS scanned, page[-1].id AS last,
       [m IN page WHERE m.key_embedding IS NOT NULL AND m.embedding IS NOT NULL
        | {id: m.id, embedding: m.embedding}] AS rows
