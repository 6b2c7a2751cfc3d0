"""A fresh Neo4j of a benchmark's own, under a temporary home, migrated for the configured
embedder (so a benchmark's counts and bytes are its own, not the dev server's)."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from graphmem import Settings
from graphmem.adapters.embeddings import make_embedder
from graphmem.adapters.neo4j import schema
from graphmem.adapters.neo4j.driver import make_driver
from graphmem.neo4j_server import LocalNeo4j


@contextmanager
def own_server(
    name: str, bolt_port: int, http_port: int, *, keep: bool = False
) -> Iterator[tuple[Settings, Path]]:
    """Yield settings pointing at a new, migrated server and its home; stop it on exit (every
    page is then on disk, for measuring) and delete its home unless ``keep`` (a benchmark that
    measures the files after the exit deletes it itself: `remove`)."""
    home = Path(tempfile.mkdtemp(prefix=f"graphmem-{name}-")) / "neo4j"
    base = Settings().neo4j.model_copy(
        update={
            "home": home,
            "bolt_port": bolt_port,
            "http_port": http_port,
            "heap_size": "1g",
            "pagecache_size": "512m",
        }
    )
    server = LocalNeo4j(base)
    server.start()
    settings = Settings().model_copy(
        update={"neo4j": base.model_copy(update={"uri": server.bolt_uri})}
    )
    try:
        embedder = make_embedder(settings.embedder)
        with make_driver(settings.neo4j) as driver:
            schema.migrate(driver, settings.neo4j.database, embedder.dimension, embedder.name)
        yield settings, home
    finally:
        server.stop()
        if not keep:
            remove(home)


def remove(home: Path) -> None:
    """Delete a stopped server's temporary home (several hundred MB each)."""
    shutil.rmtree(home.parent, ignore_errors=True)
