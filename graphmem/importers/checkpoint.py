"""The resume file of an import: how many records are done, and a fingerprint of them.

Written after every committed batch (atomically: temporary file, then rename). A resumed
import skips the records it counts without parsing or adding them; exact duplicates would be
``NOOP`` anyway, the checkpoint only makes resuming fast."""

from __future__ import annotations

import hashlib
import os
from datetime import UTC, datetime
from pathlib import Path

from pydantic import BaseModel
from pydantic import ValidationError as PydanticValidationError

from graphmem.errors import ValidationError

SUFFIX = ".graphmem-import.json"


class Checkpoint(BaseModel):
    source: str
    format: str
    done: int = 0  # records 1..done are imported (or skipped as invalid)
    fingerprint: str = hashlib.sha256().hexdigest()  # over the keys of records 1..done
    added: int = 0
    duplicates: int = 0
    skipped: int = 0
    updated_at: datetime | None = None


def default_path(source: Path) -> Path:
    """``PATH.graphmem-import.json`` next to the imported file."""
    return source.with_name(source.name + SUFFIX)


def load(path: Path, source: Path, fmt: str) -> Checkpoint:
    """The saved checkpoint, or a fresh one when there is none."""
    fresh = Checkpoint(source=str(source.resolve()), format=fmt)
    if not path.exists():
        return fresh
    try:
        saved = Checkpoint.model_validate_json(path.read_text(encoding="utf-8"))
    except (OSError, PydanticValidationError) as exc:
        raise ValidationError(f"Unreadable checkpoint {path}: {exc}; pass --restart") from exc
    if saved.format != fmt:
        raise ValidationError(
            f"Checkpoint {path} belongs to a {saved.format} import, not {fmt}; pass --restart"
        )
    return saved


def save(path: Path, checkpoint: Checkpoint) -> None:
    checkpoint.updated_at = datetime.now(UTC)
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(checkpoint.model_dump_json(indent=2) + "\n", encoding="utf-8")
    os.replace(temporary, path)
