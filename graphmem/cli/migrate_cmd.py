"""`graphmem migrate`: apply the schema (idempotent) to the configured database."""

from __future__ import annotations

from typing import Annotated

import typer

from graphmem.adapters.embeddings import make_embedder
from graphmem.adapters.neo4j import embedder_meta, reembed, schema
from graphmem.adapters.neo4j.driver import make_driver
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
    batch_size: Annotated[int, typer.Option(min=1, help="Texts per re-embedding batch.")] = 256,
) -> None:
    """Create missing constraints and indexes; vector indexes take the embedder's dimension."""
    settings = Settings()
    embedder = make_embedder(settings.embedder)
    dimension = embedder.dimension
    database = settings.neo4j.database
    driver = make_driver(settings.neo4j)
    try:
        for line in schema.migrate(driver, database, dimension, embedder.name):
            typer.echo(line)
        if reembed_store:
            result = reembed.reembed(driver, database, embedder, batch_size, _progress)
            typer.echo(f"Re-embedded {result.written} with {result.identity} "
                       f"(was {result.previous}).")
        else:
            embedder_meta.verify(driver, database, embedder.name)
    finally:
        driver.close()
    typer.echo(f"Schema ready on {settings.neo4j.uri} (vector dimension {dimension}, "
               f"embedder {embedder.name}).")


def _progress(kind: str, done: int) -> None:
    typer.echo(f"  {kind}: {done} re-embedded")
