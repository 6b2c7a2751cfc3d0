// Dream runs are listed by agent: a range index for the equality seek.
// No parameters (migrate passes $dimension to every schema statement; unused). Returns nothing.
CREATE INDEX index_dream_run_agent_id IF NOT EXISTS FOR (r:DreamRun) ON (r.agent_id)
