// One entity by id, only if it belongs to the given owner ($owner null = any owner).
// $id, $owner. Returns: entity (map without embedding).
MATCH (e:Entity {id: $id})
WHERE $owner IS NULL OR e.owner = $owner
RETURN e {.id, .name, .normalized_name, .type, .user_id, .agent_id, .run_id} AS entity
