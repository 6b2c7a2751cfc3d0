"""An unnamed relative of the person a question names ("Callum's Father") is no seed by
meaning when the question does not say the relation: its vector is near the question by the
owner's name alone, and every fact of the father's outranked the answer (search/signals/
entities.py). And who someone is to the person named ("Aoife girlfriend_of Callum") is no
fact of that person's own for "Where does Callum work?" (search/asker.py). Real Neo4j,
offline extractor; eighteenth stop."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from graphmem import Memory
from graphmem.ports.search import TripletHit
from graphmem.search.asker import about_others_than
from graphmem.search.signals.entities import _owned_by_name
from tests.support.stores import stored_sessions

pytestmark = pytest.mark.neo4j

SESSIONS = [
    ("2026-01-15T12:00:00Z", [
        "just started as a junior solicitor at Harper Lowe in Leeds",
        "my girlfriend Aoife is a paramedic, she works crazy shifts",
    ]),
    ("2026-04-03T12:00:00Z", [
        "got my first big case, a commercial lease dispute",
        "my dad had a minor stroke, he's recovering at home in Wakefield",
    ]),
    ("2026-07-21T12:00:00Z", [
        "dad's walking again, physio three times a week",
        "proposed to Aoife on holiday in Kerry, she said yes!",
    ]),
]  # fmt: skip


@pytest.fixture(scope="module")
def user(memory: Memory) -> Iterator[str]:
    sessions = [(when, "Callum", turns) for when, turns in SESSIONS]
    with stored_sessions(memory, "test-relatives-by-owner-name", sessions) as user_id:
        yield user_id


@pytest.mark.parametrize(
    ("query", "answer"),
    [
        ("What was Callum's first big case?", "lease dispute"),
        ("Where does Callum work?", "Harper Lowe"),
        ("What happened to Callum's dad?", "stroke"),  # the relation said: the father's facts
    ],
)
def test_the_answer_is_not_a_relatives_fact(memory: Memory, user: str, query: str,
                                            answer: str) -> None:  # fmt: skip
    found = memory.search(query, user_id=user, top_k=3, reference_date="2026-07-25")
    assert not found.degraded, found.failed_signals
    texts = [r.text for r in found.results]
    assert answer in texts[0] or (answer == "stroke" and any(answer in t for t in texts)), texts


def _fact(triplet_id: str, source: str, predicate: str, target: str, memory: str) -> TripletHit:
    return TripletHit(
        id=triplet_id, source=source, predicate=predicate, target=target, memory_ids=[memory]
    )


MATCHED = [
    _fact("1", "Aoife", "girlfriend_of", "Callum", "aoife"),
    _fact("2", "Aoife", "job_title", "paramedic", "aoife"),
    _fact("3", "Callum", "works_at", "Harper Lowe", "callum"),
]


def test_who_someone_is_to_the_person_named_is_not_their_own_fact() -> None:
    """ "my girlfriend Aoife is a paramedic" tells Aoife's job: for "Where does Callum work?"
    it is another person's fact, though it names Callum as the one she is a girlfriend of."""
    assert about_others_than("Where does Callum work?", MATCHED) == {"aoife"}


def test_a_question_about_the_relation_keeps_it() -> None:
    assert about_others_than("Who is Callum's girlfriend?", MATCHED) == set()


def test_only_a_relative_by_the_owners_name_is_held_back() -> None:
    """A place named with a possessive ("St Anne's School") stays a seed by meaning; an
    unnamed relative does until the question says the relation."""
    assert _owned_by_name("Callum's Father", {"callum", "live", "now"})
    assert not _owned_by_name("Callum's Father", {"callum", "father", "happen"})
    assert not _owned_by_name("St Anne's School", {"st", "anne", "start"})
