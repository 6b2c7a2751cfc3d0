// Give an entity its owner-level key and the owner's ids and scope tokens; drop the old
// per-scope scope_key. $id, $key, $owner, $scope_tokens, $user_id, $agent_id, $run_id.
// Returns: id.
MATCH (e:Entity {id: $id})
SET e.key = $key, e.owner = $owner, e.scope_tokens = $scope_tokens,
    e.user_id = $user_id, e.agent_id = $agent_id, e.run_id = $run_id
REMOVE e.scope_key
RETURN e.id AS id
