"""What the services decide on their own, with the store ports faked in memory
(tests/fakes.py): add planning and dedupe, input checks, lifecycle decisions, explicit
transitions, updates and reads. Storage itself is tested against the real Neo4j elsewhere."""

from __future__ import annotations

import logging
from datetime import UTC, datetime

import pytest

from graphmem.domain.extraction import (
    ExtractedMemory,
    ExtractedTriplet,
    Extraction,
    LifecycleProposal,
)
from graphmem.domain.graph import TripletRecord
from graphmem.domain.memory import HistoryEvent, HistoryEventKind, LifecycleState
from graphmem.domain.scope import Scope
from graphmem.errors import (
    ImmutableMemoryError,
    LifecycleConflictError,
    NotFoundError,
    StorageError,
    StorageUnavailableError,
    ValidationError,
)
from graphmem.services.add import AddMemories
from graphmem.services.inputs import text_hash
from graphmem.services.lifecycle import ApplyLifecycle
from graphmem.services.reads import list_memories, memory_history
from graphmem.services.transition import request_transition
from graphmem.services.update import update_memory
from graphmem.settings import LimitSettings, Settings
from tests.fakes import EPOCH, FakeStore, HashEmbedder, ScriptedExtractor, record

USER = Scope(user_id="alice")


def add_service(
    store: FakeStore, extraction: Extraction | None = None, *, trust_proposals: bool = True
) -> AddMemories:
    settings = Settings()
    lifecycle = ApplyLifecycle(settings.lifecycle, trust_proposals=trust_proposals)
    extractor = ScriptedExtractor(extraction or Extraction())
    return AddMemories(store, HashEmbedder(), extractor, settings, lifecycle)


def new_home(city: str) -> ExtractedTriplet:
    return ExtractedTriplet(source="I", predicate="lives_in", target=city, fact=f"I live in {city}")


def stored_home(city: str, memory_id: str) -> TripletRecord:
    return TripletRecord(
        id=f"t-{city}",
        source="I",
        predicate="lives_in",
        target=city,
        fact=f"I live in {city}",
        memory_ids=[memory_id],
    )


def candidate(memory_id: str, text: str, cosine: float = 0.9, **flags: bool) -> dict[str, object]:
    return {
        "id": memory_id,
        "text": text,
        "observed_at": EPOCH,
        "cosine": cosine,
        "immutable": flags.get("immutable", False),
        "exclude_from_dream": flags.get("exclude_from_dream", False),
    }


# -- add: planning and dedupe ---------------------------------------------------------------
def test_verbatim_add_stores_each_spoken_turn_and_skips_system() -> None:
    store = FakeStore()
    result = add_service(store)(
        [{"role": "system", "content": "be brief"}, "I like tea", "I like green tea"],
        scope=USER,
        infer=False,
    )
    [plan] = store.plans
    assert [m.text for m in plan.memories] == ["I like tea", "I like green tea"]
    assert [(i.memory, i.event) for i in result.results] == [
        ("I like tea", "ADD"),
        ("I like green tea", "ADD"),
    ]
    assert all(m.embedding for m in plan.memories)


def test_the_same_text_twice_in_one_add_is_written_once() -> None:
    store = FakeStore()
    result = add_service(store)(["Tea  at five", "tea at FIVE"], scope=USER, infer=False)
    [plan] = store.plans
    assert len(plan.memories) == 1
    first, second = result.results
    assert (first.event, second.event) == ("ADD", "NOOP")
    assert second.id == first.id


def test_a_text_already_stored_is_a_noop_and_nothing_is_written() -> None:
    store = FakeStore(existing={text_hash("I like tea"): "stored-1"})
    result = add_service(store)("I like tea", scope=USER, infer=False)
    assert store.plans == []
    [item] = result.results
    assert (item.id, item.event) == ("stored-1", "NOOP")


def test_a_duplicate_found_inside_the_write_names_the_stored_memory() -> None:
    store = FakeStore(raced={text_hash("I like tea"): "raced-1"})
    [item] = add_service(store)("I like tea", scope=USER, infer=False).results
    assert (item.id, item.event) == ("raced-1", "NOOP")


