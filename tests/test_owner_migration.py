"""`graphmem migrate` carries a store written by the per-scope version over to one graph per
owner: duplicate entities (same owner and name, different run) are merged and their mentions
and triplets re-pointed without losing any. The old store is written here with the previous
version's key format and properties (raw Cypher mirroring its statements)."""

from __future__ import annotations

import uuid

import neo4j
import pytest

from graphmem import Memory
from graphmem.adapters.neo4j.owner_migration import MigrationReport, OwnerMigration
from graphmem.domain.scope import Scope
from graphmem.ports.embedder import Embedder

pytestmark = pytest.mark.neo4j

OLD_MEMORY = """
CREATE (m:Memory {id: $id, text: $text, hash: $id, scope_key: $scope_key, user_id: $user_id,
        agent_id: $agent_id, run_id: $run_id, lifecycle_state: 'active', synthesized: false,
        embedding: $embedding,
        created_at: datetime(), observed_at: datetime(), access_count: 0})
"""
# The previous version's entity key: exact scope key (user, agent, run) + normalised name.
OLD_ENTITY = """
MERGE (e:Entity {key: $key})
ON CREATE SET e.id = $eid, e.name = $name, e.normalized_name = $norm, e.scope_key = $scope_key,
    e.user_id = $user_id, e.agent_id = $agent_id, e.run_id = $run_id
WITH e
MATCH (m:Memory {id: $mid})
MERGE (m)-[:MENTIONS]->(e)
"""
OLD_TRIPLET = """
MATCH (s:Entity {key: $source}), (t:Entity {key: $target})
CREATE (s)-[:RELATES_TO {id: $tid, predicate: $predicate, fact: $fact, memory_ids: [$mid],
        scope_key: $scope_key, user_id: $user_id, agent_id: $agent_id, run_id: $run_id,
        created_at: datetime()}]->(t)
"""


def old_scope_key(user: str | None, agent: str | None, run: str | None) -> str:
    return "\x1f".join(v or "" for v in (user, agent, run))


class OldStore:
    """Writes memories, entities, mentions and triplets as the per-scope version did."""

    def __init__(self, driver: neo4j.Driver, embedder: Embedder) -> None:
        self.driver = driver
        self.embedder = embedder

    def memory(
        self,
        text: str,
        user: str | None,
        agent: str | None,
        run: str | None,
        entities: list[str],
        triplets: list[tuple[str, str, str]] = (),
    ) -> str:
        scope = {
            "user_id": user,
            "agent_id": agent,
            "run_id": run,
            "scope_key": old_scope_key(user, agent, run),
        }
        mid = str(uuid.uuid4())
        [vector] = self.embedder.embed([text])
        self.driver.execute_query(OLD_MEMORY, id=mid, text=text, embedding=vector, **scope)
        for name in entities:
            self.driver.execute_query(
                OLD_ENTITY,
                key=f"{scope['scope_key']}\x1f{name.lower()}",
                eid=str(uuid.uuid4()),
                name=name,
                norm=name.lower(),
                mid=mid,
                **scope,
            )
        for source, predicate, target in triplets:
            self.driver.execute_query(
                OLD_TRIPLET,
                source=f"{scope['scope_key']}\x1f{source.lower()}",
                target=f"{scope['scope_key']}\x1f{target.lower()}",
                tid=str(uuid.uuid4()),
                predicate=predicate,
                fact=f"{source} {predicate} {target}",
                mid=mid,
                **scope,
            )
        return mid


