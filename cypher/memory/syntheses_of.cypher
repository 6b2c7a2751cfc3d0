// Dream syntheses built on any of these memories (they carry text derived from them, so a
// delete of a source deletes them too).
// $ids: list<string>. Returns: id.
UNWIND $ids AS id
MATCH (s:Synthesis)-[:SYNTHESIZED_FROM]->(:Memory {id: id})
RETURN DISTINCT s.id AS id