def test_given_relations_attach_to_every_memory_of_the_add() -> None:
    store = FakeStore()
    add_service(store)(
        ["I like tea", "I like cake"],
        scope=USER,
        infer=False,
        relations=[{"source": "Alice", "relation": "Lives In", "target": "Oslo"}],
    )
    [plan] = store.plans
    [triplet] = plan.triplets
    assert triplet.predicate == "lives_in"
    assert sorted(triplet.memory_ids) == sorted(m.id for m in plan.memories)
    assert {e.name for e in plan.entities} == {"Alice", "Oslo"}


def test_known_entities_are_not_embedded_again() -> None:
    """The plan leaves out entities the store knows (checked without the adds' cache of
    recent vectors, which would also spare them)."""
    store = FakeStore()
    settings = Settings()
    settings.indexing.recent_vectors = 0
    embedder = HashEmbedder()
    lifecycle = ApplyLifecycle(settings.lifecycle, trust_proposals=True)
    add = AddMemories(store, embedder, ScriptedExtractor(Extraction()), settings, lifecycle)
    relation = [{"source": "Alice", "relation": "likes", "target": "Oslo"}]
    add("I like tea", scope=USER, infer=False, relations=relation)
    store.entity_keys = {e.key for e in store.plans[0].entities if e.name == "Oslo"}
    embedder.calls.clear()
    add("I like cake", scope=USER, infer=False, relations=relation)
    assert "Oslo" not in embedder.calls[-1] and "Alice" in embedder.calls[-1]


def test_the_adds_embed_a_recent_text_once() -> None:
    embedder = HashEmbedder()
    settings = Settings()
    lifecycle = ApplyLifecycle(settings.lifecycle, trust_proposals=True)
    add = AddMemories(FakeStore(), embedder, ScriptedExtractor(Extraction()), settings, lifecycle)
    relation = [{"source": "Alice", "relation": "likes", "target": "Oslo"}]
    add("I like tea", scope=USER, infer=False, relations=relation)
    add("I like cake", scope=USER, infer=False, relations=relation)
    assert embedder.calls[-1] == ["I like cake"]  # the entity names came from the cache


# -- add: input checks, before any write ----------------------------------------------------
@pytest.mark.parametrize(
    ("messages", "options"),
    [
        ([], {}),
        ([{"role": "system", "content": "only context"}], {}),
        ("x" * 50, {"metadata": ["not", "a", "mapping"]}),
        ("fine", {"timestamp": True}),
        (["a", "b", "c"], {"relations": [{"source": "A", "relation": "r", "target": "B"}] * 2}),
    ],
    ids=["empty", "system-only", "metadata", "timestamp", "relation-budget"],
)
def test_bad_input_is_refused_before_any_write(
    messages: object, options: dict[str, object]
) -> None:
    store = FakeStore()
    settings = Settings(limits=LimitSettings(max_relation_links_per_add=5))
    add = AddMemories(
        store,
        HashEmbedder(),
        ScriptedExtractor(Extraction()),
        settings,
        ApplyLifecycle(settings.lifecycle, trust_proposals=True),
    )
    with pytest.raises(ValidationError):
        add(messages, scope=USER, infer=False, **options)  # type: ignore[arg-type]
    assert store.plans == []


def test_the_extractor_sees_similar_memories_once_each_best_first() -> None:
    store = FakeStore(
        similar=[
            {"id": "m1", "text": "tea", "score": 0.5},
            {"id": "m2", "text": "cake", "score": 0.8},
        ]
    )
    extraction = Extraction(memories=[ExtractedMemory(text="I like tea", source_index=0)])
    add = add_service(store, extraction)
    add(["I like tea", "and cake"], scope=USER)
    extractor = add.extractor
    assert isinstance(extractor, ScriptedExtractor)
    [request] = extractor.requests
    assert [k.id for k in request.similar] == ["m2", "m1"]  # asked once per turn, deduped
    assert len(store.similar_calls) == 2


