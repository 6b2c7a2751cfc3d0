"""A fact ended inside a memory that tells more: the ``end`` transition.

"Noa is seven and plays the violin in the youth orchestra", then "Noa switched from violin
to cello": the old memory also tells Noa's age, so it is not superseded; only the fact the
new one denies ends (its triplet gets ``valid_to`` and ``ended_by``), and search ranks the
newer memory first for a current question, the older one for a question about the past.
Deleting the newer memory makes the fact current again. Guards (pure), then the real Neo4j.
"""

from __future__ import annotations

from datetime import UTC, datetime

import neo4j
import pytest

from graphmem import Memory
from graphmem.domain.extraction import ExtractedMemory, ExtractedTriplet, KnownMemory
from graphmem.lifecycle.decisions import Candidate
from graphmem.lifecycle.guards import detect_offline
from graphmem.lifecycle.predicates import FunctionalPredicates
from graphmem.ports.search import TripletHit
from graphmem.search.ended import about, asks_what_was

OLD = "Noa is seven and plays the violin in the youth orchestra."
NEW = "Noa switched from violin to cello, the violin hurt her neck."


def _candidate(text: str, *triplets: tuple[str, str, str]) -> Candidate:
    return Candidate(
        memory=KnownMemory(id="old", text=text, observed_at=datetime(2025, 1, 1, tzinfo=UTC)),
        cosine=0.6,
        triplets=[ExtractedTriplet(source=s, predicate=p, target=t, fact=f"{s} {p} {t}")
                  for s, p, t in triplets],
    )  # fmt: skip


def _new(denied: tuple[str, str, str]) -> ExtractedMemory:
    s, p, t = denied
    return ExtractedMemory(
        text=NEW, denied=[ExtractedTriplet(source=s, predicate=p, target=t, fact=f"{s} {p} {t}")]
    )


def test_a_denied_fact_of_a_memory_that_tells_more_ends_alone() -> None:
    old = _candidate(OLD, ("Noa", "play", "violin"), ("Noa", "play_in", "youth orchestra"))
    (proposal,) = detect_offline(
        _new(("Noa", "play", "violin")), [old], FunctionalPredicates(), 0.9
    )
    assert proposal.action == "end"
    assert [(t.source, t.predicate, t.target) for t in proposal.ended] == [
        ("Noa", "play", "violin")
    ]


def test_a_fact_the_old_memory_does_not_assert_ends_nothing() -> None:
    old = _candidate(OLD, ("Noa", "play", "violin"))
    assert not detect_offline(_new(("Noa", "play", "piano")), [old], FunctionalPredicates(), 0.9)
    other = _new(("Mila", "play", "violin"))  # someone else's violin
    assert not detect_offline(other, [old], FunctionalPredicates(), 0.9)


def test_a_memory_that_tells_nothing_more_is_still_superseded_whole() -> None:
    old = _candidate("Noa plays the violin.", ("Noa", "play", "violin"))
    (proposal,) = detect_offline(
        _new(("Noa", "play", "violin")), [old], FunctionalPredicates(), 0.9
    )
    assert proposal.action == "supersede"


def _ended(driver: neo4j.Driver, memory_id: str) -> list[tuple[str, str | None]]:
    rows = driver.execute_query(
        "MATCH (:Entity)-[r:RELATES_TO]->(t:Entity) WHERE $id IN r.memory_ids "
        "AND r.predicate = 'play' RETURN t.name AS target, r.ended_by AS ended_by",
        id=memory_id,
    ).records
    return [(r["target"], r["ended_by"]) for r in rows]


