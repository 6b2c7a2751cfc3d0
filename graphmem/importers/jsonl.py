"""JSONL source: one message or memory per line.

``{"text" | "content": str, "role"?: "user" | "assistant" | "tool", "name"?: str,
"user_id" / "agent_id" / "run_id": str (at least one), "timestamp"?: ISO 8601 or epoch seconds,
"metadata"?: object, "infer"?: bool}``. Blank lines are ignored; unknown keys are an error."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict
from pydantic import ValidationError as PydanticValidationError

from graphmem.domain.extraction import Message
from graphmem.errors import ValidationError
from graphmem.importers.records import ImportItem, Record, RecordError
from graphmem.services import inputs
from graphmem.settings import LimitSettings


class JsonlLine(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    text: str | None = None
    content: str | None = None
    role: Literal["user", "assistant", "tool"] = "user"
    name: str | None = None
    user_id: str | None = None
    agent_id: str | None = None
    run_id: str | None = None
    timestamp: str | int | float | None = None
    metadata: dict[str, Any] | None = None
    infer: bool | None = None


def _reason(exc: PydanticValidationError) -> str:
    return "; ".join(
        f"{'.'.join(str(p) for p in err['loc']) or 'line'}: {err['msg']}" for err in exc.errors()
    )


def _decode(raw: bytes) -> Any:
    try:
        return json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise RecordError(f"not UTF-8 ({exc.reason} at byte {exc.start})") from exc
    except json.JSONDecodeError as exc:
        raise RecordError(f"not valid JSON ({exc.msg} at column {exc.colno})") from exc


def _line(raw: bytes) -> JsonlLine:
    data = _decode(raw)
    if not isinstance(data, dict):
        raise RecordError("expected a JSON object")
    try:
        return JsonlLine.model_validate(data)
    except PydanticValidationError as exc:
        raise RecordError(_reason(exc)) from exc


def _text(line: JsonlLine) -> str:
    if line.text is not None and line.content is not None and line.text != line.content:
        raise RecordError("give text or content, not both")
    text = line.text if line.text is not None else line.content
    if text is None:
        raise RecordError("text (or content) is required")
    return text


def parse_line(raw: bytes, limits: LimitSettings, default_infer: bool) -> ImportItem | None:
    """One line as an ImportItem (None for a blank line); RecordError says what is wrong."""
    if not raw.strip():
        return None
    line = _line(raw)
    try:
        text = inputs.check_text(_text(line), limits, where="text")
        inputs.timestamp_of(line.timestamp, datetime.now(UTC))
        return ImportItem(
            message=Message(role=line.role, content=text, name=line.name),
            scope=inputs.scope_of(line.user_id, line.agent_id, line.run_id),
            timestamp=line.timestamp,
            metadata=inputs.metadata_of(line.metadata, limits) or None,
            infer=default_infer if line.infer is None else line.infer,
        )
    except ValidationError as exc:
        raise RecordError(str(exc)) from exc


def count_lines(path: Path) -> int:
    with path.open("rb") as file:
        return sum(1 for _ in file)


def read_jsonl(path: Path, limits: LimitSettings, default_infer: bool) -> Iterator[Record]:
    """The file's lines as records, parsed only when the import reaches them."""
    with path.open("rb") as file:
        for number, raw in enumerate(file, start=1):
            line = raw.rstrip(b"\r\n")
            yield Record(
                number=number,
                label=f"line {number}",
                key=line,
                parse=partial(parse_line, line, limits, default_infer),
            )
