// The memories that the given ones replaced (they point at them with MERGED_INTO or
// SUPERSEDED_BY), so a delete can lock them before re-checking and reactivating them.
// $ids: list<string>. Returns: id.
UNWIND $ids AS id
MATCH (older:Memory)-[:MERGED_INTO|SUPERSEDED_BY]->(:Memory {id: id})
RETURN DISTINCT older.id AS id
