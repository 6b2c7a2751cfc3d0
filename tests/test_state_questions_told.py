"""Questions about how things stand, over a chat that tells its changes in passing (real
Neo4j, offline extractor; nineteenth stop):

* "What is Lena's job title?" asks what holds now, as "now" would (``PRESENT_STATE_CUES``,
  search/time_cues.py): the promotion ranks first, not the job it replaced;
* "What's wrong with Clover?" asks for a diagnosis, an illness or an injury
  (search/answer_kinds.py): the diagnosis outranks the rabbit's chewing the cables;
* "quit the bar, got a receptionist job …" ends the job at the bar (pattern_rules.py,
  ``job_quit``): "Where does Lena work now?" does not answer with the bar;
* a housemate's moving out ends a fact between Lena and Ravi, and is no answer to a
  question about Chloe (search/ended.py); "Chloe and I started doing pottery" links the
  pottery to Chloe (extraction/nlp/companions.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from graphmem import Memory
from tests.support.stores import stored_sessions

pytestmark = pytest.mark.neo4j

ASKED_ON = "2026-06-25"
SESSIONS = [
    ("2026-01-10T12:00:00Z", "Lena", [
        "I work evenings at a bar called The Anchor, the tips are decent",
        "my housemates are Chloe and Ravi, Ravi is a med student",
        "our rabbit Clover keeps chewing the cables",
    ]),
    ("2026-04-02T12:00:00Z", "Lena", [
        "quit the bar, got a receptionist job at the dental practice instead",
        "Ravi moved out, he got a place with his partner in Roath",
        "Chloe and I started doing pottery on Thursdays",
        "Clover's been diagnosed with an ear infection, she's on drops",
    ]),
    ("2026-06-20T12:00:00Z", "Lena", [
        "the new housemate is a guy called Tomasz",
        "Dr Price promoted me to practice coordinator",
    ]),
]  # fmt: skip


@pytest.fixture(scope="module")
def user(memory: Memory) -> Iterator[str]:
    with stored_sessions(memory, "test-state-questions", SESSIONS) as user_id:
        yield user_id


def ranked(memory: Memory, user: str, query: str) -> list[str]:
    found = memory.search(query, user_id=user, top_k=5, explain=True, reference_date=ASKED_ON)
    assert not found.degraded, found.failed_signals
    return [r.text for r in found.results]


@pytest.mark.parametrize("query", ["What is Lena's job title?", "what's my job title?"])
def test_a_job_title_asked_is_the_current_one(memory: Memory, user: str, query: str) -> None:
    found = memory.search(query, user_id=user, top_k=3, explain=True, reference_date=ASKED_ON)
    assert found.explain is not None and found.explain.time_intent.startswith("current")
    assert "practice coordinator" in found.results[0].text, [r.text for r in found.results]


@pytest.mark.parametrize("query", ["What's wrong with Clover?", "What is the matter with Clover?"])
def test_what_is_wrong_asks_for_a_diagnosis(memory: Memory, user: str, query: str) -> None:
    texts = ranked(memory, user, query)
    assert "ear infection" in texts[0], texts


def test_a_job_quit_by_its_workplace_is_no_current_job(memory: Memory, user: str) -> None:
    texts = ranked(memory, user, "Where does Lena work now?")
    assert "The Anchor" not in texts[0], texts
    assert "The Anchor" in ranked(memory, user, "Where did Lena work before?")[0]


def test_someone_elses_move_is_no_answer_about_chloe(memory: Memory, user: str) -> None:
    texts = ranked(memory, user, "What does Lena do with Chloe?")
    assert "Ravi moved out" not in texts[0], texts
    assert any("pottery" in t for t in texts[:2]), texts


def test_the_new_housemate_is_a_current_one(memory: Memory, user: str) -> None:
    texts = ranked(memory, user, "Who are Lena's housemates now?")
    assert "Tomasz" in texts[0], texts
