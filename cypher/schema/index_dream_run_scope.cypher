// Dream run records by scope: recording a run trims the scope's older records through it.
// No parameters (migrate passes $dimension to every schema statement; unused). Returns nothing.
CREATE INDEX index_DreamRun_scope_key IF NOT EXISTS
FOR (r:DreamRun) ON (r.scope_key)
