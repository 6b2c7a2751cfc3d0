// Wait until every index is ONLINE.
// $seconds: int. Returns nothing.
CALL db.awaitIndexes($seconds)