def graph_of(driver: neo4j.Driver, user: str) -> dict[str, object]:
    """Everything reachable from the user's memories: mentions and triplets by name."""
    mentions = driver.execute_query(
        "MATCH (m:Memory {user_id: $u})-[:MENTIONS]->(e:Entity) "
        "RETURN m.id AS m, e.normalized_name AS e, e.id AS eid, e.key AS key, e.owner AS owner",
        u=user,
    ).records
    triplets = driver.execute_query(
        "MATCH (m:Memory {user_id: $u})-[:MENTIONS]->(s:Entity)-[r:RELATES_TO]->(t:Entity) "
        "RETURN DISTINCT r.id AS id, s.normalized_name AS s, r.predicate AS p, "
        "t.normalized_name AS t, r.memory_ids AS mids, r.owner AS owner, "
        "r.valid_to IS NULL AS current",
        u=user,
    ).records
    return {"mentions": [r.data() for r in mentions], "triplets": [r.data() for r in triplets]}


def build_old_store(driver: neo4j.Driver, embedder: Embedder, user: str) -> dict[str, str]:
    old = OldStore(driver, embedder)
    return {
        "s1": old.memory(
            "Alice lives in Tokyo.",
            user,
            None,
            "s1",
            ["Alice", "Tokyo"],
            [("Alice", "lives_in", "Tokyo")],
        ),
        "s2": old.memory(
            "Alice still lives in Tokyo.",
            user,
            None,
            "s2",
            ["Alice", "Tokyo"],
            [("Alice", "lives_in", "Tokyo")],
        ),
        "s3": old.memory(
            "Alice works at Initech.",
            user,
            "bot",
            "s3",
            ["Alice", "Initech"],
            [("Alice", "works_at", "Initech")],
        ),
        "plain": old.memory("Alice likes jazz.", user, None, None, ["Alice"]),
    }


class Interrupted(RuntimeError):
    pass


class StopsAfterOneEntity(OwnerMigration):
    """Commits one page of one entity, then dies (as a killed `graphmem migrate` would)."""

    def _entities(self, tx, rows):  # type: ignore[override]
        if self.report.entities_rekeyed + self.report.entities_merged >= 1:
            raise Interrupted
        super()._entities(tx, rows)


def check_migrated(driver: neo4j.Driver, user: str, ids: dict[str, str]) -> None:
    owner = Scope(user_id=user).owner_key
    graph = graph_of(driver, user)
    by_name: dict[str, set[str]] = {}
    for row in graph["mentions"]:
        by_name.setdefault(row["e"], set()).add(row["eid"])
        assert row["owner"] == owner and row["key"] == f"{owner}\x1f{row['e']}"
    assert {name: len(found) for name, found in by_name.items()} == {
        "alice": 1,
        "tokyo": 1,
        "initech": 1,
    }
    # Every memory still mentions everything it mentioned: no edge lost.
    per_memory = {(row["m"], row["e"]) for row in graph["mentions"]}
    assert per_memory == {
        (ids["s1"], "alice"),
        (ids["s1"], "tokyo"),
        (ids["s2"], "alice"),
        (ids["s2"], "tokyo"),
        (ids["s3"], "alice"),
        (ids["s3"], "initech"),
        (ids["plain"], "alice"),
    }
    triplets = {(t["s"], t["p"], t["t"]): t for t in graph["triplets"]}
    assert set(triplets) == {("alice", "lives_in", "tokyo"), ("alice", "works_at", "initech")}
    assert set(triplets["alice", "lives_in", "tokyo"]["mids"]) == {ids["s1"], ids["s2"]}
    assert triplets["alice", "works_at", "initech"]["mids"] == [ids["s3"]]
    assert all(t["owner"] == owner and t["current"] for t in graph["triplets"])
    owners = driver.execute_query(
        "MATCH (m:Memory {user_id: $u}) RETURN collect(DISTINCT m.owner) AS o", u=user
    ).records[0]["o"]
    assert owners == [owner]


