"""Runs an import in batches of up to ``batch_size`` consecutive records of one scope.

A batch's texts are embedded in one call (``prefetch``), then each run of records sharing
timestamp, metadata and ``infer`` is one ``Memory.add`` (an add takes one of each); records
with their own metadata, like LoCoMo turns, are one add each. The checkpoint is saved after
every batch, so an interrupted import resumes after the last committed batch."""

from __future__ import annotations

import hashlib
import itertools
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, Protocol

from pydantic import BaseModel, Field
from tqdm import tqdm

from graphmem.domain.results import AddEvent, AddResult
from graphmem.errors import ValidationError
from graphmem.importers import checkpoint
from graphmem.importers.records import ImportItem, Record, RecordError
from graphmem.services.inputs import MessagesInput

Prefetch = Callable[[Sequence[str]], None]
Entry = tuple[Record, ImportItem | None]  # None: blank, or invalid and skipped


class ImportLineError(ValidationError):
    """An invalid record stopped the import; the records before it are imported."""


class Adder(Protocol):
    """What an import needs from ``Memory``."""

    def add(
        self,
        messages: MessagesInput,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        run_id: str | None = None,
        metadata: dict[str, Any] | None = None,
        timestamp: str | int | float | None = None,
        infer: bool = True,
    ) -> AddResult: ...


class ImportOptions(BaseModel):
    checkpoint: Path
    batch_size: int = Field(default=100, ge=1)
    skip_invalid: bool = False
    restart: bool = False  # ignore an existing checkpoint
    progress: bool = True  # a tqdm bar on stderr when it is a terminal


class ImportReport(BaseModel):
    source: str
    format: str
    checkpoint: str
    total: int = 0
    resumed_after: int = 0  # records already done by an earlier run
    imported: int = 0  # records sent to Memory.add by this run
    added: int = 0  # ADD events
    duplicates: int = 0  # NOOP events (already stored)
    batches: int = 0
    adds: int = 0  # Memory.add calls
    skipped: list[str] = Field(default_factory=list)  # invalid records skipped by this run


def _entries(items: list[Entry]) -> list[tuple[Record, ImportItem]]:
    return [(record, item) for record, item in items if item is not None]


class BatchImport:
    def __init__(
        self,
        adder: Adder,
        source: Path,
        fmt: str,
        options: ImportOptions,
        prefetch: Prefetch | None = None,
    ) -> None:
        self.adder = adder
        self.options = options
        self.prefetch = prefetch
        self.state = (
            checkpoint.Checkpoint(source=str(source.resolve()), format=fmt)
            if options.restart
            else checkpoint.load(options.checkpoint, source, fmt)
        )
        self.digest = hashlib.sha256()
        self.pending: list[Entry] = []
        self.report = ImportReport(
            source=str(source), format=fmt, checkpoint=str(options.checkpoint)
        )

    def run(self, records: Iterable[Record], total: int) -> ImportReport:
        self.report.total = total
        self.report.resumed_after = self.state.done
        disable = None if self.options.progress else True
        with tqdm(total=total, unit="rec", disable=disable) as bar:
            rest = self._skip_done(iter(records))
            bar.update(self.state.done)
            for record in rest:
                self._take(record, bar)
            self._flush(bar)
        return self.report

    def _skip_done(self, records: Iterator[Record]) -> Iterator[Record]:
        """Fingerprint the records an earlier run finished, without parsing them."""
        seen = 0
        for record in itertools.islice(records, self.state.done):
            self._hash(record)
            seen += 1
        if seen < self.state.done or self.digest.hexdigest() != self.state.fingerprint:
            raise ValidationError(
                f"{self.report.source} changed in its first {self.state.done} records since "
                f"the checkpoint {self.options.checkpoint} was written: pass --restart to "
                "import it from the start (exact duplicates are not stored twice)"
            )
        return records

    def _take(self, record: Record, bar: tqdm[Any]) -> None:
        try:
            item = record.parse()
        except RecordError as exc:
            self._invalid(record, str(exc), bar)
            return
        items = _entries(self.pending)
        if (
            item is not None
            and items
            and (item.scope != items[0][1].scope or len(items) >= self.options.batch_size)
        ):
            self._flush(bar)
        self.pending.append((record, item))

    def _invalid(self, record: Record, reason: str, bar: tqdm[Any]) -> None:
        if self.options.skip_invalid:
            self.report.skipped.append(record.label)
            self.state.skipped += 1
            self.pending.append((record, None))
            return
        self._flush(bar)
        raise ImportLineError(
            f"{record.label}: {reason}. The {self.state.done} records before it are imported "
            f"(checkpoint {self.options.checkpoint}); fix it and run the import again to "
            "resume, or pass --skip-invalid"
        )

    def _flush(self, bar: tqdm[Any]) -> None:
        if not self.pending:
            return
        items = _entries(self.pending)
        if items and self.prefetch is not None:
            self.prefetch([item.message.content for _, item in items])
        for _, group in itertools.groupby(items, key=lambda entry: entry[1].batch_key()):
            self._add(list(group))
        for record, _ in self.pending:
            self._hash(record)
        self.state.done = self.pending[-1][0].number
        self.state.fingerprint = self.digest.hexdigest()
        checkpoint.save(self.options.checkpoint, self.state)
        self.report.batches += 1
        bar.update(len(self.pending))
        self.pending.clear()

    def _add(self, group: list[tuple[Record, ImportItem]]) -> None:
        first = group[0][1]
        try:
            result = self.adder.add(
                [item.message.model_dump(exclude_none=True) for _, item in group],
                user_id=first.scope.user_id,
                agent_id=first.scope.agent_id,
                run_id=first.scope.run_id,
                metadata=first.metadata,
                timestamp=first.timestamp,
                infer=first.infer,
            )
        except ValidationError as exc:
            where = group[0][0].label + (f" to {group[-1][0].label}" if len(group) > 1 else "")
            raise ImportLineError(f"{where}: {exc}") from exc
        self._count(len(group), result)

    def _count(self, records: int, result: AddResult) -> None:
        added = sum(1 for r in result.results if r.event == AddEvent.ADD)
        self.report.imported += records
        self.report.adds += 1
        self.report.added += added
        self.report.duplicates += len(result.results) - added
        self.state.added += added
        self.state.duplicates += len(result.results) - added

    def _hash(self, record: Record) -> None:
        self.digest.update(len(record.key).to_bytes(8, "big") + record.key)
