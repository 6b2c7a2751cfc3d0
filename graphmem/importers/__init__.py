"""Bulk import into graphmem: JSONL messages or memories, and LoCoMo-10 conversations.

Batched (up to N consecutive records of one scope, embedded in one call; one ``Memory.add`` per
run of records sharing timestamp, metadata and infer) and resumable: a checkpoint file next to
the source counts the records done."""

from __future__ import annotations

from graphmem.importers.batching import (
    Adder,
    BatchImport,
    ImportLineError,
    ImportOptions,
    ImportReport,
)
from graphmem.importers.checkpoint import default_path
from graphmem.importers.jsonl import count_lines, read_jsonl
from graphmem.importers.locomo import read_locomo
from graphmem.importers.records import ImportItem, Record, RecordError

__all__ = [
    "Adder",
    "BatchImport",
    "ImportItem",
    "ImportLineError",
    "ImportOptions",
    "ImportReport",
    "Record",
    "RecordError",
    "count_lines",
    "default_path",
    "read_jsonl",
    "read_locomo",
]
