// Full-text (Lucene, English analyzer) index on a memory's context key: the text it was
// indexed with, i.e. the previous turns of its conversation followed by its own, plus the
// scope tokens. Memories stored without context have no key and are found by `memory_text`.
// No parameters (migrate passes $dimension to every schema statement; unused). Returns nothing.
CREATE FULLTEXT INDEX memory_key_text IF NOT EXISTS
FOR (m:Memory) ON EACH [m.key_text, m.scope_tokens]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'english'}}
