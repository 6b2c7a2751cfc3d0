// One GraphMemMeta node per key (e.g. 'embedder'): MERGE on key is race-safe only under this.
// No parameters (migrate passes $dimension to every schema statement; unused). Returns nothing.
CREATE CONSTRAINT constraint_unique_GraphMemMeta_key IF NOT EXISTS
FOR (n:GraphMemMeta) REQUIRE n.key IS UNIQUE
