"""Dream's grouping and independence rules, without Neo4j or an LLM (synthetic vectors)."""

from __future__ import annotations

import math
from datetime import UTC, datetime

import pytest

from graphmem.dream.grouping import assess, cluster, is_question, source_set_hash
from graphmem.dream.judge import describe
from graphmem.dream.models import Candidate
from graphmem.settings import DreamSettings

SETTINGS = DreamSettings(enabled=True)


def vec(angle_deg: float, axis: int = 0) -> list[float]:
    """A unit vector at ``angle_deg`` from basis vector ``axis`` towards ``axis + 1``."""
    out = [0.0] * 8
    out[axis] = math.cos(math.radians(angle_deg))
    out[axis + 1] = math.sin(math.radians(angle_deg))
    return out


def cand(
    ident: str,
    embedding: list[float],
    day: int,
    *,
    run: str | None = None,
    text: str | None = None,
    new: bool = True,
    entities: tuple[str, ...] = (),
) -> Candidate:
    at = datetime(2025, 1, day, 7, tzinfo=UTC)
    return Candidate(
        id=ident,
        text=text or f"statement {ident}",
        embedding=embedding,
        observed_at=at,
        created_at=at,
        run_id=run,
        new=new,
        entity_keys=list(entities),
    )


@pytest.mark.parametrize(
    "text",
    [
        "How can I improve my sleep quality?",
        "what time should I wake up",
        "Why am I tired",
        "Should I do yoga before work",
        "Do I sleep enough?",
        "does coffee hurt sleep",
        "Is 6 hours of sleep enough",
        "Can I nap after lunch",
        '  "How do I stretch?"',
        "I wonder whether I sleep enough?",
    ],
)
def test_questions_are_recognised(text: str) -> None:
    assert is_question(text)


@pytest.mark.parametrize(
    "text",
    [
        "Morning yoga class at 7am before work",
        "Woke up at 6:45 and went to yoga",
        "Can't sleep past 6 these days",
        "Did yoga this morning",
        "Doing yoga twice a week",
        "Isabel teaches my yoga class",
        "Howard is my yoga teacher",
    ],
)
def test_statements_are_not_questions(text: str) -> None:
    assert not is_question(text)


def test_source_set_hash_ignores_order_and_repeats() -> None:
    assert source_set_hash(["b", "a", "c"]) == source_set_hash(["c", "a", "b", "a"])
    assert source_set_hash(["a", "b"]) != source_set_hash(["a", "b", "c"])


def test_cluster_separates_topics_and_keeps_singletons() -> None:
    items = [
        cand("y1", vec(0), 1),
        cand("y2", vec(20), 2),
        cand("y3", vec(35), 3),
        cand("q1", vec(0, axis=3), 4),
        cand("q2", vec(25, axis=3), 5),
        cand("lone", vec(0, axis=6), 6),
    ]
    groups = {tuple(items[i].id for i in g) for g in cluster(items, SETTINGS)}
    assert groups == {("y1", "y2", "y3"), ("q1", "q2"), ("lone",)}


def test_average_linkage_does_not_chain() -> None:
    # a–b and b–c are close (cos 40° = 0.77), a–c far (cos 80° = 0.17): a chain, not a group.
    items = [cand("a", vec(0), 1), cand("b", vec(40), 2), cand("c", vec(80), 3)]
    groups = [sorted(items[i].id for i in g) for g in cluster(items, SETTINGS)]
    assert sorted(len(g) for g in groups) == [1, 2]


def test_shared_entity_bonus_joins_borderline_pairs() -> None:
    far = 58.0  # cos 58° = 0.53, just under the 0.55 threshold
    apart = [cand("a", vec(0), 1), cand("b", vec(far), 2)]
    linked = [cand("a", vec(0), 1, entities=("k",)), cand("b", vec(far), 2, entities=("k",))]
    assert len(cluster(apart, SETTINGS)) == 2
    assert len(cluster(linked, SETTINGS)) == 1


