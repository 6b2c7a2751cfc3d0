// Record which existing memories each new memory relates to (issue 12 section 7,
// linked_memory_ids): the owner's memories that mention the same entities or concepts, best
// first by shared entities weighted 1/log(mentions) so rare ones count most. Hubs (entities
// mentioned by more than $max_mentions memories, such as the speaker) link nothing. The memories
// its context key was formed from are linked through key_source_ids, not here.
// $ids: list<string> (the new memories), $k (links per memory), $max_mentions, $now.
// Returns: links (count created).
UNWIND $ids AS id
MATCH (m:Memory {id: id})-[:MENTIONS]->(e:Entity)
WITH m, e, COUNT { (e)<-[:MENTIONS]-() } AS mentions  // only memories mention: a degree read
WHERE mentions > 1 AND mentions <= $max_mentions
MATCH (e)<-[:MENTIONS]-(o:Memory)
WHERE o <> m AND o.owner = m.owner AND o.lifecycle_state = 'active'
  AND NOT o.id IN coalesce(m.key_source_ids, [])
WITH m, o, sum(1.0 / log(mentions + 1.0)) AS weight
ORDER BY weight DESC, o.created_at DESC
WITH m, collect(o)[..$k] AS related
UNWIND related AS o
MERGE (m)-[l:LINKED_TO]->(o)
  ON CREATE SET l.via = 'entity', l.created_at = $now
RETURN count(l) AS links
