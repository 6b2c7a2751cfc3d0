// Migration: store the metadata filter terms computed in Python (domain/filters.py); an empty
// list marks a memory whose metadata holds no scalar entry, so it is not read again.
// $rows: list<map{id, terms: list<string>}>. Returns: count (memories updated).
UNWIND $rows AS row
MATCH (m:Memory {id: row.id})
SET m.metadata_terms = row.terms
RETURN count(m) AS count
