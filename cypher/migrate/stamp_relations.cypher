// Give the triplets an entity is the source of its owner's key, ids and scope tokens.
// $id. Returns: count.
MATCH (e:Entity {id: $id})-[r:RELATES_TO]->()
SET r.owner = e.owner, r.scope_tokens = e.scope_tokens,
    r.user_id = e.user_id, r.agent_id = e.agent_id, r.run_id = e.run_id
REMOVE r.scope_key
RETURN count(r) AS count