def test_migrate_merges_duplicate_entities_and_keeps_every_edge(
    memory: Memory, driver: neo4j.Driver, user_id: str
) -> None:
    ids = build_old_store(driver, memory.embedder, user_id)
    before = graph_of(driver, user_id)
    assert len({r["eid"] for r in before["mentions"] if r["e"] == "alice"}) == 4
    report = OwnerMigration(driver, "neo4j", batch_size=2)()
    assert report.entities_merged >= 4 and report.mentions_moved >= 4
    check_migrated(driver, user_id, ids)
    # Idempotent: a second run finds nothing of this store left to do.
    again = OwnerMigration(driver, "neo4j")()
    assert again.model_dump() == MigrationReport().model_dump()
    check_migrated(driver, user_id, ids)
    # The migrated graph is the one new adds use: no second Alice, and the lives_in triplet is
    # the owner's (so a move in another run supersedes it).
    later = memory.add("Alice is allergic to shellfish.", user_id=user_id, run_id="s9")
    alice = {r["eid"] for r in graph_of(driver, user_id)["mentions"] if r["e"] == "alice"}
    assert len(alice) == 1
    assert alice <= {
        r["eid"] for r in graph_of(driver, user_id)["mentions"] if r["m"] == later.results[0].id
    }


def test_migrate_resumes_after_an_interruption(
    driver: neo4j.Driver, embedder: Embedder, user_id: str
) -> None:
    ids = build_old_store(driver, embedder, user_id)
    with pytest.raises(Interrupted):
        StopsAfterOneEntity(driver, "neo4j", batch_size=1)()
    OwnerMigration(driver, "neo4j", batch_size=3)()
    check_migrated(driver, user_id, ids)


def test_migrate_moves_dream_to_the_owner_scope(driver: neo4j.Driver, user_id: str) -> None:
    driver.execute_query(
        "CREATE (:Scope {key: $k, user_id: $u, agent_id: 'bot', run_id: null, "
        "dream_enabled_at: datetime('2025-01-01T00:00:00Z'), "
        "dream_watermark: datetime('2025-02-01T00:00:00Z')})",
        k=old_scope_key(user_id, "bot", None),
        u=user_id,
    )
    OwnerMigration(driver, "neo4j")()
    rows = driver.execute_query(
        "MATCH (s:Scope {user_id: $u}) WHERE s.dream_enabled_at IS NOT NULL "
        "RETURN s.key AS key, toString(s.dream_watermark) AS w",
        u=user_id,
    ).records
    assert [(r["key"], r["w"]) for r in rows] == [
        (Scope(user_id=user_id).owner_key, "2025-02-01T00:00:00Z")
    ]


def test_migrate_records_who_speaks_as_the_user(
    memory: Memory, driver: neo4j.Driver, user_id: str
) -> None:
    """A store written before adds recorded their user speakers: after `graphmem migrate`,
    "my boss" resolves for a user who speaks under a name, as it does for a new store."""
    said = [{"role": "user", "name": "Tom", "content": "My manager, Helga, runs the office."}]
    memory.add(said, user_id=user_id, timestamp="2025-03-01")
    owner = Scope(user_id=user_id).owner_key
    forget = "MATCH (s:Scope {key: $k}) REMOVE s.user_speakers"
    driver.execute_query(forget, k=owner)  # as the previous version left it
    unresolved = memory.search("Who is my boss?", user_id=user_id, explain=True).explain
    assert unresolved is not None and "->" not in unresolved.signals["roles"]

    report = OwnerMigration(driver, "neo4j", batch_size=2)()
    assert report.user_speakers_recorded >= 1
    recorded = "MATCH (s:Scope {key: $k}) RETURN s.user_speakers AS names"
    assert driver.execute_query(recorded, k=owner).records[0]["names"] == ["tom"]
    resolved = memory.search("Who is my boss?", user_id=user_id, explain=True).explain
    assert resolved is not None and "-> Helga" in resolved.signals["roles"]
    again = OwnerMigration(driver, "neo4j")()  # idempotent: nothing left to record
    assert driver.execute_query(recorded, k=owner).records[0]["names"] == ["tom"]
    assert again.user_speakers_recorded == 0
