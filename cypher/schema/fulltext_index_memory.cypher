// Full-text (Lucene, English analyzer) index on memory text plus the scope tokens that let a
// query filter to its scope inside the index.
// No parameters (migrate passes $dimension to every schema statement; unused). Returns nothing.
CREATE FULLTEXT INDEX memory_text IF NOT EXISTS
FOR (m:Memory) ON EACH [m.text, m.scope_tokens]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'english'}}
