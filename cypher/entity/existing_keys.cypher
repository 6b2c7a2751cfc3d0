// Which of these entity keys already exist, with the entity's name: the plan reads the keys
// (entities to create), an offline add the names (an owner's known names that its messages
// may mention: extraction/mentions.py builds the candidate keys). One index seek per key.
// $keys: list<string>. Returns: key, name, type.
UNWIND $keys AS k
MATCH (e:Entity {key: k})
RETURN e.key AS key, e.name AS name, e.type AS type
