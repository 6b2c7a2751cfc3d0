"""LoCoMo-10 source (snap-research/LoCoMo ``data/locomo10.json``): a list of samples, each a
two-person ``conversation`` with ``session_N`` turn lists and ``session_N_date_time`` dates.

One scope per conversation (``user_id = "locomo-<sample_id>"``); each turn is one user
message ``"<speaker>: <text>"`` named for its speaker, stored verbatim (``infer=False``) at its
session's date with ``metadata = {"dia_id": ..., "session": N}``. Records are the turns in
file order: samples, then sessions by number, then turns."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import Any

from graphmem.domain.extraction import Message
from graphmem.errors import ValidationError
from graphmem.importers.records import ImportItem, Record, RecordError
from graphmem.services import inputs
from graphmem.settings import LimitSettings

DATE_FORMAT = "%I:%M %p on %d %B, %Y"  # "1:56 pm on 8 May, 2023"
_SESSION = re.compile(r"session_(\d+)")


def session_timestamp(value: Any) -> str:
    """A session date as ISO 8601 (UTC: the dataset gives no zone)."""
    if not isinstance(value, str):
        raise RecordError("the session has no date (session_N_date_time)")
    try:
        return datetime.strptime(value.strip(), DATE_FORMAT).replace(tzinfo=UTC).isoformat()
    except ValueError as exc:
        raise RecordError(f"session date {value!r} is not like '1:56 pm on 8 May, 2023'") from exc


def parse_turn(
    sample_id: str, session: int, date: Any, turn: Any, limits: LimitSettings
) -> ImportItem:
    fields = turn if isinstance(turn, dict) else {}
    speaker, dia_id, text = (fields.get(k) for k in ("speaker", "dia_id", "text"))
    if not (isinstance(speaker, str) and isinstance(dia_id, str) and isinstance(text, str)):
        raise RecordError("a turn needs speaker, dia_id and text strings")
    timestamp = session_timestamp(date)
    try:
        return ImportItem(
            message=Message(
                role="user",
                name=speaker,
                content=inputs.check_text(f"{speaker}: {text}", limits, where="text"),
            ),
            scope=inputs.scope_of(f"locomo-{sample_id}", None, None),
            timestamp=timestamp,
            metadata={"dia_id": dia_id, "session": session},
            infer=False,
        )
    except ValidationError as exc:
        raise RecordError(str(exc)) from exc


def _samples(path: Path) -> list[dict[str, Any]]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValidationError(f"{path} is not LoCoMo JSON: {exc}") from exc
    if not isinstance(data, list) or not all(isinstance(s, dict) for s in data):
        raise ValidationError(f"{path}: expected a JSON list of LoCoMo samples")
    for index, sample in enumerate(data):
        if not isinstance(sample.get("sample_id"), str):
            raise ValidationError(f"{path}: sample {index} has no sample_id string")
        if not isinstance(sample.get("conversation"), dict):
            raise ValidationError(f"{path}: sample {sample['sample_id']} has no conversation")
    return data


def _sessions(sample_id: str, conversation: dict[str, Any]) -> list[tuple[int, list[Any]]]:
    found = []
    for key, turns in conversation.items():
        match = _SESSION.fullmatch(key)
        if match is None:
            continue
        if not isinstance(turns, list):
            raise ValidationError(f"sample {sample_id}: {key} is not a list of turns")
        found.append((int(match[1]), turns))
    return sorted(found, key=lambda pair: pair[0])


def _turns(sample: dict[str, Any]) -> Iterator[tuple[str, int, Any, Any]]:
    sample_id, conversation = sample["sample_id"], sample["conversation"]
    for session, turns in _sessions(sample_id, conversation):
        date = conversation.get(f"session_{session}_date_time")
        for turn in turns:
            yield sample_id, session, date, turn


def read_locomo(path: Path, limits: LimitSettings) -> list[Record]:
    """Every turn of the file as a record (the structure is checked up front)."""
    records = []
    turns = (t for sample in _samples(path) for t in _turns(sample))
    for number, (sample_id, session, date, turn) in enumerate(turns, start=1):
        dia_id = turn.get("dia_id") if isinstance(turn, dict) else None
        records.append(
            Record(
                number=number,
                label=f"turn {number} ({sample_id} {dia_id or '?'})",
                key=json.dumps([sample_id, session, date, turn], sort_keys=True).encode(),
                parse=partial(parse_turn, sample_id, session, date, turn, limits),
            )
        )
    return records
