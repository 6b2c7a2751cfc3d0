// Migration: rewrite one page of triplet (RELATES_TO) vectors as float32, in id order after
// $after (idempotent; see float32_memory_page).
// $after (string; '' for the first page), $limit. Returns: written, last (the page's last id).
MATCH ()-[r:RELATES_TO]->()
WHERE r.id > $after AND r.embedding IS NOT NULL
WITH r
ORDER BY r.id
LIMIT $limit
CALL db.create.setRelationshipVectorProperty(r, 'embedding', r.embedding)
RETURN count(r) AS written, max(r.id) AS last
