"""Issue 3's LLM path: the real `openai` client against a local OpenAI-compatible server
(scripted completions), storage in the real Neo4j."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import neo4j
import pytest

from graphmem import LLMError, Memory, Settings
from graphmem.ports.embedder import Embedder
from tests.support.openai_server import Delay, OpenAICompatServer, Status

pytestmark = pytest.mark.neo4j


@pytest.fixture
def llm_memory(
    settings: Settings, driver: neo4j.Driver, embedder: Embedder, openai_server: OpenAICompatServer
) -> Iterator[Memory]:
    llm = settings.llm.model_copy(
        update={
            "base_url": openai_server.base_url,
            "model": "test-model",
            "max_retries": 0,
            "timeout_s": 2.0,
        }
    )
    yield Memory(settings.model_copy(update={"llm": llm}), driver=driver, embedder=embedder)


def triplet(source: str, predicate: str, target: str, **extra: Any) -> dict[str, Any]:
    return {
        "source": source,
        "predicate": predicate,
        "target": target,
        "fact": f"{source} {predicate.replace('_', ' ')} {target}",
        **extra,
    }


def answer(*memories: dict[str, Any]) -> dict[str, Any]:
    return {"memories": list(memories)}


def node_count(driver: neo4j.Driver, user_id: str) -> int:
    return driver.execute_query(
        "MATCH (n) WHERE n.user_id = $u RETURN count(n) AS c", u=user_id
    ).records[0]["c"]


def test_one_llm_call_per_add_and_none_without_infer(
    llm_memory: Memory, openai_server: OpenAICompatServer, user_id: str
) -> None:
    openai_server.script(
        answer(
            {
                "text": "User likes jazz",
                "source_index": 0,
                "triplets": [triplet("user", "likes", "jazz")],
            }
        )
    )
    result = llm_memory.add("I really like jazz", user_id=user_id)
    assert result.llm_calls == 1 and openai_server.calls == 1
    assert [r.memory for r in result.results] == ["User likes jazz"]
    assert [(t.predicate, t.target) for t in result.results[0].relations] == [("likes", "jazz")]
    plain = llm_memory.add("raw note", user_id=user_id, infer=False)
    assert plain.llm_calls == 0 and openai_server.calls == 1


def test_tokyo_to_osaka_over_llm(
    llm_memory: Memory, openai_server: OpenAICompatServer, user_id: str
) -> None:
    openai_server.script(
        answer(
            {
                "text": "User lives in Tokyo",
                "source_index": 0,
                "triplets": [triplet("user", "lives_in", "Tokyo")],
            }
        )
    )
    tokyo = llm_memory.add("I live in Tokyo", user_id=user_id, timestamp="2025-01-05").results[0]
    openai_server.script(
        answer(
            {
                "text": "User moved to Osaka in May 2025",
                "source_index": 0,
                "triplets": [triplet("user", "lives_in", "Osaka", valid_from="2025-05-01")],
                "proposals": [
                    {"action": "supersede", "old_memory_id": tokyo.id, "reason": "new city"}
                ],
            }
        )
    )
    osaka = llm_memory.add(
        "I moved to Osaka last month", user_id=user_id, timestamp="2025-06-03"
    ).results[0]
    prompt = str(openai_server.requests[-1]["messages"])
    assert tokyo.id in prompt and "User lives in Tokyo" in prompt and "2025-06-03" in prompt
    assert [(t.action, t.outcome) for t in osaka.transitions] == [("supersede", "applied")]
    assert llm_memory.get(tokyo.id).lifecycle_state == "superseded"
    assert [m.id for m in llm_memory.get_all(user_id=user_id, latest_only=True)] == [osaka.id]


def test_window_seats_guard_rejects_then_accepts(
    llm_memory: Memory, openai_server: OpenAICompatServer, user_id: str
) -> None:
    openai_server.script(answer({"text": "prefers window seats", "source_index": 0}))
    first = llm_memory.add("I prefer window seats", user_id=user_id).results[0]
    openai_server.script(
        answer(
            {
                "text": "always books window seats on long-haul flights",
                "source_index": 0,
                "proposals": [{"action": "merge", "old_memory_id": first.id}],
            }
        )
    )
    second = llm_memory.add(
        "I always book window seats on long-haul flights", user_id=user_id
    ).results[0]
    assert [(t.action, t.outcome) for t in second.transitions] == [("merge", "rejected")]
    assert "prefer" in (second.transitions[0].reason or "")
    assert llm_memory.get(first.id).lifecycle_state == "active"

    openai_server.script(answer({"text": "likes window seats", "source_index": 0}))
    likes = llm_memory.add("I like window seats", user_id=user_id).results[0]
    openai_server.script(
        answer(
            {
                "text": "likes window seats, especially on long-haul flights",
                "source_index": 0,
                "proposals": [{"action": "merge", "old_memory_id": likes.id}],
            }
        )
    )
    merged = llm_memory.add(
        "Especially on long-haul flights I like window seats", user_id=user_id
    ).results[0]
    assert [(t.action, t.outcome) for t in merged.transitions] == [("merge", "applied")]
    assert llm_memory.get(likes.id).lifecycle_state == "merged"


def test_restaurant_scenario_over_llm(
    llm_memory: Memory, openai_server: OpenAICompatServer, user_id: str
) -> None:
    openai_server.script(
        answer(
            {
                "text": "User lives in Beijing",
                "source_index": 0,
                "triplets": [triplet("user", "lives_in", "Beijing")],
            },
            {
                "text": "User is vegetarian and has dinner with friends",
                "source_index": 1,
                "triplets": [
                    triplet("user", "diet", "vegetarian"),
                    triplet("user", "eats_with", "friends"),
                ],
            },
        )
    )
    jan = llm_memory.add(
        ["I live in Beijing.", "I'm vegetarian and eat with my friends."],
        user_id=user_id,
        timestamp="2025-01-10",
    ).results
    openai_server.script(
        answer(
            {
                "text": "User started eating seafood in March 2025",
                "source_index": 0,
                "triplets": [triplet("user", "diet", "pescatarian", valid_from="2025-03-01")],
                "proposals": [{"action": "supersede", "old_memory_id": jan[1].id}],
            }
        )
    )
    march = llm_memory.add(
        "I started eating seafood this month.", user_id=user_id, timestamp="2025-03-15"
    ).results[0]
    openai_server.script(
        answer(
            {
                "text": "User moved to Paris in April 2025",
                "source_index": 0,
                "triplets": [triplet("user", "lives_in", "Paris", valid_from="2025-04-01")],
                "proposals": [{"action": "supersede", "old_memory_id": jan[0].id}],
            },
            {
                "text": "User has dinner with Alice",
                "source_index": 1,
                "triplets": [triplet("user", "eats_with", "Alice")],
            },
            {
                "text": "Alice is allergic to shellfish",
                "source_index": 2,
                "entities": [{"name": "Alice", "type": "person"}],
                "triplets": [triplet("Alice", "allergic_to", "shellfish")],
            },
        )
    )
    april = llm_memory.add(
        [
            "I moved to Paris.",
            "I have dinner with Alice on Fridays.",
            "Alice is allergic to shellfish.",
        ],
        user_id=user_id,
        timestamp="2025-04-12",
    ).results
    assert [t.outcome for t in march.transitions] == ["applied"]
    assert [t.outcome for t in april[0].transitions] == ["applied"]
    states = {m.text: m.lifecycle_state for m in llm_memory.get_all(user_id=user_id)}
    assert states == {
        "User lives in Beijing": "superseded",
        "User is vegetarian and has dinner with friends": "superseded",
        "User started eating seafood in March 2025": "active",
        "User moved to Paris in April 2025": "active",
        "User has dinner with Alice": "active",
        "Alice is allergic to shellfish": "active",
    }
    assert openai_server.calls == 3


@pytest.mark.parametrize(
    ("steps", "match"),
    [
        (["not json at all", "still not json"], "invalid"),
        ([Status(429)], "429"),
        ([Status(500)], "500"),
        ([Delay(5.0)], "timed out"),
    ],
)
def test_llm_failures_write_nothing(
    llm_memory: Memory,
    openai_server: OpenAICompatServer,
    driver: neo4j.Driver,
    user_id: str,
    steps: list[Any],
    match: str,
) -> None:
    openai_server.script(*steps)
    with pytest.raises(LLMError, match=match):
        llm_memory.add("I live in Lima.", user_id=user_id)
    assert node_count(driver, user_id) == 0


def test_malformed_then_valid_output_is_retried_once(
    llm_memory: Memory, openai_server: OpenAICompatServer, user_id: str
) -> None:
    openai_server.script("{oops", answer({"text": "User lives in Quito", "source_index": 0}))
    result = llm_memory.add("I live in Quito.", user_id=user_id)
    assert [r.memory for r in result.results] == ["User lives in Quito"]
    assert openai_server.calls == 2


def test_a_large_owner_shows_the_llm_its_old_home_through_the_vector_indexes(
    llm_memory: Memory, openai_server: OpenAICompatServer, user_id: str
) -> None:
    """A user beyond ``lifecycle.exact_scan_max`` is narrowed through the vector indexes for
    the memories the LLM is shown (memory/similar_active_batch), and the old home is among
    them: a supersede it proposes is applied."""
    lifecycle = llm_memory.settings.lifecycle.model_copy(update={"exact_scan_max": 0})
    large = Memory(
        llm_memory.settings.model_copy(update={"lifecycle": lifecycle}),
        driver=llm_memory.driver,
        embedder=llm_memory.embedder,
    )
    notes = [f"Note {i}: the {w} report is due on Friday." for i, w in enumerate("abcdefgh")]
    large.add(notes, user_id=user_id, infer=False)
    openai_server.script(
        answer(
            {
                "text": "User lives in Tokyo",
                "source_index": 0,
                "triplets": [triplet("user", "lives_in", "Tokyo")],
            }
        )
    )
    tokyo = large.add("I live in Tokyo", user_id=user_id).results[0]
    openai_server.script(
        answer(
            {
                "text": "User moved to Osaka",
                "source_index": 0,
                "triplets": [triplet("user", "lives_in", "Osaka")],
                "proposals": [{"action": "supersede", "old_memory_id": tokyo.id}],
            }
        )
    )
    osaka = large.add("I moved to Osaka", user_id=user_id).results[0]
    prompt = str(openai_server.requests[-1]["messages"])
    assert tokyo.id in prompt and "User lives in Tokyo" in prompt
    assert [(t.action, t.outcome) for t in osaka.transitions] == [("supersede", "applied")]
