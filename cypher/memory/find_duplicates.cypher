// Active memories of the scope whose normalised-text hash is one of $hashes.
// $scope_key, $hashes: list<string>. Returns: hash, id, text.
UNWIND $hashes AS h
MATCH (m:Memory {hash: h})
WHERE m.scope_key = $scope_key AND m.lifecycle_state = 'active'
RETURN m.hash AS hash, m.id AS id, m.text AS text
