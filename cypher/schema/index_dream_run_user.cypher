// Dream runs are listed by user: a range index for the equality seek.
// No parameters (migrate passes $dimension to every schema statement; unused). Returns nothing.
CREATE INDEX index_dream_run_user_id IF NOT EXISTS FOR (r:DreamRun) ON (r.user_id)