@pytest.mark.neo4j
def test_the_end_of_one_fact_reorders_search_and_keeps_the_memory(
    memory: Memory, driver: neo4j.Driver, user_id: str
) -> None:
    said = [{"role": "user", "name": "Ines", "content": "My daughter Noa is seven."}]
    memory.add(said, user_id=user_id, timestamp="2025-01-02")
    first = [{"role": "user", "name": "Ines", "content": OLD}]
    then = [{"role": "user", "name": "Ines", "content": NEW}]
    old = memory.add(first, user_id=user_id, timestamp="2025-01-05").results[0]
    new = memory.add(then, user_id=user_id, timestamp="2025-06-01").results[0]
    assert [(t.action, t.outcome, t.old_memory_id) for t in new.transitions] == [
        ("end", "applied", old.id)
    ]
    assert memory.get(old.id).lifecycle_state == "active"
    assert _ended(driver, old.id) == [("violin", new.id)]
    events = [e.event for e in memory.history(old.id)]
    assert "END" in events

    now = memory.search("Which instrument does Noa play?", user_id=user_id, explain=True)
    assert [r.id for r in now.results[:2]] == [new.id, old.id]
    assert any("ended:" in u for u in now.explain.updates)
    before = memory.search("What did Noa play before?", user_id=user_id)
    ranked = [r.id for r in before.results]
    assert ranked.index(old.id) < ranked.index(new.id)
    # a reference date before the end: the fact was current then
    then_view = memory.search(
        "Which instrument does Noa play?",
        user_id=user_id,
        reference_date="2025-03-01",
        explain=True,
    )
    assert not any("ended:" in u for u in (then_view.explain.updates if then_view.explain else []))

    # a question in the past tense asks what was, when the fact still held
    asked = memory.search("What did Noa play in the orchestra?", user_id=user_id, explain=True)
    assert asked.explain is not None
    assert not any("ended:" in u for u in asked.explain.updates)

    memory.delete(new.id)
    assert _ended(driver, old.id) == [("violin", None)]


@pytest.mark.parametrize(
    ("query", "what_was"),
    [
        ("Which instrument does Noa play?", False),
        ("Where does Marc work?", False),
        ("What did Noa play at the concert?", True),
        ("When was Marc at SNCF?", True),
        ("Where had they lived?", True),
        # about the end itself: the memory that ended the fact answers
        ("Why did I stop taking metformin?", False),
        ("When did Marc leave SNCF?", False),
    ],
)
def test_a_question_in_the_past_tense_asks_what_was(query: str, what_was: bool) -> None:
    assert asks_what_was(query) is what_was


@pytest.mark.neo4j
def test_an_end_ends_only_the_denied_value_of_its_slot(
    memory: Memory, driver: neo4j.Driver, user_id: str
) -> None:
    """ "plays the violin and the piano": switching from the violin leaves the piano."""
    said = [{"role": "user", "name": "Ines", "content": "My daughter Noa is seven."}]
    memory.add(said, user_id=user_id, timestamp="2025-01-02")
    both = "Noa plays the violin and the piano in the youth orchestra."
    old = memory.add([{"role": "user", "name": "Ines", "content": both}],
                     user_id=user_id, timestamp="2025-01-05").results[0]  # fmt: skip
    memory.add([{"role": "user", "name": "Ines", "content": NEW}],
               user_id=user_id, timestamp="2025-06-01")  # fmt: skip
    ended = dict(_ended(driver, old.id))
    assert ended["violin"] is not None
    assert ended["piano"] is None


def _tell(memory: Memory, user_id: str, text: str, day: str) -> str:
    added = memory.add(
        [{"role": "user", "name": "Dev", "content": text}], user_id=user_id, timestamp=day
    )
    return added.results[0].id


@pytest.mark.neo4j
def test_a_new_employer_ends_only_the_job_of_a_memory_that_tells_more(
    memory: Memory, driver: neo4j.Driver, user_id: str
) -> None:
    """A functional value replaced ("I work for Atlassian now") inside a memory that tells
    more ("… doing backend in Go"): the memory stays current for the rest, the old job is
    history, and time-aware search reads the end as a change of state."""
    old = _tell(
        memory, user_id, "I work remotely for a startup called Loomly, doing backend in Go.",
        "2026-04-02",
    )  # fmt: skip
    _tell(memory, user_id, "I'm lactose intolerant, so oat milk for me please.", "2026-05-01")
    (new_add,) = memory.add(
        [{"role": "user", "name": "Dev",
          "content": "Loomly got acquired by Atlassian, so technically I work for Atlassian now."}],
        user_id=user_id, timestamp="2026-07-30",
    ).results  # fmt: skip
    assert [(t.action, t.old_memory_id) for t in new_add.transitions] == [("end", old)]
    assert memory.get(old).lifecycle_state.value == "active"
    ended = driver.execute_query(
        "MATCH (:Entity {user_id: $u, name: 'Dev'})-[r:RELATES_TO {predicate: 'works_at'}]->(t) "
        "RETURN t.name AS t, r.valid_to IS NOT NULL AS ended, r.ended_by AS by",
        u=user_id,
    ).records
    assert {(r["t"], r["ended"], r["by"]) for r in ended} == {
        ("Loomly", True, new_add.id),
        ("Atlassian", False, None),
    }
    # what else it tells is still current: a search of the latest memories only keeps it
    asked = memory.search(
        "What language do I code in?", user_id=user_id, top_k=2, latest_only=True
    ).results
    assert old in [r.id for r in asked]
    now = memory.search("Where do I work now?", user_id=user_id, top_k=1).results
    assert now[0].id == new_add.id
    before = memory.search("Where did I work before?", user_id=user_id, top_k=3, explain=True)
    assert before.explain is not None and "1 superseded-state windows" in (
        before.explain.time_intent or ""
    )


