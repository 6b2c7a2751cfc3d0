// Migration: one page of memories, in id order after $after, that still carry two indexed
// vectors (their own text's `embedding` beside a context key's `key_embedding`, as written
// before one vector per memory was indexed): the own text's vector moves to the unindexed
// `text_embedding` (memory/create_batch). Idempotent: a moved memory no longer matches.
// $after (string; '' for the first page), $limit. Returns: scanned, moved, last (the page's
// last id; null once no memory is left after $after).
MATCH (m:Memory)
WHERE m.id > $after
WITH m
ORDER BY m.id
LIMIT $limit
WITH collect(m) AS page
CALL (page) {
  UNWIND page AS m
  WITH m
  WHERE m.key_embedding IS NOT NULL AND m.embedding IS NOT NULL
  CALL db.create.setNodeVectorProperty(m, 'text_embedding', m.embedding)
  SET m.embedding = null
  RETURN count(m) AS moved
}
RETURN size(page) AS scanned, moved, page[-1].id AS last
