// The scope's most recently observed memory texts (context for the extractor).
// $scope_key, $limit. Returns: text.
MATCH (m:Memory {scope_key: $scope_key})
WHERE m.lifecycle_state = 'active'
RETURN m.text AS text
ORDER BY m.observed_at DESC, m.created_at DESC
LIMIT $limit
