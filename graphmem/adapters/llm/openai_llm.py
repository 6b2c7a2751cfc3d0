"""The LLM port on the official ``openai`` SDK: any OpenAI-compatible server (OpenAI, vLLM,
Ollama, llama.cpp).

Structured output is requested with ``response_format={"type": "json_schema", ...}`` and the
JSON schema is also stated in the system message, for servers that ignore ``response_format``.
The answer is validated with pydantic; invalid output is retried once with a message naming
the problem. SDK errors are translated to :class:`LLMError` here, once. Prompt contents are
never logged.
"""

from __future__ import annotations

import json
import logging
import re
from types import TracebackType
from typing import Any, Self, TypeVar

import openai
from openai.types.chat import ChatCompletionMessageParam
from pydantic import BaseModel
from pydantic import ValidationError as PydanticValidationError

from graphmem.errors import ConfigurationError, LLMError
from graphmem.settings import LLMSettings

T = TypeVar("T", bound=BaseModel)

logger = logging.getLogger(__name__)

DUMMY_API_KEY = "not-needed"
MAX_REPORTED_ERRORS = 5

SCHEMA_INSTRUCTION = (
    "\n\nRespond with one JSON object only (no prose, no code fences) that conforms to this "
    "JSON schema:\n{schema}"
)
RETRY_INSTRUCTION = (
    "Your previous answer was rejected: {problem}\n"
    "Answer again with one JSON object only, conforming to the JSON schema."
)


class OpenAILLM:
    """Implements :class:`graphmem.ports.llm.LLM`. ``calls`` counts completions requested."""

    def __init__(self, settings: LLMSettings) -> None:
        if settings.model is None:
            raise ConfigurationError("LLM model is not set (GRAPHMEM_LLM__MODEL)")
        api_key = settings.api_key.get_secret_value() if settings.api_key else DUMMY_API_KEY
        self._model = settings.model
        self._timeout_s = settings.timeout_s
        self._client = openai.OpenAI(
            base_url=settings.base_url,
            api_key=api_key,
            timeout=settings.timeout_s,
            max_retries=settings.max_retries,
        )
        self.calls = 0

    @property
    def model(self) -> str:
        return self._model

    @property
    def base_url(self) -> str:
        return str(self._client.base_url)

    def complete(self, *, system: str, user: str, schema: type[T]) -> T:
        json_schema = schema.model_json_schema()
        messages: list[ChatCompletionMessageParam] = [
            {"role": "system", "content": system + _schema_instruction(json_schema)},
            {"role": "user", "content": user},
        ]
        content = self._request(messages, schema, json_schema)
        try:
            return _parse(content, schema)
        except PydanticValidationError as exc:
            problem = describe_validation_error(exc)
        logger.warning("LLM answer failed %s validation; retrying once", schema.__name__)
        messages.append({"role": "assistant", "content": content})
        messages.append({"role": "user", "content": RETRY_INSTRUCTION.format(problem=problem)})
        content = self._request(messages, schema, json_schema)
        try:
            return _parse(content, schema)
        except PydanticValidationError as exc:
            raise LLMError(
                f"LLM answered invalid {schema.__name__} output twice: "
                f"{describe_validation_error(exc)}"
            ) from exc

    def close(self) -> None:
        self._client.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def _request(
        self,
        messages: list[ChatCompletionMessageParam],
        schema: type[BaseModel],
        json_schema: dict[str, Any],
    ) -> str:
        self.calls += 1
        logger.debug("LLM completion #%d (model=%s)", self.calls, self._model)
        try:
            response = self._client.chat.completions.create(
                model=self._model,
                messages=messages,
                response_format={
                    "type": "json_schema",
                    "json_schema": {
                        "name": _schema_name(schema),
                        "schema": json_schema,
                        "strict": False,
                    },
                },
            )
        except openai.OpenAIError as exc:
            raise self._translate(exc) from exc
        if not response.choices:
            return ""
        return response.choices[0].message.content or ""

    def _translate(self, exc: openai.OpenAIError) -> LLMError:
        where = f"(model={self._model}, base_url={self.base_url})"
        if isinstance(exc, openai.APITimeoutError):
            return LLMError(f"LLM request timed out after {self._timeout_s:g}s {where}")
        if isinstance(exc, openai.RateLimitError):
            return LLMError(f"LLM rate limit hit (HTTP 429) {where}: {_status_message(exc)}")
        if isinstance(exc, openai.APIStatusError):
            return LLMError(
                f"LLM request failed with HTTP {exc.status_code} {where}: {_status_message(exc)}"
            )
        if isinstance(exc, openai.APIConnectionError):
            return LLMError(f"cannot connect to LLM endpoint {self.base_url}: {exc}")
        return LLMError(f"LLM request failed {where}: {type(exc).__name__}: {exc}")


def describe_validation_error(exc: PydanticValidationError) -> str:
    """A short description of what was wrong, without echoing the (possibly long) input."""
    errors = exc.errors(include_input=False, include_url=False)
    parts = []
    for error in errors[:MAX_REPORTED_ERRORS]:
        loc = ".".join(str(p) for p in error["loc"]) or "<root>"
        parts.append(f"{loc}: {error['msg']}")
    if len(errors) > MAX_REPORTED_ERRORS:
        parts.append(f"... and {len(errors) - MAX_REPORTED_ERRORS} more")
    return "; ".join(parts)


def _parse(content: str, schema: type[T]) -> T:
    return schema.model_validate_json(_strip_code_fence(content))


_FENCE_OPEN = re.compile(r"\s*+```[a-zA-Z]*+[^\S\n]*+\n")


def _strip_code_fence(content: str) -> str:
    """Small local models often wrap JSON in a Markdown fence despite being told not to.

    The body runs from the opening fence's line to the last line break before the closing
    fence, found with ``rfind`` (a ``(.*)\\n\\s*```$`` regex backtracks quadratically)."""
    opening = _FENCE_OPEN.match(content)
    stripped = content.rstrip()
    if opening is None or not stripped.endswith("```") or len(stripped) < opening.end() + 3:
        return content
    close = stripped.rfind("\n", opening.end(), len(stripped) - 3)
    if close < 0 or stripped[close : len(stripped) - 3].strip():
        return content
    return content[opening.end() : close]


def _schema_instruction(json_schema: dict[str, Any]) -> str:
    return SCHEMA_INSTRUCTION.format(schema=json.dumps(json_schema, separators=(",", ":")))


def _schema_name(schema: type[BaseModel]) -> str:
    return re.sub(r"[^a-zA-Z0-9_-]", "_", schema.__name__)[:64] or "response"


def _status_message(exc: openai.APIStatusError) -> str:
    body = exc.body
    if isinstance(body, dict):
        error = body.get("error", body)
        if isinstance(error, dict) and isinstance(error.get("message"), str):
            return error["message"]
    return exc.message
