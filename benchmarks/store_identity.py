"""An embedder recorded under another identity, for speed comparisons only.

One store holds one embedder's vectors, and `Memory` refuses an embedder whose identity is not
the store's. A benchmark that compares the *speed* of two embedders (fp32 against int8 ONNX)
on one store wraps the other one in `StoreIdentity`: its vectors then sit beside the store's,
which is fine for timing adds and meaningless for recall, so no recall is read from such runs.
"""

from __future__ import annotations

from collections.abc import Sequence

import neo4j

from graphmem.adapters.neo4j import embedder_meta
from graphmem.ports.embedder import Embedder


class StoreIdentity:
    def __init__(self, inner: Embedder, name: str) -> None:
        self.inner, self.name, self.dimension = inner, name, inner.dimension

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        return self.inner.embed(texts)


def as_store_embedder(inner: Embedder, driver: neo4j.Driver, database: str) -> Embedder:
    """``inner`` under the identity the store records (``inner`` itself if none is recorded)."""
    stored = embedder_meta.read(driver, database).identity
    return inner if stored in (None, inner.name) else StoreIdentity(inner, stored)
