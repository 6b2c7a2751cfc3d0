// One page of memories in id order (migration to owner keys), after the cursor $after.
// $after (string; '' for the first page), $limit. Returns: id, user_id, agent_id, run_id, owner.
MATCH (m:Memory)
WHERE m.id > $after
RETURN m.id AS id, m.user_id AS user_id, m.agent_id AS agent_id, m.run_id AS run_id,
       m.owner AS owner
ORDER BY m.id
LIMIT $limit
