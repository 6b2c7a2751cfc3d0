"""Issue 4 acceptance: hybrid graph search against the real Neo4j (offline path)."""

from __future__ import annotations

import neo4j
import pytest

from graphmem import Memory, Settings, ValidationError
from graphmem.ports.embedder import Embedder
from graphmem.scenarios import restaurant

pytestmark = pytest.mark.neo4j

ALLERGY = "Alice is allergic to shellfish."


def load_restaurant(memory: Memory, user_id: str) -> None:
    for timestamp, text in restaurant.MESSAGES:
        memory.add(text, user_id=user_id, timestamp=timestamp)


@pytest.fixture
def scenario(memory: Memory, user_id: str) -> str:
    load_restaurant(memory, user_id)
    return user_id


def texts(result) -> list[str]:
    return [m.text for m in result.results]


def test_alice_dinner_finds_the_allergy_through_the_graph(memory: Memory, scenario: str) -> None:
    result = memory.search(restaurant.ALICE_QUESTION, user_id=scenario, top_k=5, explain=True)
    top3 = texts(result)[:3]
    assert ALLERGY in top3, texts(result)
    hit = next(m for m in result.results if m.text == ALLERGY)
    assert hit.score_breakdown is not None
    assert hit.score_breakdown.entity > 0 or hit.score_breakdown.triplet > 0
    assert result.explain is not None and result.explain.signals["entity"].startswith("ok")
    assert any(r.predicate == "allergic_to" and r.target == "shellfish" for r in result.relations)
    allergy_rel = next(r for r in result.relations if r.predicate == "allergic_to")
    assert hit.id in allergy_rel.memory_ids


def test_without_entity_expansion_the_allergy_drops(
    settings: Settings, driver: neo4j.Driver, embedder: Embedder, scenario: str
) -> None:
    off = settings.model_copy(
        update={"search": settings.search.model_copy(update={"entity_expansion": False})}
    )
    # no cue of what to avoid (that reads the companion's constraints as the current view's
    # facts, with or without the expansion): only the graph brings the allergy in
    question = "Planning dinner with Alice in Paris, any tips?"
    with Memory(settings, driver=driver, embedder=embedder) as graph:
        assert ALLERGY in texts(graph.search(question, user_id=scenario, top_k=5))
    with Memory(off, driver=driver, embedder=embedder) as plain:
        result = plain.search(question, user_id=scenario, top_k=5, explain=True)
    assert ALLERGY not in texts(result), texts(result)
    assert result.explain is not None
    assert result.explain.signals["entity"].startswith("off")


def test_where_do_i_live_moves_with_reference_date(memory: Memory, scenario: str) -> None:
    march = memory.search("Where do I live?", user_id=scenario, reference_date="2025-03-01")
    assert texts(march)[0] == "I live in Beijing."
    assert "I moved to Paris last week." not in texts(march)
    april = memory.search("Where do I live?", user_id=scenario, reference_date="2025-04-10")
    assert texts(april).index("I moved to Paris last week.") < texts(april).index(
        "I live in Beijing."
    )
    history = memory.search("Which cities have I lived in?", user_id=scenario)
    assert {"I live in Beijing.", "I moved to Paris last week."} <= set(texts(history))


def test_superseded_ranks_below_replacement_and_latest_only(memory: Memory, scenario: str) -> None:
    result = memory.search("Do I live in Beijing?", user_id=scenario)
    order = texts(result)
    assert order.index("I moved to Paris last week.") < order.index("I live in Beijing.")
    beijing = next(m for m in result.results if m.text == "I live in Beijing.")
    assert beijing.lifecycle_state == "superseded"
    latest = memory.search("Do I live in Beijing?", user_id=scenario, latest_only=True)
    assert "I live in Beijing." not in texts(latest)
    assert all(m.lifecycle_state == "active" for m in latest.results)


def test_merged_hidden_unless_include_merged(memory: Memory, user_id: str) -> None:
    old = memory.add("likes window seats", user_id=user_id).results[0].id
    memory.add("likes window seats, especially on long-haul flights", user_id=user_id)
    assert old not in [m.id for m in memory.search("window seats", user_id=user_id).results]
    every = memory.search("window seats", user_id=user_id, include_merged=True)
    assert old in [m.id for m in every.results]


def test_fulltext_only_hit_survives_the_gate(memory: Memory, user_id: str) -> None:
    memory.add(
        [
            "My locker code is QX-7731-ZEBRA.",
            "I enjoy long walks on the beach.",
            "The weather was nice today.",
            "I am learning to play the cello.",
        ],
        user_id=user_id,
        infer=False,
    )
    result = memory.search("QX-7731-ZEBRA", user_id=user_id, top_k=2, explain=True, threshold=0.0)
    assert texts(result)[0] == "My locker code is QX-7731-ZEBRA."
    top = result.results[0].score_breakdown
    assert top is not None and top.fulltext == 1.0


def test_a_pronoun_is_no_full_text_match(memory: Memory, user_id: str) -> None:
    """ "my" says who asks, not what about: a memory that shares only "my" with the query has
    no full-text score (before 2026-12-05 it had the best, 1.0, and "What's my job title?"
    ranked four "my …" memories above the title told with "as a staff engineer")."""
    said = [
        {"role": "user", "name": "Jordan", "content": text}
        for text in (
            "My surgery got moved to May 2.",
            "My knee surgery is scheduled for April 14.",
            "My dad Robert is visiting from Lisbon next week.",
            "I left Shopify and joined Wealthsimple as a staff engineer.",
        )
    ]
    for message in said:
        memory.add([message], user_id=user_id, timestamp="2026-05-01")
    result = memory.search("What's my job title?", user_id=user_id, top_k=3, explain=True)
    assert texts(result)[0].endswith("as a staff engineer."), texts(result)
    assert all(not m.score_breakdown or not m.score_breakdown.fulltext for m in result.results)


