// The names of the entities with these keys (an owner's known names that a text may
// mention: extraction/mentions.py builds the candidate keys). One index seek per key.
// $keys: list<string>. Returns: name.
UNWIND $keys AS k
MATCH (e:Entity {key: k})
RETURN e.name AS name
