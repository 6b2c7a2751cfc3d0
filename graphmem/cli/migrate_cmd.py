"""`graphmem migrate`: apply the schema (idempotent) to the configured database."""

from __future__ import annotations

import typer

from graphmem.adapters.embeddings import make_embedder
from graphmem.adapters.neo4j import schema
from graphmem.adapters.neo4j.driver import make_driver
from graphmem.settings import Settings


def migrate() -> None:
    """Create missing constraints and indexes; vector indexes take the embedder's dimension."""
    settings = Settings()
    dimension = make_embedder(settings.embedder).dimension
    driver = make_driver(settings.neo4j)
    try:
        for line in schema.migrate(driver, settings.neo4j.database, dimension):
            typer.echo(line)
    finally:
        driver.close()
    typer.echo(f"Schema ready on {settings.neo4j.uri} (vector dimension {dimension}).")
