"""`graphmem import jsonl|locomo PATH`: bulk import, batched and resumable."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Annotated

import typer

from graphmem.adapters.embeddings import make_embedder
from graphmem.errors import ValidationError
from graphmem.importers import (
    BatchImport,
    ImportOptions,
    ImportReport,
    Record,
    count_lines,
    default_path,
    read_jsonl,
    read_locomo,
)
from graphmem.memory import Memory
from graphmem.services.embedding_cache import CachedEmbedder
from graphmem.settings import Settings

import_app = typer.Typer(
    help="Bulk import messages or memories; an interrupted import resumes where it stopped.",
    no_args_is_help=True,
)

PathArgument = Annotated[
    Path, typer.Argument(exists=True, dir_okay=False, readable=True, help="The file to import.")
]
BatchOption = Annotated[
    int, typer.Option("--batch-size", min=1, help="Most messages per Memory.add.")
]
CheckpointOption = Annotated[
    Path | None,
    typer.Option("--checkpoint", dir_okay=False, help="Default: PATH.graphmem-import.json."),
]
SkipOption = Annotated[
    bool, typer.Option("--skip-invalid", help="Skip invalid records (counted) instead of stopping.")
]
RestartOption = Annotated[
    bool, typer.Option("--restart", help="Ignore the checkpoint and start from the first record.")
]
ProgressOption = Annotated[bool, typer.Option("--progress/--no-progress", help="Progress bar.")]
InferOption = Annotated[
    bool, typer.Option("--infer/--no-infer", help='For lines without "infer"; default verbatim.')
]


def _options(
    settings: Settings, path: Path, checkpoint: Path | None, **given: int | bool
) -> ImportOptions:
    most = settings.limits.max_messages_per_add
    if int(given["batch_size"]) > most:
        raise ValidationError(f"--batch-size is at most {most} (limits.max_messages_per_add)")
    return ImportOptions.model_validate({"checkpoint": checkpoint or default_path(path), **given})


def _run(
    settings: Settings,
    path: Path,
    fmt: str,
    records: Iterable[Record],
    total: int,
    options: ImportOptions,
) -> ImportReport:
    embedder = CachedEmbedder(make_embedder(settings.embedder))
    with Memory(settings, embedder=embedder) as memory:
        try:
            return BatchImport(memory, path, fmt, options, embedder.prefetch).run(records, total)
        except KeyboardInterrupt:
            typer.echo(
                f"\nInterrupted; run the same command again to resume "
                f"(checkpoint {options.checkpoint}).",
                err=True,
            )
            raise typer.Exit(130) from None


def _print(report: ImportReport) -> None:
    resumed = f" (resumed after record {report.resumed_after})" if report.resumed_after else ""
    typer.echo(
        f"Imported {report.imported} of {report.total} records from {report.source}{resumed} "
        f"in {report.batches} batches ({report.adds} adds): {report.added} added, "
        f"{report.duplicates} already stored."
    )
    if report.skipped:
        typer.echo(f"Skipped {len(report.skipped)} invalid: {', '.join(report.skipped)}")
    typer.echo(f"Checkpoint: {report.checkpoint}")


@import_app.command("jsonl")
def jsonl(
    path: PathArgument,
    batch_size: BatchOption = 100,
    checkpoint: CheckpointOption = None,
    skip_invalid: SkipOption = False,
    restart: RestartOption = False,
    infer: InferOption = False,
    progress: ProgressOption = True,
) -> None:
    """Import JSONL: one message or memory per line.

    Each line: {"text" or "content", "role"?, "name"?, "user_id" / "agent_id" / "run_id",
    "timestamp"?, "metadata"?, "infer"?}.
    """
    settings = Settings()
    options = _options(
        settings,
        path,
        checkpoint,
        batch_size=batch_size,
        skip_invalid=skip_invalid,
        restart=restart,
        progress=progress,
    )
    records = read_jsonl(path, settings.limits, infer)
    _print(_run(settings, path, "jsonl", records, count_lines(path), options))


@import_app.command("locomo")
def locomo(
    path: PathArgument,
    batch_size: BatchOption = 100,
    checkpoint: CheckpointOption = None,
    skip_invalid: SkipOption = False,
    restart: RestartOption = False,
    progress: ProgressOption = True,
) -> None:
    """Import LoCoMo-10 conversations (locomo10.json).

    One scope per conversation (user_id locomo-<sample_id>); each turn a verbatim message at
    its session's date with metadata {dia_id, session}.
    """
    settings = Settings()
    options = _options(
        settings,
        path,
        checkpoint,
        batch_size=batch_size,
        skip_invalid=skip_invalid,
        restart=restart,
        progress=progress,
    )
    records = read_locomo(path, settings.limits)
    _print(_run(settings, path, "locomo", records, len(records), options))
