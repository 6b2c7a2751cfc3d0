// The entity that already holds the owner-level key, if it is not the one being migrated; its
// write lock is taken so the merge below cannot race an add.
// $key, $id. Returns: id.
MATCH (t:Entity {key: $key})
WHERE t.id <> $id
SET t._lock = true
REMOVE t._lock
RETURN t.id AS id
