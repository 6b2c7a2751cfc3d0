"""LLMExtractor over OpenAILLM against a real local OpenAI-compatible HTTP server."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest

from graphmem.adapters.llm.openai_llm import OpenAILLM
from graphmem.domain.extraction import (
    ExtractedEntity,
    ExtractedMemory,
    ExtractedTriplet,
    Extraction,
    ExtractionRequest,
    KnownMemory,
    LifecycleProposal,
    Message,
)
from graphmem.errors import LLMError
from graphmem.extraction.llm_extractor import LLMExtractionResponse, LLMExtractor
from graphmem.settings import LLMSettings
from tests.support.openai_server import OpenAICompatServer

OBSERVED = datetime(2024, 5, 14, 9, 30, tzinfo=UTC)
OLD_ID = "mem-berlin-0001"


@pytest.fixture
def server() -> Iterator[OpenAICompatServer]:
    with OpenAICompatServer() as srv:
        yield srv


@pytest.fixture
def llm(server: OpenAICompatServer) -> Iterator[OpenAILLM]:
    settings = LLMSettings(base_url=server.base_url, model="test-model", max_retries=0)
    with OpenAILLM(settings) as adapter:
        yield adapter


@pytest.fixture
def extractor(llm: OpenAILLM) -> LLMExtractor:
    return LLMExtractor(llm)


def make_request(**overrides: Any) -> ExtractionRequest:
    values: dict[str, Any] = {
        "messages": [
            Message(role="system", content="You are a helpful assistant."),
            Message(role="user", content="I moved to Paris yesterday. I'm allergic to peanuts."),
        ],
        "observed_at": OBSERVED,
        "similar": [KnownMemory(id=OLD_ID, text="User lives in Berlin.", observed_at=OBSERVED)],
        "recent": ["user: my sister Anna visited last month"],
        "known_entities": ["User", "Berlin", "Anna"],
    }
    values.update(overrides)
    return ExtractionRequest(**values)


PARIS: dict[str, Any] = {
    "text": "User moved to Paris on 2024-05-13.",
    "source_index": 1,
    "entities": [{"name": "User", "type": "person"}, {"name": "Paris", "type": "place"}],
    "triplets": [
        {
            "source": "User",
            "predicate": "lives_in",
            "target": "Paris",
            "fact": "User lives in Paris.",
            "valid_from": "2024-05-13",
            "valid_to": None,
        }
    ],
    "proposals": [
        {"action": "supersede", "old_memory_id": OLD_ID, "reason": "new home city"},
        {"action": "merge", "old_memory_id": "mem-invented-9999", "reason": "made up"},
    ],
}
PEANUTS: dict[str, Any] = {
    "text": "User is allergic to peanuts.",
    "entities": [{"name": "User", "type": "person"}, {"name": "peanuts", "type": "food"}],
    "triplets": [
        {
            "source": "User",
            "predicate": "Allergic To",
            "target": "peanuts",
            "fact": "User is allergic to peanuts.",
            "valid_from": "",
        }
    ],
}


def test_one_completion_request_per_extract(
    server: OpenAICompatServer, llm: OpenAILLM, extractor: LLMExtractor
) -> None:
    server.script({"memories": [PARIS]})
    result = extractor.extract(make_request())
    assert result.llm_calls == 1
    assert llm.calls == 1
    assert server.calls == 1


def test_prompt_carries_date_messages_and_old_memories(
    server: OpenAICompatServer, extractor: LLMExtractor
) -> None:
    server.script({"memories": []})
    extractor.extract(make_request())
    body = server.requests[0]
    system, user = body["messages"][0]["content"], body["messages"][1]["content"]
    assert "supersede" in system and "merge" in system
    assert "yesterday" in system  # relative-date instructions
    assert "2024-05-14" in user and "Tuesday" in user
    assert "[1] user: I moved to Paris yesterday." in user
    assert "[0] system (context only): You are a helpful assistant." in user
    assert "my sister Anna visited last month" in user
    assert f"{OLD_ID}: User lives in Berlin." in user
    assert "- Berlin" in user
    schema = body["response_format"]["json_schema"]
    assert schema["name"] == "LLMExtractionResponse"
    assert schema["schema"] == LLMExtractionResponse.model_json_schema()


def test_scripted_answer_converts_to_extraction(
    server: OpenAICompatServer, extractor: LLMExtractor
) -> None:
    server.script({"memories": [PARIS, PEANUTS]})
    result = extractor.extract(make_request())
    assert result == Extraction(
        llm_calls=1,
        memories=[
            ExtractedMemory(
                text="User moved to Paris on 2024-05-13.",
                source_index=1,
                entities=[
                    ExtractedEntity(name="User", type="person"),
                    ExtractedEntity(name="Paris", type="place"),
                ],
                triplets=[
                    ExtractedTriplet(
                        source="User",
                        predicate="lives_in",
                        target="Paris",
                        fact="User lives in Paris.",
                        valid_from=datetime(2024, 5, 13, tzinfo=UTC),
                    )
                ],
                proposals=[
                    LifecycleProposal(
                        action="supersede", old_memory_id=OLD_ID, reason="new home city"
                    )
                ],
            ),
            ExtractedMemory(
                text="User is allergic to peanuts.",
                entities=[
                    ExtractedEntity(name="User", type="person"),
                    ExtractedEntity(name="peanuts", type="food"),
                ],
                triplets=[
                    ExtractedTriplet(
                        source="User",
                        predicate="allergic_to",
                        target="peanuts",
                        fact="User is allergic to peanuts.",
                    )
                ],
            ),
        ],
    )


def test_proposals_against_unknown_ids_are_left_out(
    server: OpenAICompatServer, extractor: LLMExtractor
) -> None:
    server.script({"memories": [PARIS]})
    result = extractor.extract(make_request(similar=[]))
    assert result.memories[0].proposals == []
    assert len(result.memories[0].triplets) == 1


def test_relative_date_resolves_to_valid_from_datetime(
    server: OpenAICompatServer, extractor: LLMExtractor
) -> None:
    last_week = dict(
        PARIS, triplets=[dict(PARIS["triplets"][0], valid_from="2024-05-07T00:00:00Z")]
    )
    server.script({"memories": [last_week]})
    request = make_request(messages=[Message(content="I moved to Paris last week.")])
    triplet = extractor.extract(request).memories[0].triplets[0]
    assert triplet.valid_from == datetime(2024, 5, 7, tzinfo=UTC)
    assert triplet.valid_to is None


def test_out_of_range_source_index_is_ignored(
    server: OpenAICompatServer, extractor: LLMExtractor
) -> None:
    server.script({"memories": [dict(PARIS, source_index=7)]})
    assert extractor.extract(make_request()).memories[0].source_index is None


def test_invalid_answer_is_retried_within_one_extract(
    server: OpenAICompatServer, llm: OpenAILLM, extractor: LLMExtractor
) -> None:
    bad_date = dict(PEANUTS, triplets=[dict(PEANUTS["triplets"][0], valid_from="sometime")])
    server.script({"memories": [bad_date]}, {"memories": [PEANUTS]})
    result = extractor.extract(make_request())
    assert [m.text for m in result.memories] == ["User is allergic to peanuts."]
    assert result.llm_calls == 1  # one logical extraction call ...
    assert llm.calls == server.calls == 2  # ... plus the adapter's single retry
    assert "valid_from" in server.requests[1]["messages"][-1]["content"]


def test_empty_memory_text_twice_raises(
    server: OpenAICompatServer, extractor: LLMExtractor
) -> None:
    server.script({"memories": [{"text": " "}]}, {"memories": [{"text": ""}]})
    with pytest.raises(LLMError, match="text"):
        extractor.extract(make_request())


def test_no_memories(server: OpenAICompatServer, extractor: LLMExtractor) -> None:
    server.script({"memories": []})
    assert extractor.extract(make_request()) == Extraction(memories=[], llm_calls=1)
