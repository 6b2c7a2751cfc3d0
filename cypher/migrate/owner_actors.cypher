// The names the role "user" memories of each owner carried (as stored, not normalised).
// $owners: list<string> (owner keys). Returns: owner, actors (distinct).
UNWIND $owners AS owner
CALL (owner) {
  MATCH (m:Memory {owner: owner})
  WHERE m.role = 'user' AND m.actor IS NOT NULL
  RETURN collect(DISTINCT m.actor) AS actors
}
RETURN owner, actors
