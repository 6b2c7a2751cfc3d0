"""The member signal for set questions (real Neo4j; graphmem/search/signals/members.py): a
question asking for the members of a category ("What European countries has Maria been
to?") reaches the memories mentioning concepts close to that category (Spain, England),
whose words and vector are far from the question's; other questions do not run it."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import neo4j
import pytest

from graphmem import Memory
from graphmem.ports.embedder import Embedder
from graphmem.settings import Settings

TS = "2025-03-10T10:00:00Z"
MEMBERS = (
    "Last summer I took a solo trip and walked all over Spain.",
    "That castle reminds me of my holiday in England a few years ago.",
)
OTHERS = (
    "I baked an apple pie for the shelter's bake sale.",
    "My dog Shadow loves the park by the river.",
    "I started a new job at the community center.",
    "We watched a movie about a detective last night.",
    "My sister called to talk about her wedding plans.",
    "I volunteer at the homeless shelter every Saturday.",
    "The yoga class this morning was hard but fun.",
    "I bought new running shoes at the mall.",
    "Our neighbour fixed the fence after the storm.",
    "I read a book about gardening and planted tomatoes.",
)
QUESTION = "What European countries has Maria been to?"


@pytest.fixture(scope="module")
def travels(memory: Memory) -> Iterator[str]:
    user = f"test-set-members-{uuid.uuid4()}"
    messages = [{"role": "user", "name": "Maria", "content": t} for t in (*MEMBERS, *OTHERS)]
    memory.add(messages, user_id=user, timestamp=TS)
    yield user
    memory.delete_all(user_id=user)


def _members(memory: Memory, user: str, query: str) -> tuple[str, dict[str, float]]:
    result = memory.search(query, user_id=user, top_k=20, explain=True, threshold=-1.0)
    assert not result.degraded, result.failed_signals
    assert result.explain is not None
    scores = {}
    for hit in result.results:
        assert hit.score_breakdown is not None
        scores[hit.text] = hit.score_breakdown.members
        assert ("members" in hit.score_breakdown.sources) == (hit.score_breakdown.members > 0)
    return result.explain.signals["members"], scores


def test_a_set_question_reaches_the_members_through_concepts(memory: Memory, travels: str) -> None:
    status, scores = _members(memory, travels, QUESTION)
    assert status.startswith("ok (category 'European countries'"), status
    for text in MEMBERS:
        assert scores.get(text, 0.0) > 0, (text, scores)
    assert all(scores.get(text, 0.0) == 0 for text in OTHERS), scores


def test_the_members_rank_above_without_the_signal(
    memory: Memory, travels: str, settings: Settings, driver: neo4j.Driver, embedder: Embedder
) -> None:
    """The signal only adds weight_members x members to a member's score (every other score
    is unchanged), so the members move up and nothing else moves."""
    weight = settings.search.weight_members
    assert weight > 0
    on = memory.search(QUESTION, user_id=travels, top_k=20, explain=True, threshold=-1.0)
    off = settings.model_copy(
        update={"search": settings.search.model_copy(update={"weight_members": 0.0})}
    )
    with Memory(off, driver=driver, embedder=embedder) as plain:
        before = plain.search(QUESTION, user_id=travels, top_k=20, explain=True, threshold=-1.0)
    assert before.explain is not None
    assert before.explain.signals["members"].startswith("off: weight_members is 0")
    was = {m.text: m.score for m in before.results}
    for hit in on.results:
        breakdown = hit.score_breakdown
        assert breakdown is not None
        factors = breakdown.lifecycle * breakdown.decay * breakdown.question * breakdown.address
        added = weight * breakdown.members * factors
        assert hit.score == pytest.approx(was.get(hit.text, 0.0) + added, abs=1e-3), hit.text
    ranked = [m.text for m in on.results]
    unranked = [m.text for m in before.results]
    england = MEMBERS[1]  # nearly no other signal reaches it: the castle is the subject
    assert ranked.index(england) < unranked.index(england), (ranked, unranked)


def test_other_questions_do_not_run_it(memory: Memory, travels: str) -> None:
    status, scores = _members(memory, travels, "Where did Maria walk last summer?")
    assert status == "off: not a set question"
    assert not any(scores.values())
