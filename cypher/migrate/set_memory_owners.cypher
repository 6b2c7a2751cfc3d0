// Stamp each memory with its owner's key (computed by graphmem.domain.scope).
// $rows: list<map{id, owner}>. Returns: count.
UNWIND $rows AS row
MATCH (m:Memory {id: row.id})
SET m.owner = row.owner
RETURN count(m) AS count
