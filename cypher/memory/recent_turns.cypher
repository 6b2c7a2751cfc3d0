// The last turns stored in one exact scope (a conversation's run), newest first: the context
// a single-message add is indexed with. Own texts, never context keys.
// $scope_key, $limit. Returns: id, actor, text.
MATCH (m:Memory {scope_key: $scope_key})
RETURN m.id AS id, m.actor AS actor, m.text AS text
ORDER BY m.observed_at DESC, m.created_at DESC
LIMIT $limit
