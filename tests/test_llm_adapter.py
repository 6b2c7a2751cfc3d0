"""OpenAILLM against a real local OpenAI-compatible HTTP server (the real ``openai`` client)."""

from __future__ import annotations

from collections.abc import Iterator

import openai
import pytest
from pydantic import BaseModel, SecretStr

from graphmem.adapters.llm.openai_llm import OpenAILLM
from graphmem.errors import ConfigurationError, LLMError
from graphmem.settings import LLMSettings
from tests.support.openai_server import Delay, OpenAICompatServer, Status


class Answer(BaseModel):
    city: str
    years: int


@pytest.fixture
def server() -> Iterator[OpenAICompatServer]:
    with OpenAICompatServer() as srv:
        yield srv


def make_llm(srv: OpenAICompatServer, **overrides: object) -> OpenAILLM:
    values: dict[str, object] = {"base_url": srv.base_url, "model": "test-model", "max_retries": 0}
    values.update(overrides)
    return OpenAILLM(LLMSettings.model_validate(values))


@pytest.fixture
def llm(server: OpenAICompatServer) -> Iterator[OpenAILLM]:
    with make_llm(server) as adapter:
        yield adapter


def complete(llm: OpenAILLM) -> Answer:
    return llm.complete(system="You answer.", user="Where does the user live?", schema=Answer)


def test_valid_structured_output_is_parsed(server: OpenAICompatServer, llm: OpenAILLM) -> None:
    server.script({"city": "Berlin", "years": 3})
    assert complete(llm) == Answer(city="Berlin", years=3)
    assert llm.calls == 1
    assert server.calls == 1


def test_request_carries_model_and_json_schema(server: OpenAICompatServer, llm: OpenAILLM) -> None:
    server.script({"city": "Berlin", "years": 3})
    complete(llm)
    body = server.requests[0]
    assert body["model"] == "test-model"
    response_format = body["response_format"]
    assert response_format["type"] == "json_schema"
    assert response_format["json_schema"]["name"] == "Answer"
    assert response_format["json_schema"]["strict"] is False
    assert response_format["json_schema"]["schema"] == Answer.model_json_schema()
    roles = [m["role"] for m in body["messages"]]
    assert roles == ["system", "user"]
    assert body["messages"][0]["content"].startswith("You answer.")
    assert body["messages"][1]["content"] == "Where does the user live?"


def test_malformed_json_then_valid_succeeds_with_two_calls(
    server: OpenAICompatServer, llm: OpenAILLM
) -> None:
    server.script("this is not json {", {"city": "Paris", "years": 1})
    assert complete(llm) == Answer(city="Paris", years=1)
    assert llm.calls == 2
    assert server.calls == 2
    retry = server.requests[1]["messages"]
    assert [m["role"] for m in retry] == ["system", "user", "assistant", "user"]
    assert retry[2]["content"] == "this is not json {"
    assert "rejected" in retry[3]["content"]
    assert "json" in retry[3]["content"].lower()


def test_schema_invalid_json_is_retried(server: OpenAICompatServer, llm: OpenAILLM) -> None:
    server.script({"city": "Rome"}, {"city": "Rome", "years": 7})
    assert complete(llm) == Answer(city="Rome", years=7)
    assert server.calls == 2
    assert "years" in server.requests[1]["messages"][-1]["content"]


def test_invalid_twice_raises_llm_error_naming_the_problem(
    server: OpenAICompatServer, llm: OpenAILLM
) -> None:
    server.script("nope", {"city": "Rome", "years": "many"})
    with pytest.raises(LLMError, match=r"invalid Answer output twice.*years"):
        complete(llm)
    assert llm.calls == 2
    assert server.calls == 2


def test_malformed_twice_raises_llm_error(server: OpenAICompatServer, llm: OpenAILLM) -> None:
    server.script("nope", "still nope")
    with pytest.raises(LLMError, match=r"(?i)json"):
        complete(llm)
    assert server.calls == 2


def test_markdown_fenced_json_is_accepted(server: OpenAICompatServer, llm: OpenAILLM) -> None:
    server.script('```json\n{"city": "Oslo", "years": 2}\n```')
    assert complete(llm) == Answer(city="Oslo", years=2)
    assert server.calls == 1


def test_http_429_becomes_llm_error(server: OpenAICompatServer, llm: OpenAILLM) -> None:
    server.script(Status(429))
    with pytest.raises(LLMError, match="429") as info:
        complete(llm)
    assert "rate limit" in str(info.value).lower()
    assert server.calls == 1


def test_http_500_becomes_llm_error(server: OpenAICompatServer, llm: OpenAILLM) -> None:
    server.script(Status(500, message="boom"))
    with pytest.raises(LLMError, match=r"HTTP 500.*boom"):
        complete(llm)


def test_sdk_retries_are_configured(server: OpenAICompatServer) -> None:
    server.script(Status(500), {"city": "Lima", "years": 4})
    with make_llm(server, max_retries=1) as llm:
        assert complete(llm) == Answer(city="Lima", years=4)
        assert llm.calls == 1  # the SDK's transport retry is not a new completion request
    assert server.calls == 2


def test_timeout_becomes_llm_error(server: OpenAICompatServer) -> None:
    server.script(Delay(2.0))
    with make_llm(server, timeout_s=0.5) as llm, pytest.raises(LLMError, match="timed out"):
        complete(llm)


def test_unreachable_endpoint_names_base_url() -> None:
    with OpenAICompatServer() as srv:
        base_url = srv.base_url
    llm = OpenAILLM(LLMSettings(base_url=base_url, model="m", max_retries=0, timeout_s=2))
    with llm, pytest.raises(LLMError, match=base_url.replace(".", r"\.")):
        complete(llm)


def test_api_key_is_sent(server: OpenAICompatServer) -> None:
    server.script({"city": "Kyiv", "years": 9})
    with make_llm(server, api_key=SecretStr("sk-test")) as llm:
        complete(llm)
    assert server.headers[0]["authorization"] == "Bearer sk-test"


def test_missing_api_key_uses_dummy(server: OpenAICompatServer, llm: OpenAILLM) -> None:
    server.script({"city": "Kyiv", "years": 9})
    complete(llm)
    assert server.headers[0]["authorization"] == "Bearer not-needed"


def test_model_is_required() -> None:
    with pytest.raises(ConfigurationError, match="model"):
        OpenAILLM(LLMSettings(base_url="http://127.0.0.1:9/v1"))


def test_server_lists_models(server: OpenAICompatServer) -> None:
    with openai.OpenAI(base_url=server.base_url, api_key="x", max_retries=0) as client:
        assert [m.id for m in client.models.list()] == ["test-model"]
