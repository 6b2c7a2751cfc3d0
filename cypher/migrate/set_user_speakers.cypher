// Record each owner Scope's user speakers (an empty list: looked at, none found).
// $rows: list<map{key, names: list<string>}>.
UNWIND $rows AS row
MATCH (s:Scope {key: row.key})
SET s.user_speakers = row.names
