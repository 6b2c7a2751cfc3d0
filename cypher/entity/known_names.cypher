// Names of entities already known to an owner (for the offline extractor).
// $owner, $limit. Returns: name.
MATCH (e:Entity {owner: $owner})
RETURN e.name AS name
ORDER BY e.name
LIMIT $limit
