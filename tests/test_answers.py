"""A short answer to a question states what the question asked (extraction/nlp/answers.py),
and ends told of jobs and things it named (lifecycle)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from graphmem import Memory
from graphmem.domain.extraction import ExtractionRequest, Message
from graphmem.extraction.nlp import NLPExtractor

OBSERVED = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
EXTRACTOR = NLPExtractor()


def _answer(question: str, reply: str) -> set[tuple[str, str, str]]:
    request = ExtractionRequest(
        messages=[Message(role="assistant", content=question), Message(content=reply, name="Noa")],
        observed_at=OBSERVED,
    )
    memory = EXTRACTOR.extract(request).memories[1]
    assert memory.text == reply  # the text stays as written
    return {(t.source, t.predicate, t.target) for t in memory.triplets}


@pytest.mark.parametrize(
    ("question", "reply", "fact"),
    [
        ("Which car do you drive?", "a red Mazda 3", ("Noa", "drive", "Mazda")),
        ("Where do you live these days?", "Leeds, for now.", ("Noa", "lives_in", "Leeds")),
        ("Where do you work?", "Siemens", ("Noa", "works_at", "Siemens")),
        ("What's your email?", "noa@example.org", ("Noa", "email", "noa@example.org")),
        ("And what music do you like?", "mostly jazz", ("Noa", "likes", "jazz")),
    ],
)
def test_a_short_answer_states_what_the_question_asked(
    question: str, reply: str, fact: tuple[str, str, str]
) -> None:
    assert fact in _answer(question, reply)


@pytest.mark.parametrize(
    ("question", "reply"),
    [
        ("Why do you like jazz?", "no idea"),  # a question of another shape
        ("Which car do you drive?", "I don't have one any more."),  # a full sentence
        ("How was the trip?", "amazing"),
    ],
)
def test_other_questions_and_full_answers_state_nothing_of_the_question(
    question: str, reply: str
) -> None:
    assert not _answer(question, reply)


@pytest.mark.neo4j
def test_a_thing_named_in_an_answer_ends_when_sold(memory: Memory, user_id: str) -> None:
    asked = [
        {"role": "assistant", "content": "Which car do you have?"},
        {"role": "user", "name": "Noa", "content": "an old golf, 2009"},
    ]
    old = memory.add(asked, user_id=user_id, timestamp="2026-01-06").results[1]
    sold = [{"role": "user", "name": "Noa", "content": "we sold the golf, we're a one-bike family"}]
    new = memory.add(sold, user_id=user_id, timestamp="2026-03-01").results[0]
    assert [(t.action, t.outcome, t.old_memory_id) for t in new.transitions] == [
        ("supersede", "applied", old.id)
    ]


@pytest.mark.neo4j
def test_a_job_left_by_the_place_that_names_it_ends_the_job(memory: Memory, user_id: str) -> None:
    got = [
        {"role": "user", "name": "Noa", "content": "my partner Sam got a job at the city library"}
    ]
    quit_ = [{"role": "user", "name": "Noa", "content": "Sam quit the library gig last week"}]
    old = memory.add(got, user_id=user_id, timestamp="2026-02-02").results[0]
    new = memory.add(quit_, user_id=user_id, timestamp="2026-03-09").results[0]
    assert [(t.action, t.outcome, t.old_memory_id) for t in new.transitions] == [
        ("supersede", "applied", old.id)
    ]
