// One page of the owner Scope nodes (one id given: the user's, else the agent's, else the
// run's) whose user speakers are not recorded yet, in key order after the cursor $after (the
// migration that records who speaks as the user, search/self_names.py).
// $after (string; '' for the first page), $limit. Returns: id (the key), user_id, agent_id, run_id.
MATCH (s:Scope)
WHERE s.key > $after AND s.user_speakers IS NULL
  AND size([id IN [s.user_id, s.agent_id, s.run_id] WHERE id IS NOT NULL]) = 1
RETURN s.key AS id, s.user_id AS user_id, s.agent_id AS agent_id, s.run_id AS run_id
ORDER BY s.key
LIMIT $limit
