"""The LLM extractor: exactly one structured completion per ``extract()``."""

from __future__ import annotations

import logging
import re
from datetime import datetime, tzinfo
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from graphmem.domain.extraction import (
    ExtractedEntity,
    ExtractedMemory,
    ExtractedTriplet,
    Extraction,
    ExtractionRequest,
    LifecycleProposal,
    Message,
)
from graphmem.extraction import prompt
from graphmem.lifecycle.predicates import normalize_name
from graphmem.ports.llm import LLM

logger = logging.getLogger(__name__)

_WIRE = ConfigDict(str_strip_whitespace=True)


class WireEntity(BaseModel):
    model_config = _WIRE
    name: str = Field(min_length=1, max_length=200)
    type: str | None = Field(default=None, description="short lowercase type, e.g. person")


class WireTriplet(BaseModel):
    model_config = _WIRE
    source: str = Field(min_length=1, max_length=200)
    predicate: str = Field(min_length=1, max_length=100, description="snake_case, e.g. lives_in")
    target: str = Field(min_length=1, max_length=200)
    fact: str = Field(min_length=1, max_length=1000)
    valid_from: datetime | None = Field(default=None, description="ISO 8601 date or datetime")
    valid_to: datetime | None = Field(default=None, description="ISO 8601 date or datetime")

    @field_validator("predicate")
    @classmethod
    def _snake_case(cls, value: str) -> str:
        snake = re.sub(r"\W+", "_", value.casefold()).strip("_")
        if not snake:
            raise ValueError("predicate needs letters or digits, e.g. lives_in")
        return snake

    @field_validator("source", "target")
    @classmethod
    def _named(cls, value: str) -> str:
        if not normalize_name(value):
            raise ValueError("source and target need letters or digits")
        return value

    @field_validator("valid_from", "valid_to", mode="before")
    @classmethod
    def _blank_is_none(cls, value: object) -> object:
        if isinstance(value, str) and value.strip().lower() in ("", "null", "none"):
            return None
        return value


class WireProposal(BaseModel):
    model_config = _WIRE
    action: Literal["merge", "supersede"]
    old_memory_id: str = Field(min_length=1)
    reason: str | None = None


class WireMemory(BaseModel):
    model_config = _WIRE
    text: str = Field(min_length=1, description="one self-contained fact")
    source_index: int | None = Field(default=None, description="[index] of the new message")
    entities: list[WireEntity] = Field(default_factory=list)
    triplets: list[WireTriplet] = Field(default_factory=list)
    proposals: list[WireProposal] = Field(default_factory=list)


class LLMExtractionResponse(BaseModel):
    """What the LLM answers (the wire format); converted to the domain :class:`Extraction`."""

    memories: list[WireMemory] = Field(default_factory=list)


class LLMExtractor:
    """Implements :class:`graphmem.ports.extractor.Extractor` with one LLM call per add."""

    def __init__(self, llm: LLM) -> None:
        self._llm = llm

    def extract(self, request: ExtractionRequest) -> Extraction:
        response = self._llm.complete(
            system=prompt.SYSTEM_PROMPT,
            user=build_user_prompt(request),
            schema=LLMExtractionResponse,
        )
        return to_extraction(response, request)


def build_user_prompt(request: ExtractionRequest) -> str:
    observed = request.observed_at
    return prompt.USER_TEMPLATE.format(
        observed_date=observed.date().isoformat(),
        weekday=observed.strftime("%A"),
        observed_at=observed.isoformat(),
        messages=_lines([_message_line(i, m) for i, m in enumerate(request.messages)]),
        recent=_lines(request.recent),
        similar=_lines([_memory_line(m.id, m.text, m.observed_at) for m in request.similar]),
        entities=_lines([f"- {name}" for name in request.known_entities]),
    )


def _lines(lines: list[str]) -> str:
    return "\n".join(lines) if lines else prompt.NONE


def _message_line(index: int, message: Message) -> str:
    speaker = f"{message.role} ({message.name})" if message.name else message.role
    if message.role == "system":
        speaker += prompt.SYSTEM_SUFFIX
    return prompt.MESSAGE_LINE.format(index=index, speaker=speaker, content=message.content)


def _memory_line(memory_id: str, text: str, observed_at: datetime | None) -> str:
    line = prompt.MEMORY_LINE.format(id=memory_id, text=text)
    if observed_at is not None:
        line += prompt.MEMORY_OBSERVED_SUFFIX.format(date=observed_at.date().isoformat())
    return line


def to_extraction(response: LLMExtractionResponse, request: ExtractionRequest) -> Extraction:
    """Convert the wire answer; proposals against ids not shown to the LLM are left out."""
    known_ids = {m.id for m in request.similar}
    tz = request.observed_at.tzinfo
    memories = [_to_memory(m, known_ids, len(request.messages), tz) for m in response.memories]
    return Extraction(memories=memories, llm_calls=1)


def _to_memory(
    wire: WireMemory, known_ids: set[str], n_messages: int, tz: tzinfo | None
) -> ExtractedMemory:
    proposals = [p for p in wire.proposals if p.old_memory_id in known_ids]
    if len(proposals) < len(wire.proposals):
        logger.info(
            "left out %d lifecycle proposal(s) against unknown memory ids",
            len(wire.proposals) - len(proposals),
        )
    source_index = wire.source_index
    if source_index is not None and not 0 <= source_index < n_messages:
        logger.warning("LLM gave source_index %d out of range; ignoring it", source_index)
        source_index = None
    return ExtractedMemory(
        text=wire.text,
        source_index=source_index,
        entities=[ExtractedEntity(name=e.name, type=e.type or None) for e in wire.entities],
        triplets=[_to_triplet(t, tz) for t in wire.triplets],
        proposals=[
            LifecycleProposal(action=p.action, old_memory_id=p.old_memory_id, reason=p.reason)
            for p in proposals
        ],
    )


def _to_triplet(wire: WireTriplet, tz: tzinfo | None) -> ExtractedTriplet:
    return ExtractedTriplet(
        source=wire.source,
        predicate=wire.predicate,
        target=wire.target,
        fact=wire.fact,
        valid_from=_with_tz(wire.valid_from, tz),
        valid_to=_with_tz(wire.valid_to, tz),
    )


def _with_tz(value: datetime | None, tz: tzinfo | None) -> datetime | None:
    """Dates the LLM gives without a zone are read in the observation date's zone."""
    if value is None or value.tzinfo is not None or tz is None:
        return value
    return value.replace(tzinfo=tz)
