// API keys are looked up by the sha256 of their token: unique, and indexed by the constraint.
// No parameters. Returns nothing.
CREATE CONSTRAINT constraint_unique_ApiKey_hash IF NOT EXISTS
FOR (k:ApiKey) REQUIRE k.hash IS UNIQUE
