"""Validation of caller input: a typed ValidationError with a clear reason, before any write."""

from __future__ import annotations

import hashlib
import json
import re
import unicodedata
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from pydantic import ValidationError as PydanticValidationError

from graphmem.domain.extraction import Message
from graphmem.domain.graph import RelationInput
from graphmem.domain.scope import Scope
from graphmem.errors import ValidationError
from graphmem.lifecycle.predicates import normalize_name, normalize_predicate
from graphmem.settings import LimitSettings

MessagesInput = str | Mapping[str, Any] | Sequence[Mapping[str, Any] | str]


def _reason(exc: PydanticValidationError) -> str:
    return "; ".join(
        f"{'.'.join(str(p) for p in err['loc']) or 'value'}: {err['msg']}" for err in exc.errors()
    )


def scope_of(user_id: Any, agent_id: Any, run_id: Any) -> Scope:
    try:
        return Scope(user_id=user_id, agent_id=agent_id, run_id=run_id)
    except PydanticValidationError as exc:
        raise ValidationError(f"Invalid scope: {_reason(exc)}") from exc


def messages_of(messages: MessagesInput, limits: LimitSettings) -> list[Message]:
    if isinstance(messages, str):
        raw: list[Any] = [{"role": "user", "content": messages}]
    elif isinstance(messages, Mapping):
        raw = [messages]
    elif isinstance(messages, Sequence):
        raw = [{"role": "user", "content": m} if isinstance(m, str) else m for m in messages]
    else:
        raise ValidationError("messages must be a string, a message object or a list of them")
    if not raw:
        raise ValidationError("messages must not be empty")
    if len(raw) > limits.max_messages_per_add:
        raise ValidationError(
            f"messages: {len(raw)} given; the limit is {limits.max_messages_per_add} per add "
            "(limits.max_messages_per_add)"
        )
    parsed = [_message(i, m, limits) for i, m in enumerate(raw)]
    if all(m.role == "system" for m in parsed):
        raise ValidationError("messages contain no user, assistant or tool turn to remember")
    return parsed


def _message(index: int, raw: Any, limits: LimitSettings) -> Message:
    if not isinstance(raw, Mapping):
        raise ValidationError(f"messages[{index}] must be an object with role and content")
    try:
        message = Message.model_validate(raw)
    except PydanticValidationError as exc:
        raise ValidationError(f"messages[{index}]: {_reason(exc)}") from exc
    check_text(message.content, limits, where=f"messages[{index}].content")
    if message.name is not None:
        check_plain(message.name, f"messages[{index}].name")
    return message


def check_unicode(text: str, where: str) -> str:
    """Refuse a lone surrogate (``"\\ud800"`` in JSON): it is no Unicode text, and Neo4j (UTF-8)
    cannot store it. The error names the field, never echoes the value."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise ValidationError(f"{where} contains a lone surrogate (not valid Unicode)") from exc
    return text


def check_plain(text: str, where: str) -> str:
    """Text that becomes a name or a fact in the graph: no NUL (a search query may not hold
    one either, so such a name could never be searched for) and valid Unicode."""
    if "\x00" in text:
        raise ValidationError(f"{where} contains a NUL character")
    return check_unicode(text, where)


def check_text(text: Any, limits: LimitSettings, where: str = "text") -> str:
    if not isinstance(text, str):
        raise ValidationError(f"{where} must be a string")
    if not text.strip():
        raise ValidationError(f"{where} must not be empty")
    if len(text) > limits.max_text_chars:
        raise ValidationError(
            f"{where} is {len(text)} characters; the limit is {limits.max_text_chars}"
        )
    return check_plain(text, where)


def memory_id_of(memory_id: Any) -> str:
    """A memory id as given, refused unless it is a non-empty string."""
    if not isinstance(memory_id, str) or not memory_id.strip():
        raise ValidationError("memory id must be a non-empty string")
    return memory_id


def check_limit(value: Any, most: int, where: str = "limit") -> int:
    """A count a caller asks for (``limit``, ``top_k``): an integer from 1 to ``most``."""
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= most:
        raise ValidationError(f"{where} must be an integer from 1 to {most}")
    return value


def metadata_of(metadata: Any, limits: LimitSettings) -> dict[str, Any]:
    if metadata is None:
        return {}
    if not isinstance(metadata, Mapping) or not all(isinstance(k, str) for k in metadata):
        raise ValidationError("metadata must be an object with string keys")
    try:
        encoded = json.dumps(metadata, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise ValidationError(f"metadata must be JSON-serialisable: {exc}") from exc
    except RecursionError as exc:
        raise ValidationError("metadata must be JSON-serialisable: nested too deeply") from exc
    check_unicode(encoded, "metadata (a key or value)")
    if len(encoded.encode()) > limits.max_metadata_bytes:
        raise ValidationError(f"metadata is larger than {limits.max_metadata_bytes} bytes")
    return json.loads(encoded)


def timestamp_of(value: Any, now: datetime) -> datetime:
    """ISO 8601 (a date alone means midnight UTC; no zone means UTC) or epoch seconds."""
    if value is None:
        return now
    if isinstance(value, bool):
        raise ValidationError("timestamp must be ISO 8601 text or epoch seconds")
    if isinstance(value, datetime):
        return value if value.tzinfo else value.replace(tzinfo=UTC)
    if isinstance(value, int | float):
        try:
            return datetime.fromtimestamp(value, tz=UTC)
        except (OverflowError, OSError, ValueError) as exc:
            raise ValidationError(f"timestamp {value!r} is out of range") from exc
    if isinstance(value, str):
        try:
            parsed = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
        except ValueError as exc:
            raise ValidationError(f"timestamp {value!r} is not ISO 8601") from exc
        return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)
    raise ValidationError("timestamp must be ISO 8601 text or epoch seconds")


def relations_of(relations: Any, limits: LimitSettings) -> list[RelationInput]:
    if relations is None:
        return []
    if not isinstance(relations, Sequence) or isinstance(relations, str):
        raise ValidationError("relations must be a list of {source, relation, target}")
    if len(relations) > limits.max_relations_per_add:
        raise ValidationError(
            f"relations: {len(relations)} given; the limit is {limits.max_relations_per_add} "
            "per add (limits.max_relations_per_add)"
        )
    out = []
    for i, raw in enumerate(relations):
        try:
            relation = RelationInput.model_validate(raw)
        except PydanticValidationError as exc:
            raise ValidationError(f"relations[{i}]: {_reason(exc)}") from exc
        for field in ("source", "relation", "target"):
            check_plain(getattr(relation, field), f"relations[{i}].{field}")
        if not normalize_predicate(relation.relation):
            raise ValidationError(f"relations[{i}].relation needs letters or digits")
        if not normalize_name(relation.source) or not normalize_name(relation.target):
            raise ValidationError(f"relations[{i}]: source and target need letters or digits")
        out.append(relation)
    return out


def check_relation_links(memories: int, relations: int, limits: LimitSettings) -> None:
    """The per-add work budget: each relation attaches to each memory of the add."""
    links = memories * relations
    if links > limits.max_relation_links_per_add:
        raise ValidationError(
            f"relations x memories is {relations} x {memories} = {links}; the work budget is "
            f"{limits.max_relation_links_per_add} per add (limits.max_relation_links_per_add)"
        )


def normalize_text(text: str) -> str:
    folded = unicodedata.normalize("NFKC", text).casefold()
    return re.sub(r"\s+", " ", folded).strip()


def text_hash(text: str) -> str:
    return hashlib.sha256(normalize_text(text).encode()).hexdigest()
