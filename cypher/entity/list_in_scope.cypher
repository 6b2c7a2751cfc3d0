// Entities of an owner (index seek on owner), by name. Entities belong to the owner across
// runs; when an agent or run id is given, only those mentioned by a memory of that agent / run.
// $owner, $agent_id, $run_id (null = any), $limit. Returns: entity (map without embedding).
MATCH (e:Entity {owner: $owner})
USING INDEX e:Entity(owner)
WHERE ($agent_id IS NULL AND $run_id IS NULL)
   OR EXISTS {
        MATCH (m:Memory)-[:MENTIONS]->(e)
        WHERE ($agent_id IS NULL OR m.agent_id = $agent_id)
          AND ($run_id IS NULL OR m.run_id = $run_id)
      }
RETURN e {.id, .name, .normalized_name, .type, .user_id, .agent_id, .run_id} AS entity
ORDER BY e.normalized_name, e.id
LIMIT $limit
