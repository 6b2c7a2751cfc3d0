// Take the scope's write lock for this transaction (creating the Scope node the first time).
// Every add in a scope runs after this, so duplicate checks and entity merges cannot race.
// $scope_key, $user_id, $agent_id, $run_id, $now. Returns: key.
MERGE (s:Scope {key: $scope_key})
ON CREATE SET s.user_id = $user_id, s.agent_id = $agent_id, s.run_id = $run_id, s.created_at = $now
SET s.lock_seq = coalesce(s.lock_seq, 0) + 1
RETURN s.key AS key
