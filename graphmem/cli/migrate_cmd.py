"""`graphmem migrate`: apply the schema (idempotent) to the configured database, then carry
data written by earlier versions over (one graph per owner; idempotent and resumable)."""

from __future__ import annotations

from typing import Annotated

import typer

from graphmem.adapters.embeddings import make_embedder
from graphmem.adapters.neo4j import schema
from graphmem.adapters.neo4j.driver import make_driver
from graphmem.adapters.neo4j.owner_migration import OwnerMigration
from graphmem.settings import Settings


def migrate(
    batch_size: Annotated[
        int, typer.Option(min=1, max=10_000, help="Rows per transaction when migrating data.")
    ] = 500,
) -> None:
    """Create missing constraints and indexes (vector indexes take the embedder's dimension),
    then migrate existing data to one graph per owner."""
    settings = Settings()
    dimension = make_embedder(settings.embedder).dimension
    driver = make_driver(settings.neo4j)
    try:
        for line in schema.migrate(driver, settings.neo4j.database, dimension):
            typer.echo(line)
        report = OwnerMigration(driver, settings.neo4j.database, batch_size)()
        for line in report.lines():
            typer.echo(line)
    finally:
        driver.close()
    typer.echo(f"Schema ready on {settings.neo4j.uri} (vector dimension {dimension}).")
