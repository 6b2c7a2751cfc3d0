// Active syntheses of the scope resting on at least one of $source_ids, with all their sources.
// $scope_key, $source_ids: list<string>. Returns: id, source_ids.
MATCH (s:Memory {scope_key: $scope_key})
WHERE s:Synthesis AND s.lifecycle_state = 'active'
  AND EXISTS { MATCH (s)-[:SYNTHESIZED_FROM]->(m:Memory) WHERE m.id IN $source_ids }
RETURN s.id AS id, COLLECT { MATCH (s)-[:SYNTHESIZED_FROM]->(m:Memory) RETURN m.id } AS source_ids
