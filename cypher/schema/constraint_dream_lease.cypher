// One Dream lease per scope: MERGE on scope_key is race-safe only under this constraint.
// No parameters (migrate passes $dimension to every schema statement; unused). Returns nothing.
CREATE CONSTRAINT constraint_unique_DreamLease_scope_key IF NOT EXISTS
FOR (l:DreamLease) REQUIRE l.scope_key IS UNIQUE
