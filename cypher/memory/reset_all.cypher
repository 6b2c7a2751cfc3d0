// Delete every graphmem node in the database, in batches (auto-commit transaction).
// No parameters. Returns nothing.
MATCH (n)
WHERE n:Memory OR n:Entity OR n:MemoryEvent OR n:Scope
CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 5000 ROWS
