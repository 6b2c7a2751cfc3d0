// Migration: rewrite one page of memory vectors (own text and context key) as float32, in id
// order after $after (stores written before float32 storage kept them as 64-bit float lists;
// the rewrite is idempotent, so an interrupted run is simply run again). `text_embedding`
// (int8 bytes) is written by this version only, never as a float list.
// $after (string; '' for the first page), $limit. Returns: written, last (the page's last id).
MATCH (m:Memory)
WHERE m.id > $after AND (m.embedding IS NOT NULL OR m.key_embedding IS NOT NULL)
WITH m
ORDER BY m.id
LIMIT $limit
CALL (m) {
  WITH m
  WHERE m.embedding IS NOT NULL
  CALL db.create.setNodeVectorProperty(m, 'embedding', m.embedding)
}
CALL (m) {
  WITH m
  WHERE m.key_embedding IS NOT NULL
  CALL db.create.setNodeVectorProperty(m, 'key_embedding', m.key_embedding)
}
RETURN count(m) AS written, max(m.id) AS last
