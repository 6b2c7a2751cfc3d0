// The names the owner's role "user" messages carried (normalised; recorded by
// memory/lock_and_find_duplicates.cypher), for reading "I"/"my" in a query.
// $owner: the owner's scope key. Returns one row: names (empty when none was recorded).
OPTIONAL MATCH (s:Scope {key: $owner})
RETURN coalesce(s.user_speakers, []) AS names
