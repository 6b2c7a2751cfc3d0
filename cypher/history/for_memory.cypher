// Every history event of one memory, oldest first.
// $memory_id. Returns: event (map).
MATCH (h:MemoryEvent {memory_id: $memory_id})
RETURN h {.*} AS event
ORDER BY h.at, h.id
