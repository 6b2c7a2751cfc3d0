// Delete a duplicate entity once its mentions and triplets have moved to the owner's entity
// (only if no edge is left, so nothing is lost). $id. Returns: deleted.
MATCH (e:Entity {id: $id})
WHERE NOT EXISTS { (e)--() }
DELETE e
RETURN count(e) AS deleted
