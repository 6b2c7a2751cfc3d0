"""One tenant's memories must not change another tenant's full-text scores (issue 12, 3b):
the full-text signal weighs terms by the scope's own statistics, not Lucene's index-wide IDF
(pure scoring, then real Neo4j)."""

from __future__ import annotations

import uuid

import pytest

from graphmem import Memory
from graphmem.ports.search import TermHits
from graphmem.search.scope_terms import scope_idf, scores

MINE = [
    "I adopted a dog named Rex last spring.",
    "My sister Ana teaches chemistry at the high school.",
    "Rex chewed through my old chemistry notes.",
    "We hiked up to the glacier on Sunday.",
    "The dog park near the river opens at seven.",
]
QUERY = "Which dog ate the chemistry notes?"


def test_a_term_is_weighed_by_its_frequency_in_the_scope() -> None:
    hits = [
        TermHits(term="dog", field="text", ids=["a", "b"], scores=[4.0, 2.0]),
        TermHits(term="notes", field="text", ids=["b"], scores=[9.0]),
        TermHits(term="notes", field="key", ids=["c"], scores=[1.0]),
        TermHits(term="the", field="text", ids=["a", "b", "c"], scores=[0.0, 0.0, 0.0]),
    ]
    got = scores(hits, scope_size=10)
    dog, notes = scope_idf(2, 10), scope_idf(1, 10)
    assert got["a"] == pytest.approx(dog)
    assert got["b"] == pytest.approx(dog * 0.5 + notes)  # Lucene's scale cancels per term
    assert got["c"] == pytest.approx(notes)  # the better field; the stop word counts nowhere
    assert scope_idf(1, 10) > scope_idf(5, 10) > 0


def _fulltext(memory: Memory, user_id: str) -> dict[str, float]:
    found = memory.search(QUERY, user_id=user_id, top_k=10, threshold=0.0, explain=True)
    return {
        m.text: m.score_breakdown.fulltext for m in found.results if m.score_breakdown is not None
    }


@pytest.mark.neo4j
def test_other_tenants_do_not_move_a_scopes_fulltext_scores(memory: Memory, user_id: str) -> None:
    for text in MINE:
        memory.add(text, user_id=user_id, infer=False)
    before = _fulltext(memory, user_id)
    assert before[MINE[2]] == pytest.approx(1.0)  # both rare terms: the best hit

    # Another tenant writes "chemistry" everywhere and "dog" nowhere: index-wide, "chemistry"
    # becomes common and "dog" rare, which would re-weigh this scope's terms.
    other = f"other-{uuid.uuid4()}"
    memory.add(
        [{"role": "user", "content": f"Chemistry lab report number {i}."} for i in range(60)],
        user_id=other,
        infer=False,
    )
    after = _fulltext(memory, user_id)
    assert after.keys() == before.keys()
    for text, score in before.items():
        # Lucene's length norm still uses the index-wide average length: a trace, not a rank
        assert after[text] == pytest.approx(score, abs=0.01), text
