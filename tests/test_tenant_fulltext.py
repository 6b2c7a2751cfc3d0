"""One tenant's memories must not change another tenant's full-text scores (issue 12, 3b):
the full-text signal weighs terms by the scope's own statistics, not Lucene's index-wide IDF
(pure scoring, then real Neo4j)."""

from __future__ import annotations

import uuid

import pytest

from graphmem import Memory
from graphmem.ports.search import ScopeStats, TermHits
from graphmem.search.scope_terms import (
    FieldStats,
    field_stats,
    length_norm,
    scope_idf,
    scores,
)

MINE = [
    "I adopted a dog named Rex last spring.",
    "My sister Ana teaches chemistry at the high school.",
    "Rex chewed through my old chemistry notes.",
    "We hiked up to the glacier on Sunday.",
    "The dog park near the river opens at seven.",
]
QUERY = "Which dog ate the chemistry notes?"


def test_a_pronoun_only_adds_to_what_another_word_found() -> None:
    """ "my" and "I" say who asks: a memory only they found gets no full-text score, and a
    memory another word found keeps their share."""
    stats = {"text": FieldStats(docs=10, avg_chars=40.0)}

    def hit(term: str, ids: list[str]) -> TermHits:
        return TermHits(term=term, field="text", ids=ids, scores=[1.0] * len(ids),
                        lengths=[40] * len(ids))  # fmt: skip

    found = scores([hit("my", ["a", "b"]), hit("job", []), hit("title", [])], stats)
    assert found == {}
    found = scores([hit("i", ["a", "b"]), hit("hall", ["b", "c"])], stats)
    assert set(found) == {"b", "c"} and found["b"] > found["c"]
    assert set(scores([hit("you", ["a"])], stats)) == {"a"}  # no other word: it counts
    # the query's other words found nothing (Lucene returns no hits for them)
    assert scores([hit("my", ["a", "b"])], stats, ["my", "job", "title"]) == {}


def test_a_term_is_weighed_by_its_frequency_in_the_scope() -> None:
    hits = [
        TermHits(term="dog", field="text", ids=["a", "b"], scores=[4.0, 2.0], lengths=[40, 40]),
        TermHits(term="notes", field="text", ids=["b"], scores=[9.0], lengths=[40]),
        TermHits(term="notes", field="key", ids=["c"], scores=[1.0], lengths=[120]),
        TermHits(term="the", field="text", ids=["a", "b", "c"], scores=[0.0] * 3, lengths=[40] * 3),
    ]
    stats = {"text": FieldStats(docs=10, avg_chars=40.0), "key": FieldStats(docs=4, avg_chars=120)}
    got = scores(hits, stats)
    dog, notes, key_notes = scope_idf(2, 10), scope_idf(1, 10), scope_idf(1, 4)
    assert got["a"] == pytest.approx(dog)  # equal lengths: each hit is the term's best
    assert got["b"] == pytest.approx(dog + notes)  # Lucene's own scores play no part
    assert got["c"] == pytest.approx(key_notes)  # the better field; the stop word counts nowhere
    assert scope_idf(1, 10) > scope_idf(5, 10) > 0


def test_length_is_normalised_by_the_scopes_own_average() -> None:
    hits = [TermHits(term="dog", field="text", ids=["s", "l"], scores=[1.0, 1.0], lengths=[20, 80])]
    short_scope = scores(hits, {"text": FieldStats(docs=10, avg_chars=20.0)})
    long_scope = scores(hits, {"text": FieldStats(docs=10, avg_chars=80.0)})
    idf = scope_idf(2, 10)
    assert short_scope["s"] == long_scope["s"] == pytest.approx(idf)  # the term's best hit
    assert short_scope["l"] < long_scope["l"] < idf  # a long hit loses less in a long scope
    assert long_scope["l"] == pytest.approx(idf * length_norm(80, 80.0) / length_norm(20, 80.0))
    assert length_norm(80, 80.0) == pytest.approx(1.0)


def test_scope_statistics_add_up_over_its_keys() -> None:
    keys = [
        ScopeStats(key="u|a|r1", memories=3, text_chars=90, keyed=2, key_chars=200),
        ScopeStats(key="u|a|r2", memories=1, text_chars=10, keyed=0, key_chars=0),
    ]
    stats = field_stats(keys)
    assert stats["text"] == FieldStats(docs=4, avg_chars=25.0)
    assert stats["key"] == FieldStats(docs=2, avg_chars=100.0)
    assert field_stats([])["text"] == FieldStats(docs=0, avg_chars=0.0)


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
    # becomes common and "dog" rare, which would re-weigh this scope's terms; and long texts,
    # which would move the index-wide average length that Lucene normalises by.
    other = f"other-{uuid.uuid4()}"
    filler = " ".join(f"paragraph {i} of the long field report" for i in range(20))
    memory.add(
        [{"role": "user", "content": f"Chemistry lab report {i}: {filler}."} for i in range(60)],
        user_id=other,
        infer=False,
    )
    after = _fulltext(memory, user_id)
    assert after.keys() == before.keys()
    for text, score in before.items():
        # nothing of Lucene's index-wide statistics is left in the score
        assert after[text] == pytest.approx(score, abs=1e-9), text


@pytest.mark.neo4j
@pytest.mark.parametrize("query", ["L\x04\x9dB\U000dd10b¾\x89 0 0", "¾ ¥ note"])
def test_a_term_the_analyzer_drops_leaves_the_signal_working(
    memory: Memory, user_id: str, query: str
) -> None:
    # A term the analyzer turns into nothing matches the scope clause alone, and the key index
    # also holds memories without a context key: those hits have no length to read.
    memory.add("property note", user_id=user_id, infer=False)
    found = memory.search(query, user_id=user_id, explain=True)
    assert not found.degraded and "fulltext" not in found.failed_signals