def test_cluster_respects_max_group_size() -> None:
    items = [cand(f"m{i}", vec(i), 1 + i) for i in range(6)]
    groups = cluster(items, SETTINGS.model_copy(update={"max_group_size": 4}))
    assert max(len(g) for g in groups) <= 4


def test_three_statements_over_two_sessions_qualify() -> None:
    group = [
        cand("a", vec(0), 7, run="s1"),
        cand("b", vec(30), 7, run="s2"),
        cand("c", vec(60), 7, run="s2"),
    ]
    report = assess(group, SETTINGS)
    assert report.qualified, report.reason
    assert report.source_ids == ["a", "b", "c"] and report.sessions == 2 and report.days == 1
    assert report.source_set_hash == source_set_hash(["a", "b", "c"])


def test_distinct_days_qualify_without_sessions() -> None:
    group = [cand("a", vec(0), 7), cand("b", vec(30), 9), cand("c", vec(60), 14)]
    report = assess(group, SETTINGS)
    assert report.qualified and report.days == 3 and report.sessions == 0


def test_one_event_is_not_a_habit() -> None:
    group = [
        cand("a", vec(0), 7, run="s1"),
        cand("b", vec(30), 7, run="s1"),
        cand("c", vec(60), 7, run="s1"),
    ]
    report = assess(group, SETTINGS)
    assert not report.qualified and "one event" in report.reason


def test_questions_never_support() -> None:
    group = [
        cand("q1", vec(0), 1, text="How can I sleep better?"),
        cand("q2", vec(30), 2, text="Why do I wake up tired?"),
        cand("q3", vec(60), 3, text="Is 6 hours of sleep enough?"),
    ]
    report = assess(group, SETTINGS)
    assert not report.qualified
    assert report.source_ids == [] and report.question_ids == ["q1", "q2", "q3"]


def test_near_duplicates_count_once() -> None:
    group = [
        cand("a", vec(0), 1, run="s1"),
        cand("a2", vec(5), 2, run="s2"),
        cand("b", vec(40), 3, run="s3"),
    ]
    report = assess(group, SETTINGS)
    assert report.duplicate_of == {"a2": "a"}  # cos 5° = 0.996 >= 0.95
    assert report.source_ids == ["a", "b"] and not report.qualified


def test_a_group_needs_new_evidence() -> None:
    group = [
        cand("a", vec(0), 1, new=False),
        cand("b", vec(30), 2, new=False),
        cand("c", vec(60), 3, new=False),
        cand("q", vec(10), 4, text="How so?"),
    ]
    report = assess(group, SETTINGS)
    assert not report.qualified and "no new evidence" in report.reason


def test_prompt_lists_dates_weekdays_and_sessions() -> None:
    text = describe(
        [
            cand("b", vec(0), 9, run="s2", text="yoga again"),
            cand("a", vec(0), 7, run="s1", text="yoga"),
        ]
    )
    assert text.index("2025-01-07 07:00 Tuesday, session s1] yoga") < text.index("yoga again")


# --- grouping by what memories are about (issue 11, part 4) -------------------------------

HABIT = [
    "Did my evening run along the canal path after dinner.",
    "Herons everywhere near the locks, spotted on my evening run by the canal path.",
    "Legs sore today, though the evening run on the canal path was worth it.",
]
UNRELATED = [
    "I bought a new laptop for my design work.",
    "My sister visited from Lisbon last weekend.",
    "The dentist said my teeth look fine.",
]


