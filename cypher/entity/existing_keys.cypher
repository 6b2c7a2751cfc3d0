// Which of these entity keys already exist.
// $keys: list<string>. Returns: key.
UNWIND $keys AS k
MATCH (e:Entity {key: k})
RETURN e.key AS key
