"""An embedder that remembers vectors, so no text is embedded twice.

Inside one add, the message texts embedded for context are the memory texts on the verbatim
and offline paths: the add shares one cache with the context step. An import embeds a whole
batch's texts in one call (``prefetch``) and each add of the batch then finds its vector here.
"""

from __future__ import annotations

from collections.abc import Sequence

from graphmem.ports.embedder import Embedder


class CachedEmbedder:
    def __init__(self, inner: Embedder, cache: dict[str, list[float]] | None = None) -> None:
        self._inner = inner
        self._cache = {} if cache is None else cache

    @property
    def dimension(self) -> int:
        return self._inner.dimension

    @property
    def name(self) -> str:
        return self._inner.name

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        missing = list(dict.fromkeys(t for t in texts if t not in self._cache))
        if missing:
            self._cache.update(zip(missing, self._inner.embed(missing), strict=True))
        return [self._cache[t] for t in texts]

    def prefetch(self, texts: Sequence[str]) -> None:
        """Embed a batch's texts in one call; forgets the vectors of earlier batches."""
        self._cache.clear()
        self.embed(texts)
