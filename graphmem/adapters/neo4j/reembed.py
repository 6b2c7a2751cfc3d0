"""`graphmem migrate --reembed`: rewrite every stored vector with the configured embedder.

Memories (their text and context key, whose vector is made from its parts as an add makes it:
`domain.key_vectors`), entities (their name) and triplets (their fact) are
read in id order, embedded in batches, and written back together with a resume cursor in one
transaction per batch, so an interrupted run continues where it stopped. Until it finishes, the
store's embedder record names the target as unfinished and start-up refuses the store (its
vectors are mixed); the last step records the new embedder.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import neo4j
from pydantic import BaseModel

from graphmem.adapters.neo4j import embedder_meta
from graphmem.adapters.neo4j.embedder_meta import EmbedderRecord
from graphmem.adapters.neo4j.vector_codec import own_vector
from graphmem.domain.key_vectors import KeyVector, compose, key_parts, line
from graphmem.ports.embedder import Embedder

#: kind -> (read the next batch, write its vectors and the cursor)
STATEMENTS = {
    "memory": ("reembed/memory_batch", "reembed/memory_write"),
    "entity": ("reembed/entity_batch", "reembed/entity_write"),
    "triplet": ("reembed/triplet_batch", "reembed/triplet_write"),
}
Progress = Callable[[str, int], None]


class ReembedResult(BaseModel):
    previous: str | None
    identity: str
    written: dict[str, int]


def reembed(
    driver: neo4j.Driver,
    database: str,
    embedder: Embedder,
    batch_size: int = 256,
    progress: Progress | None = None,
    key_vector: KeyVector = "composed",
) -> ReembedResult:
    """Re-embed the whole store (or resume an unfinished run) with ``embedder``."""
    target = embedder.name
    embedder_meta.record(driver, database, target)  # a store without a record gets one
    state = embedder_meta.read(driver, database)
    embedder_meta.run(driver, database, "reembed/start", "start re-embedding", target=target)
    resumed = state if state.target == target else EmbedderRecord(identity=state.identity)
    written = {
        kind: _kind(
            driver,
            database,
            embedder,
            kind,
            _cursor(resumed, kind),
            batch_size,
            progress,
            key_vector,
        )
        for kind in STATEMENTS
    }
    embedder_meta.run(
        driver,
        database,
        "reembed/finish",
        "finish re-embedding",
        target=target,
        now=datetime.now(UTC),
    )
    return ReembedResult(previous=state.identity, identity=target, written=written)


def _cursor(state: EmbedderRecord, kind: str) -> str:
    return getattr(state, f"{kind}_after") or ""


def _kind(
    driver: neo4j.Driver,
    database: str,
    embedder: Embedder,
    kind: str,
    after: str,
    batch_size: int,
    progress: Progress | None,
    key_vector: KeyVector,
) -> int:
    read_batch, write_batch = STATEMENTS[kind]
    done = 0
    while True:
        rows = embedder_meta.run(
            driver,
            database,
            read_batch,
            f"read {kind} texts",
            after=after,
            limit=batch_size,
            write=False,
        )
        if not rows:
            return done
        after = rows[-1]["id"]
        embedder_meta.run(
            driver,
            database,
            write_batch,
            f"write {kind} vectors",
            rows=_vectors(embedder, rows, key_vector),
            after=after,
        )
        done += len(rows)
        if progress:
            progress(kind, done)


def _vectors(embedder: Embedder, rows: list[Any], key_vector: KeyVector) -> list[dict[str, Any]]:
    """One embedding call per batch: every row's text, plus the parts of the context keys
    (memories) that have one; a row without a key gets ``key_embedding`` null (its statement
    skips it). A memory's own text's vector goes where the writer puts it
    (`vector_codec.own_vector`)."""
    parts = [_parts(r, key_vector) for r in rows]
    texts = list(dict.fromkeys([r["text"] or "" for r in rows] + [p for ps in parts for p in ps]))
    vector_of = dict(zip(texts, embedder.embed(texts), strict=True))
    return [
        {
            "id": r["id"],
            **own_vector(vector_of[r["text"] or ""], keyed=bool(ps)),
            "key_embedding": compose(ps, [vector_of[p] for p in ps]) if ps else None,
        }
        for r, ps in zip(rows, parts, strict=True)
    ]


def _parts(row: Any, key_vector: KeyVector) -> list[str]:
    """The texts a memory row's key vector is made of; none without a key (entities and
    triplets have none)."""
    key_text = row.get("key_text")
    if not key_text:
        return []
    return key_parts(key_text, line(row.get("actor"), row["text"] or ""), key_vector)
