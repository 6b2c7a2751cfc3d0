// Entities by exact key (scope key + normalised name), e.g. the user's own entity when a
// query speaks in the first person.
// $keys: list<string>. Returns one row, rows: a list of maps of id, name, normalized_name.
UNWIND $keys AS k
MATCH (e:Entity {key: k})
RETURN collect({id: e.id, name: e.name, normalized_name: e.normalized_name}) AS rows
