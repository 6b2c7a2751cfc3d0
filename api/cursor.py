"""Opaque page cursors: base64url of the last memory's ``(created_at, id)``."""

from __future__ import annotations

import base64
import binascii
import json
from datetime import datetime

from graphmem.domain.memory import MemoryRecord
from graphmem.errors import ValidationError


def encode(last: MemoryRecord) -> str:
    raw = json.dumps([last.created_at.isoformat(), last.id]).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


MAX_CURSOR_CHARS = 512  # a real one is about 100


def decode(cursor: str | None) -> tuple[datetime, str] | None:
    if cursor is None:
        return None
    if len(cursor) > MAX_CURSOR_CHARS:
        raise ValidationError("cursor is not one this API returned")
    try:
        raw = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4))
        at, memory_id = json.loads(raw)
        parsed = datetime.fromisoformat(at)
    except (binascii.Error, ValueError, TypeError, RecursionError) as exc:
        raise ValidationError("cursor is not one this API returned") from exc
    if parsed.tzinfo is None or not isinstance(memory_id, str):
        raise ValidationError("cursor is not one this API returned")
    return parsed, memory_id


def next_cursor(page: list[MemoryRecord], limit: int) -> str | None:
    return encode(page[-1]) if len(page) == limit else None
