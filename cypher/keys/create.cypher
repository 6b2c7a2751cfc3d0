// Store a new API key (the sha256 of its token, never the token).
// $id, $hash, $prefix, $user_ids: list<string>, $agent_ids: list<string>, $admin: bool,
// $all_users: bool, $allow_dream: bool, $now.
// Returns: key (map without hash).
CREATE (k:ApiKey {id: $id, hash: $hash, prefix: $prefix, user_ids: $user_ids,
                  agent_ids: $agent_ids, admin: $admin, all_users: $all_users,
                  allow_dream: $allow_dream, created_at: $now})
RETURN k {.*, hash: null} AS key
