// The first round trip of a delete (adapters/neo4j/erasure.py): lock the memories to delete,
// then, read only after those locks, the Dream syntheses built on them (their text derives
// from the deleted text), lock those, then read the memories that any of them replaced. Each
// part is a subquery run once, in this order, so every read follows the locks before it;
// each set is locked in id order (no deadlock with a transition over the same pair).
// Read-committed isolation does not protect a condition read before a lock, so what is
// returned is re-checked under the locks by memory/delete_locked.
// $ids: list<string> (sorted, distinct).
// Returns: one row: derived (the syntheses' ids not in $ids, sorted), replaced (ids of the
//   memories replaced by $ids or derived, not among them, sorted).
CALL () {
  UNWIND $ids AS id
  MATCH (m:Memory {id: id})
  SET m._lock = true
  REMOVE m._lock
  RETURN count(m) AS locked
}
CALL () {
  UNWIND $ids AS id
  MATCH (s:Synthesis)-[:SYNTHESIZED_FROM]->(:Memory {id: id})
  WHERE NOT s.id IN $ids
  WITH DISTINCT s
  ORDER BY s.id
  SET s._lock = true
  REMOVE s._lock
  RETURN collect(s.id) AS derived
}
CALL (derived) {
  UNWIND $ids + derived AS id
  MATCH (older:Memory)-[:MERGED_INTO|SUPERSEDED_BY]->(:Memory {id: id})
  WHERE NOT older.id IN $ids + derived
  WITH DISTINCT older.id AS older_id
  ORDER BY older_id
  RETURN collect(older_id) AS replaced
}
RETURN derived, replaced