def test_a_failing_vector_index_costs_the_extractor_no_similar_memory(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Neo4j's filtered vector search can fail inside the index (docs/reliability.md, 2c):
    the read scans the owner instead, says so in the log, and the add goes on; the next
    adds of the service scan without asking the index for the breaker's cooldown; an
    unreachable Neo4j still fails the add."""
    similar = [{"id": "m1", "text": "tea", "score": 0.5}]
    failed = StorageError("Neo4j failed to find similar memories")
    failed.reason = "find similar memories: Neo.DatabaseError.Statement.ExecutionFailed"
    store = FakeStore(similar=similar, index_error=failed)
    extraction = Extraction(memories=[ExtractedMemory(text="I like tea", source_index=0)])
    add = add_service(store, extraction)
    with caplog.at_level(logging.ERROR, logger="graphmem.services.context"):
        add(["I like tea"], scope=USER)
    extractor = add.extractor
    assert isinstance(extractor, ScriptedExtractor)
    assert [k.id for k in extractor.requests[0].similar] == ["m1"]
    assert "vector indexes failed (find similar memories: Neo.DatabaseError" in caplog.text
    # as search does, the indexes are not asked again for the breaker's cooldown: the next
    # add scans at once, with no second failure
    caplog.clear()
    with caplog.at_level(logging.ERROR, logger="graphmem.services.context"):
        add(["I like cake"], scope=USER)
    assert caplog.text == "" and [k.id for k in extractor.requests[1].similar] == ["m1"]
    fresh = add_service(store, extraction)
    store.index_error = StorageUnavailableError("down")
    with pytest.raises(StorageUnavailableError):
        fresh(["I like scones"], scope=USER)


def test_an_offline_extractor_gets_known_entities_without_the_similar_reads() -> None:
    """Offline extractors propose nothing from similar or recent memories: the add skips those
    reads and writes the same plan (vectors included)."""
    extraction = Extraction(memories=[ExtractedMemory(text="I like tea with Ana", source_index=0)])
    plans = []
    for context_reads in (True, False):
        store = FakeStore(similar=[{"id": "m1", "text": "tea", "score": 0.5, "entities": ["Cy"]}])
        store.entity_names = ["Ana", "Bo"]  # only the names the message may mention, and
        # with the context reads those the similar memories mention
        settings = Settings()
        add = AddMemories(
            store,
            HashEmbedder(),
            ScriptedExtractor(extraction.model_copy(deep=True)),
            settings,
            ApplyLifecycle(settings.lifecycle, trust_proposals=False),
            context_reads=context_reads,
        )
        add(["I like tea with Ana"], scope=USER)
        extractor = add.extractor
        assert isinstance(extractor, ScriptedExtractor)
        [request] = extractor.requests
        assert request.known_entities == (["Ana", "Cy"] if context_reads else ["Ana"])
        assert len(store.similar_calls) == (1 if context_reads else 0)
        assert (request.similar == []) is not context_reads
        [plan] = store.plans
        plans.append([(m.text, m.embedding) for m in plan.memories])
        add.prefetch.close()
    assert plans[0] == plans[1]


# -- add: lifecycle decisions ---------------------------------------------------------------
def test_a_guarded_supersede_proposal_is_applied_and_reported() -> None:
    store = FakeStore(
        memories={"old": record("old", "I live in Tokyo", user_id="alice")},
        candidate_rows=[candidate("old", "I live in Tokyo")],
        old_triplets=[stored_home("Tokyo", "old")],
    )
    new = ExtractedMemory(
        text="I moved to Osaka",
        source_index=0,
        triplets=[new_home("Osaka")],
        proposals=[LifecycleProposal(action="supersede", old_memory_id="old")],
    )
    [item] = add_service(store, Extraction(memories=[new]))("I moved to Osaka", scope=USER).results
    [t] = item.transitions
    assert (t.action, t.old_memory_id, t.outcome) == ("supersede", "old", "applied")
    [request] = store.transitions
    assert request.predicates == ["lives_in"]
    assert store.memories["old"].lifecycle_state == LifecycleState.SUPERSEDED


def test_proposals_the_guards_refuse_are_never_written() -> None:
    store = FakeStore(candidate_rows=[candidate("frozen", "I like tea", immutable=True)])
    new = ExtractedMemory(
        text="I like green tea a lot",
        source_index=0,
        proposals=[
            LifecycleProposal(action="merge", old_memory_id="frozen"),
            LifecycleProposal(action="merge", old_memory_id="elsewhere"),
        ],
    )
    [item] = add_service(store, Extraction(memories=[new]))(
        "I like green tea a lot", scope=USER
    ).results
    assert [(t.old_memory_id, t.outcome) for t in item.transitions] == [
        ("frozen", "rejected"),
        ("elsewhere", "rejected"),
    ]
    assert item.transitions[1].reason == "proposed memory is not in this scope"
    assert store.transitions == []


def test_a_transition_that_finds_the_old_memory_retired_is_a_lost_race() -> None:
    gone = record("old", "I like tea", user_id="alice", lifecycle_state=LifecycleState.MERGED)
    store = FakeStore(memories={"old": gone}, candidate_rows=[candidate("old", "I like tea")])
    new = ExtractedMemory(
        text="I like green tea",
        source_index=0,
        proposals=[LifecycleProposal(action="merge", old_memory_id="old")],
    )
    [item] = add_service(store, Extraction(memories=[new]))("I like green tea", scope=USER).results
    [t] = item.transitions
    assert (t.outcome, t.reason) == ("lost_race", "old memory is merged")


def test_offline_detection_proposes_a_functional_supersede_itself() -> None:
    store = FakeStore(
        memories={"old": record("old", "I live in Tokyo", user_id="alice")},
        candidate_rows=[candidate("old", "I live in Tokyo", cosine=0.3)],
        old_triplets=[stored_home("Tokyo", "old")],
    )
    new = ExtractedMemory(text="I live in Osaka", source_index=0, triplets=[new_home("Osaka")])
    add = add_service(store, Extraction(memories=[new]), trust_proposals=False)
    [item] = add("I live in Osaka", scope=USER).results
    assert [(t.action, t.outcome) for t in item.transitions] == [("supersede", "applied")]


# -- explicit transitions, updates, reads ---------------------------------------------------
def test_explicit_transition_checks_ids_scope_and_outcome() -> None:
    at = datetime(2025, 6, 1, tzinfo=UTC)
    store = FakeStore(
        memories={
            "a": record("a", "one", user_id="alice"),
            "b": record("b", "two", user_id="alice", observed_at=at),
            "c": record("c", "three", user_id="alice", run_id="r1"),
        }
    )
    scope = {"user_id": "alice", "agent_id": None, "run_id": None}
    with pytest.raises(ValidationError):
        request_transition(store, "merge", "a", "a", scope)
    with pytest.raises(ValidationError):
        request_transition(store, "merge", "a", "c", scope)
    assert store.transitions == []
    request_transition(store, "supersede", "a", "b", scope)
    assert store.transitions[0].at == at  # a supersede dates from the new memory
    with pytest.raises(LifecycleConflictError):
        request_transition(store, "merge", "a", "b", scope)


def test_update_needs_a_change_and_force_for_an_immutable_memory() -> None:
    store = FakeStore(memories={"m": record("m", "tea", user_id="alice", immutable=True)})
    scope = {"user_id": "alice", "agent_id": None, "run_id": None}
    args = (store, HashEmbedder(), ScriptedExtractor(Extraction()), LimitSettings())
    with pytest.raises(ValidationError):
        update_memory(*args, "m", scope)
    with pytest.raises(ImmutableMemoryError):
        update_memory(*args, "m", scope, metadata={"k": 1})
    assert store.changes == []
    updated = update_memory(*args, "m", scope, text="green tea", force=True)
    [change] = store.changes
    assert (updated.text, change.hash, change.force) == ("green tea", text_hash("green tea"), True)
    assert change.plan.memories == []  # the memory itself is changed, not added again
    with pytest.raises(NotFoundError):
        update_memory(*args, "other", scope, metadata={"k": 1})


def test_list_checks_scope_and_limit_and_asks_for_the_view() -> None:
    store = FakeStore()
    with pytest.raises(ValidationError):
        list_memories(store, {"user_id": None, "agent_id": None, "run_id": None})
    for bad in (0, 1001, True, "10"):
        with pytest.raises(ValidationError):
            list_memories(store, {"user_id": "alice"}, limit=bad)  # type: ignore[arg-type]
    list_memories(store, {"user_id": "alice"}, latest_only=True, include_merged=True)
    list_memories(store, {"user_id": "alice"}, include_merged=True)
    assert [c["states"] for c in store.list_calls] == [
        (LifecycleState.ACTIVE,),
        tuple(LifecycleState),
    ]


def test_history_keeps_only_events_of_the_callers_scope() -> None:
    def event(n: int, user: str) -> HistoryEvent:
        return HistoryEvent(
            id=f"e{n}", memory_id="m", event=HistoryEventKind.ADD, at=EPOCH, user_id=user
        )

    store = FakeStore(events=[event(1, "alice"), event(2, "bob")])
    assert [e.id for e in memory_history(store, "m", {"user_id": "alice"})] == ["e1"]
    with pytest.raises(NotFoundError):
        memory_history(store, "m", {"user_id": "carol"})
