// State facts of the searched scopes, for time-aware search: triplets whose predicate names a
// state (where someone lives, their diet, who they eat with, a constraint such as an
// allergy), each with the memories asserting it, their lifecycle state, when they were
// observed and when their replacement (if any) was observed: the memory that superseded or
// merged them, else the end of the fact itself (valid_to: an `end` transition ends a fact of
// a memory that stays current for what else it tells). A fact told for a later date ("starting
// in September") holds from then: its valid_from, when after the memory's observation, is its
// start, and its end's valid_to, when after the replacement's observation, is its end.
// Date-times as ISO strings.
// $owner (the owner key: whose graph), $predicates: list<string>.
// Returns one row, rows: a list of maps of memory_id, state, observed_at, replaced_at, source_id, source, predicate,
//   target_id, target.
MATCH (s:Entity {owner: $owner})-[r:RELATES_TO]->(t:Entity)
WHERE r.predicate IN $predicates
UNWIND r.memory_ids AS memory_id
MATCH (m:Memory {id: memory_id})
OPTIONAL MATCH (m)-[:SUPERSEDED_BY|MERGED_INTO]->(n:Memory)
WITH DISTINCT m.id AS memory_id, m.lifecycle_state AS state,
       toString(CASE WHEN r.valid_from > m.observed_at THEN r.valid_from ELSE m.observed_at END)
         AS observed_at,
       toString(CASE WHEN r.valid_to > n.observed_at THEN r.valid_to
                     ELSE coalesce(n.observed_at, r.valid_to) END) AS replaced_at,
       s.id AS source_id, s.name AS source, r.predicate AS predicate,
       t.id AS target_id, t.name AS target
RETURN collect({memory_id: memory_id, state: state, observed_at: observed_at,
                replaced_at: replaced_at, source_id: source_id, source: source,
                predicate: predicate, target_id: target_id, target: target}) AS rows
