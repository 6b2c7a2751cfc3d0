// One page of entities in id order (migration to owner keys), after the cursor $after.
// $after (string; '' for the first page), $limit.
// Returns: id, key, normalized_name, user_id, agent_id, run_id, owner, legacy (bool: still has
// the old per-scope scope_key property).
MATCH (e:Entity)
WHERE e.id > $after
RETURN e.id AS id, e.key AS key, e.normalized_name AS normalized_name, e.user_id AS user_id,
       e.agent_id AS agent_id, e.run_id AS run_id, e.owner AS owner,
       e.scope_key IS NOT NULL AS legacy
ORDER BY e.id
LIMIT $limit
