// Take write locks on memories in id order: both memories of a transition, or the memories a
// delete removes and then those it reactivates (no deadlock between two transitions over the
// same pair). Read-committed isolation does not protect a condition read before a write, so
// the condition is re-read only after this, in the same transaction.
// $ids: list<string> (sorted). Returns: id.
UNWIND $ids AS id
MATCH (m:Memory {id: id})
SET m._lock = true
REMOVE m._lock
RETURN m.id AS id
