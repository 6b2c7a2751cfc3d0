"""A relative told unnamed, then named (or named, then unnamed) is one entity of the owner's
graph (graphmem/services/relatives.py), against the real Neo4j."""

from __future__ import annotations

import neo4j
import pytest

from graphmem import Memory

pytestmark = pytest.mark.neo4j


def say(memory: Memory, user_id: str, text: str, day: str, run: str = "r1") -> list[str]:
    added = memory.add(
        [{"role": "user", "name": "Tomas", "content": text}],
        user_id=user_id, run_id=run, timestamp=day,
    )  # fmt: skip
    return [r.id for r in added.results]


def facts_of(driver: neo4j.Driver, user_id: str, name: str) -> set[tuple[str, str]]:
    rows = driver.execute_query(
        "MATCH (s:Entity {user_id: $u, name: $n})-[r:RELATES_TO]->(t:Entity) "
        "WHERE r.valid_to IS NULL AND r.retired_at IS NULL "
        "RETURN r.predicate AS p, t.name AS t",
        u=user_id, n=name,
    ).records  # fmt: skip
    return {(r["p"], r["t"]) for r in rows}


def merged(driver: neo4j.Driver, user_id: str) -> list[tuple[str, str]]:
    rows = driver.execute_query(
        "MATCH (u:Entity {user_id: $u})-[:SAME_AS]->(x:Entity) "
        "RETURN u.name AS u, x.name AS x, u.merged_into = x.key AS marked",
        u=user_id,
    ).records
    assert all(r["marked"] for r in rows)
    return [(r["u"], r["x"]) for r in rows]


def test_an_unnamed_sister_becomes_the_one_named_later(
    memory: Memory, driver: neo4j.Driver, user_id: str
) -> None:
    first = say(memory, user_id, "My sister lives in Gdansk with her two kids.", "2026-01-10")
    say(memory, user_id, "My sister Kasia is a vet, she loves horses.", "2026-02-14", run="r2")
    assert merged(driver, user_id) == [("Tomas's Sister", "Kasia")]
    assert {("lives_in", "Gdansk"), ("sister_of", "Tomas"), ("job_title", "vet")} <= facts_of(
        driver, user_id, "Kasia"
    )
    assert facts_of(driver, user_id, "Tomas's Sister") == set()
    mentions = driver.execute_query(
        "MATCH (m:Memory {id: $id})-[:MENTIONS]->(e:Entity) RETURN collect(e.name) AS names",
        id=first[0],
    ).records[0]["names"]
    assert "Kasia" in mentions and "Tomas's Sister" not in mentions
    # her facts answer a question that names her, told before she had a name
    say(memory, user_id, "My brother Piotr lives in Warsaw.", "2026-03-01")
    say(memory, user_id, "I live in Poznan near the old market.", "2026-03-02")
    found = memory.search("Where does Kasia live?", user_id=user_id, top_k=2, explain=True).results
    hit = next(r for r in found if r.id == first[0])
    assert hit.score_breakdown.entity and hit.score_breakdown.entity > 0


def test_a_move_of_the_unnamed_sister_supersedes_the_named_ones_home(
    memory: Memory, driver: neo4j.Driver, user_id: str
) -> None:
    home = say(memory, user_id, "My sister Kasia lives in Gdansk.", "2026-01-10")
    moved = say(memory, user_id, "My sister moved to Krakow last week.", "2026-07-15", run="r2")
    assert ("lives_in", "Krakow") in facts_of(driver, user_id, "Kasia")
    assert not any(name.endswith("'s Sister") for name, _ in merged(driver, user_id))
    assert memory.get(home[0]).lifecycle_state.value == "superseded"
    found = memory.search("Where does my sister live?", user_id=user_id, top_k=1).results
    assert found[0].id == moved[0]


def test_two_named_sisters_leave_my_sister_unnamed(
    memory: Memory, driver: neo4j.Driver, user_id: str
) -> None:
    say(memory, user_id, "My sister Kasia is a vet.", "2026-01-10")
    say(memory, user_id, "My sister Ola is a pilot.", "2026-01-11")
    say(memory, user_id, "My sister lives in Gdansk.", "2026-01-12")
    assert ("lives_in", "Gdansk") in facts_of(driver, user_id, "Tomas's Sister")
    assert ("lives_in", "Gdansk") not in facts_of(driver, user_id, "Kasia")
    say(memory, user_id, "My sister Ola got a job as a flight instructor.", "2026-01-13")
    assert merged(driver, user_id) == []  # two named: which one lives in Gdansk is unknown


