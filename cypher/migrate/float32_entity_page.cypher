// Migration: rewrite one page of entity vectors as float32, in id order after $after
// (idempotent; see float32_memory_page).
// $after (string; '' for the first page), $limit. Returns: written, last (the page's last id).
MATCH (e:Entity)
WHERE e.id > $after AND e.embedding IS NOT NULL
WITH e
ORDER BY e.id
LIMIT $limit
CALL db.create.setNodeVectorProperty(e, 'embedding', e.embedding)
RETURN count(e) AS written, max(e.id) AS last
