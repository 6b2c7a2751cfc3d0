// Active memories of the owner (any run) whose normalised-text hash is one of $hashes.
// $owner, $hashes: list<string>. Returns: hash, id, text.
UNWIND $hashes AS h
MATCH (m:Memory {hash: h})
USING INDEX m:Memory(hash)  // the most selective: not the owner's or every active memory
WHERE m.owner = $owner AND m.lifecycle_state = 'active'
RETURN m.hash AS hash, m.id AS id, m.text AS text