def _real_candidates(texts: list[str], with_entities: bool) -> list[Candidate]:
    """Candidates built by the real embedder and the real NLP extractor, one day apart."""
    from graphmem.adapters.embeddings import make_embedder
    from graphmem.domain.extraction import ExtractionRequest, Message
    from graphmem.extraction.nlp import NLPExtractor
    from graphmem.lifecycle.predicates import normalize_name
    from graphmem.settings import EmbedderSettings

    vectors = make_embedder(EmbedderSettings()).embed(texts)
    out = []
    for day, (text, vector) in enumerate(zip(texts, vectors, strict=True), start=1):
        at = datetime(2025, 3, 3 * day, 19, tzinfo=UTC)
        memory = (
            NLPExtractor()
            .extract(
                ExtractionRequest(messages=[Message(content=text, name="Caroline")], observed_at=at)
            )
            .memories[0]
        )
        keys = [normalize_name(e.name) for e in memory.entities] if with_entities else []
        out.append(
            Candidate(
                id=f"m{day}",
                text=text,
                embedding=list(vector),
                observed_at=at,
                created_at=at,
                new=True,
                entity_keys=keys,
            )
        )
    return out


def test_a_habit_worded_three_ways_groups_through_its_concepts() -> None:
    items = _real_candidates(HABIT + UNRELATED, with_entities=True)
    habit = [g for g in cluster(items, SETTINGS) if 0 in g]
    assert habit == [[0, 1, 2]]
    assert assess([items[i] for i in habit[0]], SETTINGS).qualified
    by_wording_only = _real_candidates(HABIT + UNRELATED, with_entities=False)
    assert [0, 1, 2] not in cluster(by_wording_only, SETTINGS)  # raw cosine splits it


def test_sharing_only_the_speaker_does_not_group() -> None:
    # cos 60° = 0.5: related only through the hub "caroline", which every memory mentions.
    items = [
        cand(
            f"u{i}", vec(60 * (i % 2), axis=2 * (i // 2)), 1 + i, entities=("caroline", f"topic{i}")
        )
        for i in range(6)
    ]
    assert all(len(g) == 1 for g in cluster(items, SETTINGS))
    real = _real_candidates(UNRELATED, with_entities=True)
    assert all(len(g) == 1 for g in cluster(real, SETTINGS))


def test_a_shared_non_hub_entity_still_relates_two_memories_among_many() -> None:
    items = [cand(f"u{i}", vec(0, axis=i), 1 + i, entities=("caroline",)) for i in range(5)]
    pair = [
        cand("a", vec(0), 10, entities=("caroline", "canal path")),
        cand("b", vec(70), 11, entities=("caroline", "canal path")),
    ]  # cos 70° = 0.34
    groups = cluster(items[1:] + pair, SETTINGS)
    assert sorted(len(g) for g in groups)[-1] == 2


SWIMS = [
    "Went for a swim at the lake before breakfast.",
    "Another early dip in the lake today, the water was freezing.",
    "Did a few laps across the lake at dawn before heading to work.",
]
SWIM_QUESTIONS = [
    "Is the lake water clean enough for swimming?",
    "Should I buy a wetsuit for cold water?",
]


def test_a_habit_that_fills_a_small_scope_still_groups_and_questions_take_no_part() -> None:
    """A new user's few memories: three swims in the lake worded three ways, two unrelated
    statements and two questions about the lake. "lake" is in most of the statements but is
    the habit itself, not a hub; and a question, which never supports, must not pull one of
    the swims into its own group."""
    items = _real_candidates(SWIMS + UNRELATED[:2] + SWIM_QUESTIONS, with_entities=True)
    groups = cluster(items, SETTINGS)
    assert [0, 1, 2] in groups, groups
    assert [5] in groups and [6] in groups  # each question alone
    assert assess([items[i] for i in (0, 1, 2)], SETTINGS).qualified


def test_three_unrelated_statements_of_one_speaker_do_not_group() -> None:
    # cos 60° = 0.5: the speaker, in all three of a tiny scope's memories, is still a hub
    items = [cand(f"u{i}", vec(60 * i, axis=0 if i < 2 else 2), 1 + i, entities=("tom",))
             for i in range(3)]  # fmt: skip
    assert all(len(g) == 1 for g in cluster(items, SETTINGS))
