"""Every turn indexed with its conversation context (pure key building, then real Neo4j)."""

from __future__ import annotations

import uuid
from collections.abc import Sequence

import neo4j
import numpy as np
import pytest

from graphmem import Memory, Settings
from graphmem.domain.extraction import Message
from graphmem.domain.key_vectors import compose, key_parts, line
from graphmem.ports.embedder import Embedder
from graphmem.services.context_keys import Turn, keys_for


def _msg(name: str, content: str, role: str = "user") -> Message:
    return Message(role=role, name=name, content=content)  # type: ignore[arg-type]


def test_keys_hold_the_previous_turns_then_the_own_one() -> None:
    msgs = [_msg("A", "one"), _msg("B", "two"), _msg("sys", "rules", "system"), _msg("A", "three")]
    keys = keys_for(msgs, ["m1", "m2", None, "m3"], [], turns=2)
    assert keys[2] is None  # a system turn
    assert keys[0] is not None and keys[0].text == "A: one" and keys[0].source_ids == []
    assert keys[1] is not None and keys[1].text == "A: one\nB: two"
    assert keys[3] is not None and keys[3].text == "A: one\nB: two\nA: three"
    assert keys[3].source_ids == ["m1", "m2"]


def test_earlier_turns_start_the_context_and_zero_turns_switch_it_off() -> None:
    earlier = [Turn(text="A: before", memory_id="m0")]
    [key] = keys_for([_msg("B", "reply")], ["m1"], earlier, turns=2)
    assert key is not None and key.text == "A: before\nB: reply" and key.source_ids == ["m0"]
    assert keys_for([_msg("B", "reply")], ["m1"], earlier, turns=0) == [None]


CONVERSATION = [
    {"role": "user", "name": "Melanie", "content": "Did you go to the pottery workshop?"},
    {"role": "user", "name": "Caroline", "content": "Yes, twice, and it was so much fun!"},
]


@pytest.mark.neo4j
def test_a_reply_is_found_through_the_question_before_it(memory: Memory, user_id: str) -> None:
    added = memory.add(CONVERSATION, user_id=user_id, timestamp="2023-05-08T10:00:00Z")
    reply = memory.get(added.results[1].id)
    assert reply.text == "Yes, twice, and it was so much fun!"  # the memory holds the reply
    assert reply.key_text is not None and "pottery workshop" in reply.key_text
    result = memory.search("Who went to the pottery workshop?", user_id=user_id, top_k=2)
    top = {m.id: m.text for m in result.results}
    assert reply.id in top and top[reply.id] == reply.text  # results show the own text


@pytest.mark.neo4j
def test_one_turn_per_call_takes_its_context_from_the_run(memory: Memory, user_id: str) -> None:
    run = f"run-{uuid.uuid4()}"
    first = memory.add(CONVERSATION[:1], user_id=user_id, run_id=run)
    second = memory.add(CONVERSATION[1:], user_id=user_id, run_id=run)
    reply = memory.get(second.results[0].id)
    assert reply.key_text == "Melanie: Did you go to the pottery workshop?\n" + (
        "Caroline: Yes, twice, and it was so much fun!"
    )
    # the run's first turn has no context: its key is its own line, with its speaker's name
    assert memory.get(first.results[0].id).key_text == (
        "Melanie: Did you go to the pottery workshop?"
    )


@pytest.mark.neo4j
def test_context_turns_zero_indexes_each_turn_alone(
    settings: Settings, driver: neo4j.Driver, embedder: Embedder, user_id: str
) -> None:
    off = settings.model_copy(deep=True)
    off.indexing.context_turns = 0
    plain = Memory(off, driver=driver, embedder=embedder)
    added = plain.add(CONVERSATION, user_id=user_id)
    assert plain.get(added.results[1].id).key_text is None


@pytest.mark.neo4j
def test_deleting_a_turn_erases_it_from_the_keys_built_with_it(
    memory: Memory, user_id: str, driver: neo4j.Driver
) -> None:
    marker = f"zanzibar-{uuid.uuid4().hex[:8]}"
    added = memory.add(
        [
            {"role": "user", "name": "Ann", "content": f"Did you visit {marker} last year?"},
            {"role": "user", "name": "Ben", "content": "Yes, we loved it."},
        ],
        user_id=user_id,
    )
    question, reply = (r.id for r in added.results)
    assert marker in (memory.get(reply).key_text or "")
    memory.delete(question)
    assert memory.get(reply).key_text is None
    records = driver.execute_query(
        "MATCH (m:Memory {id: $id}) RETURN m.key_embedding AS e, m.key_source_ids AS s, "
        "m.embedding IS NOT NULL AS indexed, m.text_embedding IS NULL AS moved",
        id=reply,
    ).records
    assert records[0]["e"] is None and records[0]["s"] is None
    # its own text's vector moved back into the index: search still reaches it by vector
    assert records[0]["indexed"] and records[0]["moved"]


