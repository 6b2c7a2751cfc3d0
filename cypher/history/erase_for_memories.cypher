// Erase the text of deleted memories from history, leaving tombstones: their own events keep
// ids, times, the action, the scope and the actor, and lose old_text, new_text and reason;
// events of other memories that name one of them (a merge or supersede) lose their reason,
// which may quote the deleted text.
// $ids: list<string>, $now. Returns: erased (number of events changed).
UNWIND $ids AS id
CALL (id) {
  MATCH (h:MemoryEvent {memory_id: id})
  SET h.old_text = null, h.new_text = null, h.reason = null, h.erased_at = $now
  RETURN count(h) AS own
}
CALL (id) {
  MATCH (h:MemoryEvent {related_memory_id: id})
  WHERE h.reason IS NOT NULL
  SET h.reason = null, h.erased_at = $now
  RETURN count(h) AS related
}
RETURN sum(own + related) AS erased