@pytest.mark.neo4j
def test_an_ended_pair_keeps_the_place_of_the_memory_the_query_matched(
    memory: Memory, user_id: str
) -> None:
    """ "How many cats do we have now?" matches the adoption well and the death hardly: the
    newer takes the older's place above unrelated memories, instead of both falling below
    them."""
    adopted = _tell(memory, user_id, "We adopted two cats, Fig and Olive.", "2026-05-13")
    for day, text in (("2026-05-20", "Finished the book, now on to the next one."),
                      ("2026-06-01", "My manager is now Farah since Dmitri left."),
                      ("2026-06-10", "I lead the search team now.")):  # fmt: skip
        _tell(memory, user_id, text, day)
    died = memory.add(
        [{"role": "user", "name": "Dev",
          "content": "Olive got sick and we had to put her down, heartbreaking."}],
        user_id=user_id, timestamp="2026-06-02",
    ).results[0]  # fmt: skip
    assert [(t.action, t.old_memory_id) for t in died.transitions if t.outcome == "applied"] == [
        ("end", adopted)
    ]
    found = memory.search("How many cats do we have now?", user_id=user_id,
                          reference_date="2026-11-01")  # fmt: skip
    assert [r.id for r in found.results[:2]] == [died.id, adopted]


@pytest.mark.neo4j
def test_why_it_ended_ranks_the_memory_that_ended_it(memory: Memory, user_id: str) -> None:
    _tell(memory, user_id, "My GP put me on lisinopril for my blood pressure.", "2026-01-10")
    ended = _tell(
        memory, user_id, "The GP switched me from lisinopril to losartan, the cough was awful.",
        "2026-03-02",
    )  # fmt: skip
    found = memory.search("Why did I stop lisinopril?", user_id=user_id, top_k=2)
    assert found.results[0].id == ended


def test_an_end_the_question_does_not_ask_about_reorders_nothing() -> None:
    asked = about("What's my job?", frozenset({"works_at", "job_title"}))
    age = TripletHit(id="a", source="Mark", predicate="age", target="42")
    assert not asked(age)
    assert about("What's my job?")(age)  # a query about no state topic asks as before
    # that the triplet signal read it asks nothing by itself: a name alone brings it there
    assert not asked(age.model_copy(update={"cosine": 0.3}))
    breakup = TripletHit(id="g", source="Zara", predicate="girlfriend_of", target="Kai")
    assert not about("Where does Kai work?", frozenset({"works_at"}))(breakup)  # no topic word
    assert about("Where does Marc work?", frozenset({"lives_in"}))(
        TripletHit(id="w", source="Marc", predicate="works_at", target="SNCF")
    )  # a word shared
    assert about("How old is Mark?", frozenset({"age"}))(age)  # the question's topic
    # a fact of no state topic is asked about as before
    assert about("What diabetes medication am I on?")(
        TripletHit(id="t", source="Alex", predicate="take", target="metformin")
    )


def test_an_end_between_others_than_the_people_named_is_not_asked_about() -> None:
    """ "What does Lena do with Chloe?" asks nothing about Ravi's moving out of Lena's flat
    (it ranked first, lifted above the memory of the flat it ended); a question naming Ravi,
    or sharing a word with the fact, or naming nobody, still asks (nineteenth stop)."""
    moved_out = TripletHit(id="r", source="Ravi", predicate="roommate_of", target="Lena")
    assert not about("What does Lena do with Chloe?")(moved_out)
    assert about("Why did Ravi leave?")(moved_out)
    assert about("Does Lena still have roommates?")(moved_out)  # a word shared
    assert about("what should I cook tonight?")(moved_out)  # nobody named: as before


@pytest.mark.neo4j
def test_a_corrected_age_does_not_outrank_the_job_asked_about(memory: Memory, user_id: str) -> None:
    profile = _tell(
        memory, user_id, "About me: I'm 38, I'm a pharmacist at a clinic in Leiden.", "2026-01-03"
    )
    _tell(memory, user_id, "Correction: I'm actually 39, my birthday was last week.", "2026-02-14")
    found = memory.search("What's my job?", user_id=user_id, top_k=2)
    assert found.results[0].id == profile