@pytest.mark.neo4j
def test_updating_a_turn_drops_its_stale_key(memory: Memory, user_id: str) -> None:
    added = memory.add(CONVERSATION, user_id=user_id)
    reply = added.results[1].id
    memory.update(reply, text="No, I stayed home.")
    assert memory.get(reply).key_text is None
    vectors = memory.driver.execute_query(
        "MATCH (m:Memory {id: $id}) RETURN m.embedding IS NOT NULL AS indexed, "
        "m.text_embedding IS NULL AS moved, m.key_embedding IS NULL AS unkeyed",
        id=reply,
    ).records[0]
    assert vectors["indexed"] and vectors["moved"] and vectors["unkeyed"]


class Recording:
    """The embedder, noting every text it is asked to embed."""

    def __init__(self, inner: Embedder) -> None:
        self.inner = inner
        self.texts: list[str] = []

    @property
    def name(self) -> str:
        return self.inner.name

    @property
    def dimension(self) -> int:
        return self.inner.dimension

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        self.texts.extend(texts)
        return self.inner.embed(texts)


TALK = [
    {"role": "user", "name": "Ann", "content": "I signed up for a pottery class on Tuesdays."},
    {"role": "user", "name": "Ben", "content": "Nice! Which studio is it?"},
    {"role": "user", "name": "Ann", "content": "The one next to the harbour, with the blue door."},
    {"role": "user", "name": "Ben", "content": "I walked past it last week."},
]


def _memory_with(settings: Settings, driver: neo4j.Driver, embedder: Embedder, mode: str) -> Memory:
    changed = settings.model_copy(deep=True)
    changed.indexing.key_vector = mode  # type: ignore[assignment]
    return Memory(changed, driver=driver, embedder=embedder)


def _key_vector(driver: neo4j.Driver, memory_id: str) -> np.ndarray:
    record = driver.execute_query(
        "MATCH (m:Memory {id: $id}) RETURN m.key_embedding AS v", id=memory_id
    ).records[0]
    return np.asarray(record["v"])


@pytest.mark.neo4j
@pytest.mark.parametrize("mode", ["composed", "embedded"])
def test_a_key_vector_is_composed_from_its_lines_or_embedded_whole(
    mode: str, settings: Settings, driver: neo4j.Driver, embedder: Embedder, user_id: str
) -> None:
    recording = Recording(embedder)
    added = _memory_with(settings, driver, recording, mode).add(TALK, user_id=user_id)
    last = added.results[3].id
    key_text = "\n".join(line(t["name"], t["content"]) for t in TALK[1:])
    parts = key_parts(key_text, line("Ben", TALK[3]["content"]), mode)  # type: ignore[arg-type]
    expected = np.asarray(compose(parts, embedder.embed(parts)))
    assert float(_key_vector(driver, last) @ expected) > 0.99999
    whole = np.asarray(embedder.embed([key_text])[0])
    if mode == "composed":
        assert len(parts) == 3
        assert float(_key_vector(driver, last) @ whole) < 0.999  # not the whole text's vector
        # each turn's line was embedded once, for every key it is part of; no key whole
        lines = [line(t["name"], t["content"]) for t in TALK]
        assert sorted(t for t in recording.texts if ": " in t) == sorted(lines)
    else:
        assert float(_key_vector(driver, last) @ whole) > 0.99999
        assert key_text in recording.texts


@pytest.mark.neo4j
def test_composed_keys_embed_fewer_characters_than_whole_keys(
    settings: Settings, driver: neo4j.Driver, embedder: Embedder
) -> None:
    embedded: dict[str, int] = {}
    for mode in ("composed", "embedded"):
        recording = Recording(embedder)
        _memory_with(settings, driver, recording, mode).add(TALK, user_id=str(uuid.uuid4()))
        embedded[mode] = sum(len(t) for t in recording.texts)
    assert embedded["composed"] < 0.85 * embedded["embedded"], embedded


@pytest.mark.neo4j
@pytest.mark.parametrize("recent", [4096, 0])
def test_one_turn_per_call_embeds_each_line_once_while_it_is_recent(
    recent: int, settings: Settings, driver: neo4j.Driver, embedder: Embedder, user_id: str
) -> None:
    changed = settings.model_copy(deep=True)
    changed.indexing.recent_vectors = recent
    recording = Recording(embedder)
    run = f"run-{uuid.uuid4()}"
    with Memory(changed, driver=driver, embedder=recording) as memory:
        for turn in TALK:
            memory.add([turn], user_id=user_id, run_id=run)
        keyed = memory.get_all(user_id=user_id, run_id=run)
    assert sum(1 for m in keyed if m.key_text) == 4  # the first turn's key is its own line
    lines = [line(t["name"], t["content"]) for t in TALK]
    embedded = [t for t in recording.texts if t in lines]
    if recent:  # each line once, though it is part of up to three keys
        assert sorted(embedded) == sorted(lines)
    else:  # the earlier turns' lines are embedded again by every add they are context of
        assert len(embedded) > len(lines)
