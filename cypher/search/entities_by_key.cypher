// Entities by exact key (scope key + normalised name), e.g. the user's own entity when a
// query speaks in the first person.
// $keys: list<string>. Returns: id, name, normalized_name.
UNWIND $keys AS k
MATCH (e:Entity {key: k})
RETURN e.id AS id, e.name AS name, e.normalized_name AS normalized_name
