"""Which embedder wrote the store's vectors, kept on one ``(:GraphMemMeta {key: 'embedder'})``.

``migrate`` records the configured embedder's identity (``Embedder.name``) when none is
recorded; start-up (`verify`) refuses an embedder with another identity, as it refuses another
vector dimension; `graphmem migrate --reembed` (`graphmem.adapters.neo4j.reembed`) rewrites
every vector with the configured embedder and then records it.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import neo4j
from pydantic import BaseModel

from graphmem.adapters.neo4j.statements import Statements
from graphmem.errors import SchemaMismatchError


class EmbedderRecord(BaseModel):
    """What the store says about its vectors; ``target`` is set while a re-embedding runs."""

    identity: str | None
    target: str | None = None
    memory_after: str | None = None
    entity_after: str | None = None
    triplet_after: str | None = None


def run(
    driver: neo4j.Driver, database: str, name: str, action: str, write: bool = True, **params: Any
) -> list[neo4j.Record]:
    """Run the named statement (a write unless ``write=False``) through :class:`Statements`."""
    statements = Statements(driver, database)
    return (statements.write if write else statements.read)(name, action, **params)


def read(driver: neo4j.Driver, database: str) -> EmbedderRecord:
    [row] = run(driver, database, "embedder/get", "read the embedder record", write=False)
    return EmbedderRecord(**row.data())


def record(driver: neo4j.Driver, database: str, identity: str) -> list[str]:
    """Record ``identity`` unless one is recorded; return migrate's log lines."""
    before = read(driver, database).identity
    if before is not None:
        return [f" = embedder {before} (already recorded)"]
    [found] = run(driver, database, "embedder/has_vectors", "look for vectors", write=False)
    [row] = run(
        driver,
        database,
        "embedder/record",
        "record the embedder",
        identity=identity,
        now=datetime.now(UTC),
    )
    lines = [f" + embedder {row['identity']} recorded"]
    if found["found"] and row["identity"] == identity:
        lines.append(
            "   ! this store already held vectors written before graphmem recorded embedders; "
            "they are assumed to come from this embedder. If not, run `graphmem migrate --reembed`."
        )
    return lines


def verify(driver: neo4j.Driver, database: str, identity: str) -> None:
    """Fail fast unless the store's vectors were written by the embedder named ``identity``."""
    stored = read(driver, database)
    if stored.identity is None:
        raise SchemaMismatchError(
            "This store has no recorded embedder: run `graphmem migrate` against this database "
            f"first (it records the configured one, {identity})."
        )
    if stored.target is not None:
        raise SchemaMismatchError(
            f"A re-embedding of this store from {stored.identity} to {stored.target} is "
            "unfinished (its vectors are mixed): run `graphmem migrate --reembed` to finish it."
        )
    if stored.identity != identity:
        hint = setting_hint(stored.identity, identity)
        raise SchemaMismatchError(
            f"The store's vectors were written with embedder {stored.identity}, but the "
            f"configured embedder is {identity}; their vectors are not comparable. Configure "
            f"the store's embedder (GRAPHMEM_EMBEDDER__*{hint}), or re-embed the store with "
            "`graphmem migrate --reembed`."
        )


def setting_hint(stored: str, configured: str) -> str:
    """The one setting that configures the store's embedder, when only the ONNX variant differs
    (torch and fp32 ONNX share the plain identity; fp32 was the default before 2026-12-04)."""
    base, _, variant = stored.partition("+onnx-")
    if not base.startswith("sentence-transformers/") or base != configured.partition("+onnx-")[0]:
        return ""
    return f": GRAPHMEM_EMBEDDER__ONNX_VARIANT={variant or 'fp32'} for this one"
