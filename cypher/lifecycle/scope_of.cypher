// Scope ids of one memory (copied onto its history events).
// $id. Returns: user_id, agent_id, run_id.
MATCH (m:Memory {id: $id})
RETURN m.user_id AS user_id, m.agent_id AS agent_id, m.run_id AS run_id
