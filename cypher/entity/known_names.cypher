// Names of entities already known in a scope (for the offline extractor).
// $scope_key, $limit. Returns: name.
MATCH (e:Entity {scope_key: $scope_key})
RETURN e.name AS name
ORDER BY e.name
LIMIT $limit