def test_gate_drops_what_is_unrelated(memory: Memory, user_id: str) -> None:
    memory.add(
        ["I adore Bach's cello suites.", "Quarterly tax forms are due in April."],
        user_id=user_id,
        infer=False,
    )
    result = memory.search("cello music", user_id=user_id, threshold=0.3, explain=True)
    assert texts(result) == ["I adore Bach's cello suites."]
    assert result.explain is not None and result.explain.gated_out >= 1


def test_scope_isolation_in_search(memory: Memory, user_id: str) -> None:
    memory.add(
        "My secret recipe uses saffron.",
        user_id=user_id + "-other",
        infer=False,
        relations=[{"source": "recipe", "relation": "uses", "target": "saffron"}],
    )
    memory.add("I like pasta.", user_id=user_id, infer=False)
    result = memory.search("saffron recipe", user_id=user_id, threshold=-1.0)
    assert "My secret recipe uses saffron." not in texts(result)
    assert all(r.target != "saffron" for r in result.relations)


def test_lucene_syntax_in_query_is_plain_text(memory: Memory, user_id: str) -> None:
    memory.add("Plain memory about AND OR NOT operators.", user_id=user_id, infer=False)
    for query in ['text:("x" OR *) AND NOT', "a && b || !c ~ ^2 [1 TO 5] \\", "' MATCH (n) //"]:
        memory.search(query, user_id=user_id)


def test_search_validation(memory: Memory, user_id: str) -> None:
    with pytest.raises(ValidationError):
        memory.search("", user_id=user_id)
    with pytest.raises(ValidationError):
        memory.search("x")
    with pytest.raises(ValidationError):
        memory.search("x", user_id=user_id, top_k=0)
    with pytest.raises(ValidationError):
        memory.search("x", user_id=user_id, threshold=2)
    with pytest.raises(ValidationError):
        memory.search("x", user_id=user_id, reference_date="not a date")


def test_speaker_named_in_the_query_ranks_their_turns_first(
    settings: Settings, driver: neo4j.Driver, embedder: Embedder, memory: Memory, user_id: str
) -> None:
    memory.add(
        [
            {"role": "user", "name": "Caroline", "content": "I read a lovely book on sailing."},
            {"role": "user", "name": "Melanie", "content": "I read a lovely book on baking."},
        ],
        user_id=user_id,
        infer=False,
    )
    question = "Which book did Melanie read?"
    result = memory.search(question, user_id=user_id, top_k=2, explain=True)
    assert [m.actor for m in result.results] == ["Melanie", "Caroline"]
    top = result.results[0].score_breakdown
    assert top is not None and "speaker" in top.sources and top.entity > 0
    assert result.explain is not None and result.explain.signals["speaker"] == (
        "ok (1 of the candidates said by someone the query names)"
    )
    off = settings.model_copy(
        update={"search": settings.search.model_copy(update={"speaker_match": 0.0})}
    )
    with Memory(off, driver=driver, embedder=embedder) as plain:
        unmatched = plain.search(question, user_id=user_id, top_k=2, explain=True)
    assert unmatched.explain is not None
    assert unmatched.explain.signals["speaker"].startswith("off")
    for hit in unmatched.results:
        assert hit.score_breakdown is not None and "speaker" not in hit.score_breakdown.sources
        assert hit.score_breakdown.entity == 0


def test_search_results_carry_the_stored_timestamps(memory: Memory, user_id: str) -> None:
    added = memory.add(
        "I keep my passport in the blue drawer.",
        user_id=user_id,
        infer=False,
        timestamp="2025-03-04T05:06:07.123456+00:00",
    )
    stored = memory.get(added.results[0].id)
    [hit] = memory.search("where is my passport?", user_id=user_id, top_k=1).results
    assert hit.id == stored.id
    assert (hit.created_at, hit.updated_at, hit.observed_at) == (
        stored.created_at,
        stored.updated_at,
        stored.observed_at,
    )
    assert hit.observed_at.isoformat() == "2025-03-04T05:06:07.123456+00:00"


def test_vector_index_path_is_filtered_inside_the_index(
    settings: Settings, driver: neo4j.Driver, embedder: Embedder, memory: Memory, user_id: str
) -> None:
    crowd = f"{user_id}-crowd"
    memory.add(
        [f"My favourite pasta number {i} is carbonara." for i in range(60)],
        user_id=crowd,
        infer=False,
    )
    memory.add(
        ["I cook carbonara on Sundays.", "The bus leaves at eight."], user_id=user_id, infer=False
    )
    forced = settings.model_copy(
        update={
            "search": settings.search.model_copy(
                update={"exact_scan_max": 0, "candidates_per_signal": 5, "index_overfetch": 1}
            )
        }
    )
    try:
        with Memory(forced, driver=driver, embedder=embedder) as indexed:
            result = indexed.search("carbonara pasta", user_id=user_id, top_k=1, explain=True)
        assert texts(result) == ["I cook carbonara on Sundays."]
        assert result.explain is not None and not result.explain.exact_vector_scan
        assert result.explain.signals["semantic"].startswith("ok (vector index, 2 hits)")
    finally:
        memory.delete_all(user_id=crowd)
