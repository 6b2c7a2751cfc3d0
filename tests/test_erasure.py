"""Erasure: after a delete, no property of any node or relationship holds the deleted text
(or its embedding); what remains of the memory is a tombstone (real Neo4j)."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import neo4j
import pytest

from graphmem import Memory, NotFoundError, Settings, ValidationError
from graphmem.ports.embedder import Embedder
from tests.support.dream import WAKE_UPS, YOGA, dream_settings, holds, seed, syntheses
from tests.support.openai_server import OpenAICompatServer

pytestmark = pytest.mark.neo4j

TRACES = """
CALL () {
  MATCH (n) RETURN 'node ' + coalesce(head(labels(n)), '') AS owner, properties(n) AS props
  UNION ALL
  MATCH ()-[r]->() RETURN 'relationship ' + type(r) AS owner, properties(r) AS props
}
WITH owner, props
UNWIND keys(props) AS key
WITH owner, key, props[key] AS value
WITH owner, key, value, CASE
  WHEN value IS :: STRING THEN [value]
  WHEN value IS :: LIST<STRING NOT NULL> THEN value
  ELSE [] END AS texts
WHERE any(x IN texts WHERE toLower(x) CONTAINS $marker)
   OR ($vector IS NOT NULL AND value = $vector)
RETURN owner, key
"""


def marker() -> str:
    """A word no other test writes (lower case: the graph is searched case-insensitively)."""
    return "zq" + uuid.uuid4().hex[:12]


def traces(driver: neo4j.Driver, word: str, vector: list[float] | None = None) -> list[str]:
    rows = driver.execute_query(TRACES, marker=word.lower(), vector=vector).records
    return sorted(f"{r['owner']}.{r['key']}" for r in rows)


def embedding_of(driver: neo4j.Driver, memory_id: str) -> list[float]:
    return driver.execute_query(
        "MATCH (m:Memory {id: $id}) RETURN m.embedding AS e", id=memory_id
    ).records[0]["e"]


def test_deleted_memory_leaves_no_text(memory: Memory, driver: neo4j.Driver, user_id: str) -> None:
    word = marker()
    added = memory.add(f"I live in {word.title()}.", user_id=user_id).results[0]
    assert [r.target.lower() for r in added.relations] == [word]
    vector = embedding_of(driver, added.id)
    assert traces(driver, word)  # the check sees the text while the memory exists
    memory.delete(added.id)
    assert traces(driver, word, vector) == []
    [add, delete] = memory.history(added.id)
    assert (add.event, delete.event) == ("ADD", "DELETE")
    for event in (add, delete):
        assert event.old_text is None and event.new_text is None
        assert event.memory_id == added.id and event.user_id == user_id
        assert event.at is not None


def test_updated_then_deleted_leaves_no_old_or_new_text(
    memory: Memory, driver: neo4j.Driver, user_id: str
) -> None:
    first, second = marker(), marker()
    memory_id = (
        memory.add(f"My locker code is {first}.", user_id=user_id, infer=False).results[0].id
    )
    memory.update(memory_id, text=f"My locker code is {second}.")
    events = memory.history(memory_id)
    assert events[-1].old_text is not None and first in events[-1].old_text
    memory.delete(memory_id)
    assert traces(driver, first) == []
    assert traces(driver, second) == []
    assert [e.event for e in memory.history(memory_id)] == ["ADD", "UPDATE", "DELETE"]


def test_delete_all_of_a_scope_leaves_no_text(
    memory: Memory, driver: neo4j.Driver, user_id: str
) -> None:
    words = [marker() for _ in range(3)]
    ids = [
        r.id
        for r in memory.add([f"I work at {w.title()}." for w in words], user_id=user_id).results
    ]
    memory.update(ids[0], text=f"I work at {words[0].title()} as a {marker()}.")
    assert memory.delete_all(user_id=user_id) == 3
    for word in words:
        assert traces(driver, word) == []
    for memory_id in ids:
        assert all(e.old_text is None and e.new_text is None for e in memory.history(memory_id))


def test_deleting_the_replacement_erases_it_from_the_survivors_history(
    memory: Memory, driver: neo4j.Driver, user_id: str
) -> None:
    """A supersede's reason quotes both values; the survivor's event must forget the deleted
    one's."""
    old_city, new_city = marker(), marker()
    old = memory.add(f"I live in {old_city.title()}.", user_id=user_id).results[0]
    new = memory.add(f"I moved to {new_city.title()}.", user_id=user_id).results[0]
    assert [t.outcome for t in new.transitions] == ["applied"]
    assert new_city in (memory.history(old.id)[1].reason or "").lower()
    memory.delete(new.id)
    assert traces(driver, new_city) == []
    assert memory.get(old.id).lifecycle_state == "active"
    assert old_city in memory.get(old.id).text.lower()


def test_delete_records_who_did_it(memory: Memory, user_id: str) -> None:
    memory_id = memory.add("A fact to forget.", user_id=user_id, infer=False).results[0].id
    memory.delete(memory_id, actor="api-key:abc")
    delete = memory.history(memory_id)[-1]
    assert (delete.event, delete.actor) == ("DELETE", "api-key:abc")


def test_delete_of_a_missing_or_bad_id_is_refused(memory: Memory, user_id: str) -> None:
    """Delete reads nothing before its transaction: a missing id is still NotFoundError (the
    transaction deleted nothing), an empty one ValidationError, and a second delete of the
    same memory is NotFoundError."""
    memory_id = memory.add("A fact to forget twice.", user_id=user_id, infer=False).results[0].id
    memory.delete(memory_id)
    with pytest.raises(NotFoundError):
        memory.delete(memory_id)
    with pytest.raises(NotFoundError):
        memory.delete(str(uuid.uuid4()))
    with pytest.raises(ValidationError):
        memory.delete(" ")


@pytest.fixture
def llm_memory(
    settings: Settings, driver: neo4j.Driver, embedder: Embedder, openai_server: OpenAICompatServer
) -> Iterator[Memory]:
    configured = dream_settings(
        settings, base_url=openai_server.base_url, model="test-model", max_retries=0, timeout_s=5.0
    )
    with Memory(configured, driver=driver, embedder=embedder) as memory:
        yield memory


def test_deleting_a_source_deletes_the_syntheses_built_on_it(
    llm_memory: Memory, openai_server: OpenAICompatServer, driver: neo4j.Driver, user_id: str
) -> None:
    llm_memory.enable_dream(user_id=user_id)
    yoga = seed(llm_memory, user_id, YOGA)
    wake = seed(llm_memory, user_id, WAKE_UPS)
    openai_server.script(holds())
    [scope] = llm_memory.dream(user_id=user_id).scopes
    assert scope.written == 1
    [synthesis] = syntheses(driver, user_id)
    llm_memory.delete(yoga[0], actor="owner")
    assert syntheses(driver, user_id) == []
    with pytest.raises(NotFoundError):
        llm_memory.get(synthesis["id"])
    events = llm_memory.history(synthesis["id"])
    assert [(e.event, e.new_text, e.actor) for e in events][-1] == ("DELETE", None, "owner")
    assert all(e.new_text is None for e in events)
    assert {m.id for m in llm_memory.get_all(user_id=user_id)} == set(yoga[1:] + wake)
