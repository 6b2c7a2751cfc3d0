// Full-text index on entity names plus scope tokens.
// No parameters (migrate passes $dimension to every schema statement; unused). Returns nothing.
CREATE FULLTEXT INDEX entity_name IF NOT EXISTS
FOR (e:Entity) ON EACH [e.name, e.scope_tokens]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'standard-no-stop-words'}}
