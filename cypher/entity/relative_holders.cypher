// Who holds a one-holder relation of a person in the owner's graph (graphmem/services/
// relatives.py): the named entities with a current triplet `predicate` to the person (not the
// unnamed one, not one merged away), and whether the unnamed relative is stored and not yet
// merged. Keys carry the owner, so every read stays in one owner's graph. Index seeks on
// Entity.key, then the person's few relationships.
// $questions: list<map{person_key, predicate, unnamed_key}>.
// Returns: person_key, predicate, named (list of names), unnamed (boolean).
UNWIND $questions AS q
OPTIONAL MATCH (p:Entity {key: q.person_key})
CALL (p, q) {
  OPTIONAL MATCH (h:Entity)-[r:RELATES_TO]->(p)
  WHERE toString(r.predicate) = q.predicate AND r.valid_to IS NULL AND r.retired_at IS NULL
    AND h.key <> q.unnamed_key AND h.merged_into IS NULL
  RETURN collect(DISTINCT h.name) AS named
}
OPTIONAL MATCH (u:Entity {key: q.unnamed_key})
RETURN q.person_key AS person_key, q.predicate AS predicate, named,
       u IS NOT NULL AND u.merged_into IS NULL AS unnamed
