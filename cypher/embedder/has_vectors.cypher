// Whether any memory already carries a vector (migrate warns when recording an embedder for
// vectors written before graphmem recorded embedders). No parameters. Returns: found (bool).
RETURN EXISTS { MATCH (m:Memory) WHERE m.embedding IS NOT NULL OR m.text_embedding IS NOT NULL } AS found
