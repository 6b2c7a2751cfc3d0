"""`graphmem migrate`: apply the schema (idempotent) to the configured database, then carry
data written by earlier versions over (one graph per owner; idempotent and resumable)."""

from __future__ import annotations

from typing import Annotated

import typer

from graphmem.adapters.embeddings import make_embedder
from graphmem.adapters.neo4j import embedder_meta, reembed, schema
from graphmem.adapters.neo4j.driver import make_driver
from graphmem.adapters.neo4j.owner_migration import OwnerMigration
from graphmem.settings import Settings


def migrate(
    reembed_store: Annotated[
        bool,
        typer.Option(
            "--reembed",
            help="Rewrite every stored vector with the configured embedder (batched; a rerun "
            "resumes an interrupted one), then record it as the store's embedder.",
        ),
    ] = False,
    batch_size: Annotated[
        int,
        typer.Option(
            min=1,
            max=10_000,
            help="Rows per transaction when migrating data (texts per re-embedding batch).",
        ),
    ] = 500,
) -> None:
    """Create missing constraints and indexes (vector indexes take the embedder's dimension),
    migrate existing data to one graph per owner, and check (or, with --reembed, rewrite)
    the store's vectors against the configured embedder."""
    settings = Settings()
    embedder = make_embedder(settings.embedder)
    dimension = embedder.dimension
    database = settings.neo4j.database
    driver = make_driver(settings.neo4j)
    try:
        for line in schema.migrate(driver, database, dimension, embedder.name):
            typer.echo(line)
        report = OwnerMigration(driver, settings.neo4j.database, batch_size)()
        for line in report.lines():
            typer.echo(line)
        if reembed_store:
            result = reembed.reembed(
                driver, database, embedder, batch_size, _progress, settings.indexing.key_vector
            )
            typer.echo(
                f"Re-embedded {result.written} with {result.identity} (was {result.previous})."
            )
        else:
            embedder_meta.verify(driver, database, embedder.name)
    finally:
        driver.close()
    typer.echo(
        f"Schema ready on {settings.neo4j.uri} (vector dimension {dimension}, "
        f"embedder {embedder.name})."
    )


def _progress(kind: str, done: int) -> None:
    typer.echo(f"  {kind}: {done} re-embedded")