def test_a_brother_named_does_not_take_the_unnamed_sister(
    memory: Memory, driver: neo4j.Driver, user_id: str
) -> None:
    say(memory, user_id, "My sister lives in Gdansk.", "2026-01-10")
    say(memory, user_id, "My brother Piotr is a chef.", "2026-01-11")
    assert merged(driver, user_id) == []
    assert ("lives_in", "Gdansk") in facts_of(driver, user_id, "Tomas's Sister")


def test_one_owner_only(memory: Memory, driver: neo4j.Driver, user_id: str) -> None:
    other = f"{user_id}-other"
    say(memory, other, "My sister Kasia is a vet.", "2026-01-10")
    say(memory, user_id, "My sister lives in Gdansk.", "2026-01-11")
    assert ("lives_in", "Gdansk") in facts_of(driver, user_id, "Tomas's Sister")
    assert merged(driver, user_id) == [] and merged(driver, other) == []
    memory.delete_all(user_id=other)


def test_a_name_given_later_merges_the_unnamed_mother(
    memory: Memory, driver: neo4j.Driver, user_id: str
) -> None:
    told = say(memory, user_id, "My mum has arthritis in her hands.", "2026-01-08")
    say(memory, user_id, "I'm a junior architect in London.", "2026-01-22")
    say(memory, user_id, "My flatmate Chidi is vegan.", "2026-02-10")
    say(memory, user_id, "Mum's name is Ngozi, by the way.", "2026-03-05", run="r2")
    assert merged(driver, user_id) == [("Tomas's Mother", "Ngozi")]
    assert ("has_condition", "arthritis") in facts_of(driver, user_id, "Ngozi")
    found = memory.search("What health issue does Ngozi have?", user_id=user_id, top_k=2)
    assert told[0] in [r.id for r in found.results]


def test_a_flatmate_who_moved_out_is_no_longer_one(
    memory: Memory, driver: neo4j.Driver, user_id: str
) -> None:
    say(memory, user_id, "My flatmate Chidi is vegan and cooks for both of us.", "2026-02-10")
    moved = say(memory, user_id, "Chidi moved out last weekend.", "2026-04-16", run="r2")
    assert ("roommate_of", "Tomas") not in facts_of(driver, user_id, "Chidi")
    assert ("diet", "vegan") in facts_of(driver, user_id, "Chidi")
    (added,) = memory.add(
        [{"role": "user", "name": "Tomas", "content": "My new flatmate is Sofia."}],
        user_id=user_id, timestamp="2026-06-11",
    ).results  # fmt: skip
    found = memory.search("Who is my flatmate?", user_id=user_id, top_k=1).results
    assert found[0].id == added.id and moved


def test_my_parents_and_my_in_laws_resolve_to_their_group(
    memory: Memory, driver: neo4j.Driver, user_id: str
) -> None:
    in_laws = say(
        memory, user_id, "My in-laws live in Bergen, we visit them at Easter.", "2026-03-03"
    )
    parents = say(memory, user_id, "My parents live in Tromso and run a bakery.", "2026-03-04")
    say(memory, user_id, "My wife Ingrid teaches maths at Nordvik school.", "2026-03-05")
    say(memory, user_id, "I sleep badly when it is cold in Oslo.", "2026-03-06")
    for query, wanted in (
        ("Where do my in-laws live?", in_laws[0]),
        ("Where do my parents live?", parents[0]),
    ):
        found = memory.search(query, user_id=user_id, top_k=1, explain=True)
        assert found.results[0].id == wanted, query
        assert found.explain is not None
        assert "->" in found.explain.signals["roles"], query  # resolved through the graph


def test_two_sisters_named_at_once_merge_the_unnamed_one_at_most_once(
    memory: Memory, driver: neo4j.Driver, user_id: str
) -> None:
    """Two adds that each name a sister, side by side: each read one named holder before
    writing, but the merge re-checks under the owner's lock, so the unnamed sister becomes
    at most one of them, never both."""
    from concurrent.futures import ThreadPoolExecutor

    say(memory, user_id, "My sister lives in Gdansk.", "2026-01-10")
    texts = ["My sister Kasia is a vet.", "My sister Ola is a pilot."]
    with ThreadPoolExecutor(max_workers=2) as pool:
        list(pool.map(lambda t: say(memory, user_id, t, "2026-02-01", run="r2"), texts))
    found = merged(driver, user_id)
    assert len(found) <= 1
    owners = [
        name for name in ("Kasia", "Ola", "Tomas's Sister")
        if ("lives_in", "Gdansk") in facts_of(driver, user_id, name)
    ]  # fmt: skip
    assert len(owners) == 1  # the home is someone's, once
    if found:
        assert owners == [found[0][1]]
