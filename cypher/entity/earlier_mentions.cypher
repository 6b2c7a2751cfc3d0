// The owner's earlier memories that name an entity this add creates are linked to it, as the
// offline extractor links a later memory to a name it knows: the entity's name as a whole
// word, any case (graphmem/adapters/neo4j/earlier_mentions.py). Without this the graph's
// mentions depended on the order things were told: "I went to an LGBTQ support group" said
// before the first memory that made "LGBTQ" an entity never mentioned it.
// Candidates come from the memory full-text index (the name's words as a phrase, filtered to
// the owner's scope tokens), at most $cap per name; each is checked against the name's
// pattern (a Java regular expression built from the name, a value, never an identifier) and
// must belong to the owner. This add's own memories ($created) were linked by their extraction.
// $names: list<map{key, query, pattern}>, $owner, $created: list<string>, $cap.
// Returns one row: linked (mentions written).
UNWIND $names AS n
MATCH (e:Entity {key: n.key})  // once per name; a name the add did not create is skipped
CALL (n, e) {
  CALL db.index.fulltext.queryNodes('memory_text', n.query, {limit: $cap})
  YIELD node
  WITH node
  WHERE node.owner = $owner AND NOT node.id IN $created AND node.text =~ n.pattern
  MERGE (node)-[:MENTIONS]->(e)
  RETURN count(*) AS linked
}
RETURN sum(linked) AS linked
