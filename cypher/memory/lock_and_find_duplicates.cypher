// Take the add's scope write locks, then re-check duplicates under them, in one round trip.
// The Scope nodes are locked in the order of $scopes (the owner's first, then the exact
// scope's when it differs: every add takes them in that order, so two adds cannot deadlock),
// creating each the first time; the count() waits for every lock before the read. Every add in
// a scope runs after this, so duplicate checks and entity merges cannot race.
// The owner's Scope also records who speaks as the user (the normalised names of the add's
// role "user" messages, a few at most: search reads "I"/"my" as that person when there is one).
// $scopes: list<map{key, user_id, agent_id, run_id}>, $now, $owner, $hashes: list<string>,
// $speakers: list<string>, $max_speakers: int.
// Returns: hash, id (one row per active memory of the owner, any run, with one of $hashes).
UNWIND $scopes AS scope
MERGE (s:Scope {key: scope.key})
ON CREATE SET s.user_id = scope.user_id, s.agent_id = scope.agent_id,
    s.run_id = scope.run_id, s.created_at = $now
SET s.lock_seq = coalesce(s.lock_seq, 0) + 1,
    s.user_speakers = CASE
      WHEN scope.key <> $owner OR size($speakers) = 0 THEN s.user_speakers
      ELSE reduce(names = coalesce(s.user_speakers, []), name IN $speakers |
        CASE WHEN name IN names OR size(names) >= $max_speakers THEN names ELSE names + name END)
    END
WITH count(s) AS locked
UNWIND $hashes AS h
MATCH (m:Memory {hash: h})
USING INDEX m:Memory(hash)  // the most selective: not the owner's or every active memory
WHERE m.owner = $owner AND m.lifecycle_state = 'active'
RETURN m.hash AS hash, m.id AS id
