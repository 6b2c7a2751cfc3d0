// Full-text index on triplet facts (RELATES_TO) plus scope tokens.
// No parameters (migrate passes $dimension to every schema statement; unused). Returns nothing.
CREATE FULLTEXT INDEX triplet_fact IF NOT EXISTS
FOR ()-[r:RELATES_TO]-() ON EACH [r.fact, r.scope_tokens]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'english'}}
