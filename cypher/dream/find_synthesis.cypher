// A synthesis of the scope (any lifecycle state) resting on exactly this source set.
// $scope_key, $source_set_hash. Returns: id.
MATCH (s:Memory {scope_key: $scope_key})
WHERE s:Synthesis AND s.source_set_hash = $source_set_hash
RETURN s.id AS id
ORDER BY s.created_at
LIMIT 1
